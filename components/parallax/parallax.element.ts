import { LitElement, html } from 'lit';
import { parallaxMachine } from '../../machines/parallax/parallax.machine.ts';
import { PARALLAX } from '../../shared/constants/site.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { BreakpointController } from '../../shared/dom/breakpoints.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { listen, setStyle, toggleClass, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { applyPageClasses } from '../../shared/dom/page-classes.ts';
import { onReducedMotionChange } from '../../shared/dom/reduced-motion-change.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { parallaxSettings, parallaxShift, type ParallaxGeometry, type ParallaxSettings } from '../../shared/logic/parallax.ts';
import type { Breakpoint } from '../../shared/logic/page-classes.ts';
import { parallaxLightStyles, parallaxStyles } from './parallax.styles.ts';

/** The page class the theme gives mobile devices (shared/logic/page-classes.ts). */
const MOBILE_CLASS = 'avia_mobile';
const BREAKPOINT_NAMES: Breakpoint[] = ['mini', 'small', 'medium', 'desktop'];

/**
 * Parallax backgrounds. It enhances a
 * section of the theme's markup whose background layers have the class `av-parallax` (placed
 * absolutely by the theme, in a section that clips them); without JavaScript the layers are still.
 *
 * `PARALLAX.ENABLE_DELAY_MS` after it starts, on a non-mobile device only (the page is not tagged
 * `avia_mobile`), each layer gets the class `enabled-parallax` and moves as the page scrolls:
 * `bottom_top` (default) slower than the page, `left_right` / `right_left` sideways, at `speed`
 * (default `PARALLAX.DEFAULT_SPEED`) pixels per pixel scrolled, never beyond
 * `PARALLAX.OFFSET_FACTOR` of the viewport. Each breakpoint (`mini`, `small`, `medium`, `desktop`,
 * as `BREAKPOINTS` names them) may set its own direction and speed. Only the layers' `transform` changes (a
 * `translate3d`, composited); the section is measured once per resize and the scroll read once
 * per frame. With `prefers-reduced-motion: reduce`, and as soon as the visitor switches it on,
 * the layers stay still. Decoration only: nothing to announce or focus.
 *
 * @summary Parallax background layers that move as the page scrolls, on desktop devices.
 *
 * @slot - The theme's section with its `.av-parallax` layers and its content.
 *
 * @attr {string} direction - `bottom_top` (default), `left_right`, `right_left` or `no_parallax`.
 * @attr {number} speed - Share of the scroll the layers move by. Default `PARALLAX.DEFAULT_SPEED`; the theme's `data-avia-parallax-ratio` on a layer is read when absent.
 * @attr {string} mini-direction - Direction at the `mini` breakpoint (`inherit`: the general one). Likewise `small-direction`, `medium-direction`, `desktop-direction`.
 * @attr {number} mini-speed - Speed at the `mini` breakpoint. Likewise `small-speed`, `medium-speed`, `desktop-speed`.
 *
 * @cssproperty --kite-parallax-offset-block - How far an up-and-down layer reaches beyond the section. Default `OFFSET_FACTOR` of the viewport height.
 * @cssproperty --kite-parallax-offset-inline - How far a sideways layer reaches beyond the section. Default `OFFSET_FACTOR` of the viewport width.
 */
export class KiteParallax extends LitElement {
  static override styles = parallaxStyles;
  static override properties = {
    direction: { type: String, reflect: true },
    speed: { type: String },
  };

  /** General direction (reflects `direction`; the element also writes the current one there as `data-direction`). */
  declare direction: string | undefined;
  /** General speed (reflects `speed`). */
  declare speed: string | undefined;

  readonly #breakpoint = new BreakpointController(this);
  readonly #machine = new MachineController(this, {
    machine: parallaxMachine,
    surface: 'parallax',
    input: () => {
      applyPageClasses();
      return { mobile: document.documentElement.classList.contains(MOBILE_CLASS), reducedMotion: prefersReducedMotion() };
    },
  });
  #stopMotionWatch: Undo = () => {};
  /** Undoes what enabling wrote (classes, transforms, listeners); empty while not enabled. */
  #disable: Undo | null = null;
  #geometry: Omit<ParallaxGeometry, 'scrollY'> | null = null;
  /** Direction and speed, read with the measure (once per resize or breakpoint), not per frame. */
  #current: ParallaxSettings | null = null;
  /** The layers, read when enabled. */
  #moving: HTMLElement[] = [];
  #frame = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    adoptStyles(this.getRootNode(), parallaxLightStyles, { document: true });
    this.#stopMotionWatch = onReducedMotionChange((reduced) => this.#machine.send({ type: 'MOTION.SET', reduced }));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopMotionWatch();
    this.#turnOff();
  }

  #layers(): HTMLElement[] {
    return [...this.querySelectorAll<HTMLElement>(`.${PARALLAX.LAYER_CLASS}`)];
  }

  /** Direction and speed at the current breakpoint. */
  #settings() {
    const breakpoints = Object.fromEntries(
      BREAKPOINT_NAMES.map((name) => [name, { direction: this.getAttribute(`${name}-direction`), speed: this.getAttribute(`${name}-speed`) }]),
    );
    const speed = this.speed ?? this.#layers()[0]?.dataset.aviaParallaxRatio ?? null;
    return parallaxSettings({ direction: this.direction, speed, breakpoints }, this.#breakpoint.breakpoint);
  }

  #measure = () => {
    const rect = this.getBoundingClientRect();
    this.#geometry = { top: rect.top + scrollY, height: rect.height, viewportWidth: innerWidth, viewportHeight: innerHeight };
    this.#current = this.#settings();
    this.#schedule();
  };

  #schedule = () => {
    if (!this.#frame) this.#frame = requestAnimationFrame(this.#move);
  };

  /** One frame: the scroll read once, each layer's transform written. */
  #move = () => {
    this.#frame = 0;
    if (!this.#geometry || !this.#current) return;
    const { x, y } = parallaxShift(this.#current, { ...this.#geometry, scrollY });
    const transform = `translate3d(${x}px, ${y}px, 0)`;
    for (const layer of this.#moving) if (layer.style.transform !== transform) layer.style.setProperty('transform', transform);
  };

  #turnOn(): void {
    const undos: Undo[] = [];
    this.#moving = this.#layers();
    for (const layer of this.#moving) {
      undos.push(toggleClass(layer, PARALLAX.ENABLED_CLASS, true), setStyle(layer, 'transform', layer.style.transform));
    }
    const resize = new ResizeObserver(this.#measure);
    resize.observe(this);
    undos.push(
      listen(window, 'scroll', this.#schedule, { passive: true }),
      listen(window, 'resize', this.#measure, { passive: true }),
      () => resize.disconnect(),
      () => cancelAnimationFrame(this.#frame),
      () => (this.#frame = 0),
      () => (this.#geometry = null),
      () => (this.#moving = []),
    );
    this.#disable = undoAll(undos);
    this.#measure();
  }

  #turnOff(): void {
    this.#disable?.();
    this.#disable = null;
  }

  override updated(): void {
    const enabled = this.#machine.snapshot.matches('enabled');
    if (enabled && !this.#disable) this.#turnOn();
    else if (!enabled && this.#disable) this.#turnOff();
    else if (enabled) this.#measure(); // a new breakpoint or attribute: its direction and speed
    const direction = this.#settings().direction;
    if (this.dataset.direction !== direction) this.dataset.direction = direction;
  }

  override render() {
    return html`<slot></slot>`;
  }
}

defineElement('kite-parallax', KiteParallax);

declare global {
  interface HTMLElementTagNameMap {
    'kite-parallax': KiteParallax;
  }
}
