import { LitElement, css, html, unsafeCSS } from 'lit';
import { headerMachine, isQuietScroll, isTransparent, shrinkOf } from '../../machines/header/header.machine.ts';
import { HEADER } from '../../shared/constants/site.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { applyPageClasses } from '../../shared/dom/page-classes.ts';
import { watchScroll } from '../../shared/dom/scroll-position.ts';
import { enhanceAnchors } from '../../shared/dom/smooth-scroll.ts';

/** Classes the theme's CSS is written for (spec 001, section 4 "Header"). */
const SCROLLED_CLASS = 'header-scrolled';
const SCROLLED_FULL_CLASS = 'header-scrolled-full';
const TRANSPARENCY_CLASS = 'av_header_transparency';
/** The class names in the stylesheet: our own constants, never page input. */
const scrolled = unsafeCSS(SCROLLED_CLASS);
const transparency = unsafeCSS(TRANSPARENCY_CLASS);

/**
 * The page's sticky, shrinking, transparent header. Put
 * the site's header markup (logo, navigation) inside: without JavaScript it is a plain header.
 *
 * Behaviour: the header stays at the top of the window. At scroll position 0 it has its full
 * height; scrolled beyond the shrink threshold (half its height, or `shrink-factor` percent of it)
 * it gets the class `header-scrolled` (also on `<html>`) and shrinks; beyond its full height plus
 * `HEADER.SCROLLED_FULL_EXTRA_PX` it gets `header-scrolled-full`. A `transparent` header has the
 * class `av_header_transparency` and a see-through background until scrolled more than
 * `HEADER.TRANSPARENCY_CUTOFF_PX`; it lies over the top of the page. Any other header's full
 * height stays reserved in the page, so nothing below
 * moves when it shrinks; heights are measured with a ResizeObserver, never in the scroll path.
 * The page's CSS should give `kite-header:not(:defined)` the bar's full padding, so the header is
 * as tall before its code loads as after (no shift when it upgrades).
 * In-page anchors anywhere on the page scroll smoothly and stop below the header (see
 * shared/dom/smooth-scroll.ts). With `prefers-reduced-motion: reduce` it shrinks without a transition.
 *
 * @summary Sticky, shrinking and transparent page header.
 *
 * @slot - The header's content: logo, navigation, search.
 *
 * @attr {number} shrink-factor - Shrink threshold as a percentage of the full height. Default `HEADER.SHRINK_FACTOR_DEFAULT_PERCENT` (50).
 * @attr {boolean} transparent - Transparent over the page's top until scrolled past the cut-off.
 *
 * @event kite-header-change - The shrink state changed. `detail: { shrink: 'top' | 'scrolled' | 'scrolled-full', transparent }`.
 *
 * @csspart bar - The fixed bar holding the content; `data-shrink` is `top`, `scrolled` or `scrolled-full`.
 *
 * @cssproperty --kite-header-background - Background of the bar. Default `Canvas`.
 * @cssproperty --kite-header-color - Text colour of the bar. Default `CanvasText`.
 * @cssproperty --kite-header-padding - Block padding at full height. Default `1.25rem`.
 * @cssproperty --kite-header-scrolled-padding - Block padding once scrolled. Default `0.5rem`.
 * @cssproperty --kite-header-shadow - Shadow once scrolled. Default a thin grey shadow.
 * @cssproperty --kite-header-duration - Duration of the shrink. Default `0.2s`.
 * @cssproperty --kite-header-z-index - Stacking order of the bar. Default `100`.
 */
export class KiteHeader extends LitElement {
  static override properties = {
    shrinkFactor: { type: Number, attribute: 'shrink-factor' },
    transparent: { type: Boolean },
  };

  static override styles = css`
    :host {
      --kite-header-background: Canvas;
      --kite-header-color: CanvasText;
      --kite-header-padding: 1.25rem;
      --kite-header-scrolled-padding: 0.5rem;
      --kite-header-shadow: 0 1px 4px rgb(0 0 0 / 0.15);
      --kite-header-duration: 0.2s;
      --kite-header-z-index: 100;
      display: block;
      /* The full height stays reserved: the page does not move when the bar shrinks. */
      block-size: var(--kite-header-full-height, auto);
    }
    /* A transparent header lies over the top of the page (its hero), as themes design it. */
    :host([transparent]) {
      block-size: 0;
    }
    [part='bar'] {
      position: fixed;
      inset-block-start: 0;
      inset-inline: 0;
      z-index: var(--kite-header-z-index);
      box-sizing: border-box;
      padding-block: var(--kite-header-padding);
      background: var(--kite-header-background);
      color: var(--kite-header-color);
      transition:
        padding-block var(--kite-header-duration) ease-out,
        background-color var(--kite-header-duration),
        box-shadow var(--kite-header-duration);
    }
    :host(.${scrolled}) [part='bar'] {
      padding-block: var(--kite-header-scrolled-padding);
      box-shadow: var(--kite-header-shadow);
    }
    :host(.${transparency}) [part='bar'] {
      background: transparent;
      box-shadow: none;
    }
    @media (prefers-reduced-motion: reduce) {
      [part='bar'] {
        transition: none;
      }
    }
  `;

  /** Shrink threshold as a percentage of the full height (reflects `shrink-factor`). */
  declare shrinkFactor: number | undefined;
  /** Transparent at the top of the page (reflects `transparent`). */
  declare transparent: boolean;

  /** The bar's height as last measured, and the full height reserved for it. */
  #barHeight = 0;
  #fullHeight = 0;
  #shrinking = false;
  /** The header's height as the page laid it out before this code ran, if it was upgraded in place. */
  #heightBeforeUpgrade: number | undefined;
  #stop: Array<() => void> = [];

  readonly machine = new MachineController(this, {
    machine: headerMachine,
    surface: 'header',
    input: () => ({ height: this.#fullHeight, shrinkFactor: this.#shrinkFactor(), transparent: this.transparent }),
  });

  constructor() {
    super();
    this.transparent = false;
    // Upgrading a header already in the page: `kite-header:not(:defined)` (the bar's padding, in the
    // page's CSS) still applies while the constructor runs, and no longer in connectedCallback.
    if (this.isConnected) this.#heightBeforeUpgrade = this.getBoundingClientRect().height;
  }

  /**
   * The bar's height as its ResizeObserver measured it last, in pixels: what in-page anchors and
   * `kite-toc` stop below (`stickyHeaderHeight`). Reading it costs no layout.
   */
  get barHeight(): number {
    return this.#barHeight;
  }

  #shrinkFactor(): number {
    const factor = this.shrinkFactor;
    return typeof factor === 'number' && Number.isFinite(factor) && factor > 0 ? factor : HEADER.SHRINK_FACTOR_DEFAULT_PERCENT;
  }

  override connectedCallback(): void {
    applyPageClasses();
    // Read once before the bar is taken out of the flow: the height the header has in the page now.
    this.#fullHeight = this.#barHeight = this.#heightBeforeUpgrade ?? this.getBoundingClientRect().height;
    this.#heightBeforeUpgrade = undefined;
    this.#reserve();
    super.connectedCallback();
    // The page's class follows the machine's changes, not each render: an update lit runs after
    // disconnection must not put it back.
    const changes = this.machine.actor.on('change', ({ shrink }) => document.documentElement.classList.toggle(SCROLLED_CLASS, shrink !== 'top'));
    this.#stop.push(() => changes.unsubscribe(), watchScroll((y) => this.#scrolled(y)), enhanceAnchors());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const stop of this.#stop.splice(0)) stop();
    document.documentElement.classList.remove(SCROLLED_CLASS);
  }

  /** Only a scroll that crosses one of the machine's thresholds reaches it: most scrolls cost a comparison. */
  #scrolled(y: number): void {
    if (!isQuietScroll(this.machine.snapshot, y)) this.machine.send({ type: 'SCROLL', y });
  }

  #reserve(): void {
    this.style.setProperty('--kite-header-full-height', `${this.#fullHeight}px`);
  }

  protected override firstUpdated(): void {
    const bar = this.renderRoot.querySelector<HTMLElement>('[part="bar"]')!;
    // The theme may animate the shrink: heights seen mid-transition are not the full height.
    const shrinking = (running: boolean) => (event: TransitionEvent) => {
      if (event.target === bar) this.#shrinking = running;
    };
    bar.addEventListener('transitionrun', shrinking(true));
    bar.addEventListener('transitionend', shrinking(false));
    bar.addEventListener('transitioncancel', shrinking(false));
    const observer = new ResizeObserver(([entry]) => {
      this.#barHeight = entry!.borderBoxSize[0]!.blockSize;
      if (this.#shrinking || shrinkOf(this.machine.snapshot) !== 'top' || this.#barHeight === this.#fullHeight) return;
      this.#fullHeight = this.#barHeight;
      this.#reserve();
      this.machine.send({ type: 'RESIZE', height: this.#fullHeight });
      this.#scrolled(scrollY);
    });
    observer.observe(bar);
    this.#stop.push(() => observer.disconnect());
  }

  protected override updated(): void {
    const snapshot = this.machine.snapshot;
    const shrink = shrinkOf(snapshot);
    this.classList.toggle(SCROLLED_CLASS, shrink !== 'top');
    this.classList.toggle(SCROLLED_FULL_CLASS, shrink === 'scrolled-full');
    this.classList.toggle(TRANSPARENCY_CLASS, isTransparent(snapshot));
  }

  override render() {
    return html`<div part="bar" data-shrink=${shrinkOf(this.machine.snapshot)}><slot></slot></div>`;
  }
}

// The tag as a literal: the manifest analyzer reads it from this call.
defineElement('kite-header', KiteHeader);

declare global {
  interface HTMLElementTagNameMap {
    'kite-header': KiteHeader;
  }
}
