import { LitElement, html } from 'lit';
import { animateMachine } from '../../machines/animate/animate.machine.ts';
import { ANIMATION, CLASS_HELPERS } from '../../shared/constants/site.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { EnhanceController } from '../../shared/dom/enhance-controller.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { setAttribute, setStyle, toggleClass, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { onReducedMotionChange } from '../../shared/dom/reduced-motion-change.ts';
import { animationOffsetOf, colourFromClass, fontSizeFromClass, minimumHeightOf } from '../../shared/logic/class-helpers.ts';
import { animateLightStyles, animateStyles, ITEM_ATTRIBUTE, REVEALED_CLASS } from './animate.styles.ts';

/** Every element that may carry one of the theme's animation classes (read exactly by `animationOffsetOf`). */
const ANIMATED_CANDIDATES = `${Object.keys(ANIMATION.OFFSETS_PERCENT)
  .map((name) => `.${name}`)
  .join(', ')}, [class*='av-animated-when-visible-']`;
const HELPER_CANDIDATES = `[class*='${CLASS_HELPERS.COLOUR_PREFIX}'], [class*='${CLASS_HELPERS.FONT_SIZE_PREFIX}'], [class*='av-minimum-height-']`;

/**
 * Animated sections.
 * It enhances the theme's markup inside it:
 *
 * - Animated items (classes `avia_animate_when_visible`, `avia_animate_when_almost_visible`,
 *   `av-animated-generic`) reveal as they come into view: an IntersectionObserver (no scroll
 *   handler) sees an item reach its offset, its reveal triggers `ANIMATION.WAYPOINT_DELAY_MS` later
 *   and joins a queue whose items start `ANIMATION.STAGGER_MS` apart (at most `ANIMATION.QUEUE_CAP`
 *   counted, `ANIMATION.QUEUE_CAP_RAISED` after `ANIMATION.QUEUE_CAP_RAISE_AFTER_MS`), once each.
 *   Revealed, an item gets the theme's class `avia_start_animation`: it fades and rises into place
 *   (transform and opacity only). An item triggers when its top enters the window, at 80 % of the
 *   window's height for `avia_animate_when_almost_visible` and 95 % for `av-animated-generic`; a class
 *   `av-animated-when-visible-<n>` sets n % instead, but only when n is below `ANIMATION.OFFSET_LIMIT`.
 *   Items are hidden only once the element runs, so the page reads without JavaScript; with reduced
 *   motion they are never hidden or moved.
 * - Minimum-height presets: `av-minimum-height-25`, `-50`, `-75`, `-100` make a section at least that
 *   share of the window's height (`MIN_HEIGHT.PRESETS_PERCENT`; other numbers are ignored).
 * - Class-name helpers: `av-custom-color-<hex>` (3 or 6 hex digits) sets the text colour and
 *   `av-font-size-<number>-<unit>` (exactly two parts) the font size; malformed classes are ignored
 *   (`colourFromClass`, `fontSizeFromClass` in `kite-elements/logic`).
 *
 * Styles are written through the CSSOM (allowed under a strict CSP) and all given back when the
 * element leaves. Nothing of the page's text is read as HTML.
 *
 * @summary Animated sections: the theme's animated items revealed in view with a staggered queue; minimum-height presets; colour and font-size classes.
 *
 * @slot - The theme's sections and items.
 *
 * @event kite-animate-reveal - An item was revealed. `detail: { index }`, its place among the element's animated items in page order.
 *
 * @cssproperty --kite-animate-duration - How long an item's fade and rise take. Default `0.6s`.
 * @cssproperty --kite-animate-distance - How far below its place an item starts. Default `1.5rem`.
 */
export class KiteAnimate extends LitElement {
  static override styles = animateStyles;

  readonly #machine = new MachineController(this, {
    machine: animateMachine,
    surface: 'animate',
    input: () => ({ reducedMotion: prefersReducedMotion() }),
  });
  #items: HTMLElement[] = [];

  constructor() {
    super();
    // After the machine's controller: the machine runs before the markup is taken over.
    new EnhanceController(this, () => this.#enhance());
  }

  #enhance(): Undo {
    adoptStyles(this.getRootNode(), animateLightStyles, { document: true });
    const undos: Undo[] = [setAttribute(this, 'data-enhanced', ''), ...this.#applyClassHelpers()];
    this.#items = [...this.querySelectorAll<HTMLElement>(ANIMATED_CANDIDATES)].filter((item) => animationOffsetOf(item.classList) !== null);
    undos.push(...this.#items.map((item) => setAttribute(item, ITEM_ATTRIBUTE, '')));
    const reveal = this.#machine.actor.on('reveal', ({ index }) => {
      const item = this.#items[index];
      if (item) undos.push(toggleClass(item, REVEALED_CLASS, true));
    });
    undos.push(() => reveal.unsubscribe(), ...this.#watch(), onReducedMotionChange((reduced) => this.#machine.send({ type: 'MOTION.SET', reduced })));
    undos.push(() => (this.#items = []));
    return undoAll(undos);
  }

  /** One IntersectionObserver per offset: an item is seen once its top passes its share of the window's height, once. */
  #watch(): Undo[] {
    const byOffset = new Map<number, number[]>();
    this.#items.forEach((item, index) => {
      const offset = animationOffsetOf(item.classList)!;
      byOffset.set(offset, [...(byOffset.get(offset) ?? []), index]);
    });
    return [...byOffset].map(([offset, indexes]) => {
      const observer = new IntersectionObserver(
        (records) => {
          for (const record of records) {
            // Seen, or already scrolled past (a jump to an anchor below it): it counts as seen, once.
            if (!record.isIntersecting && record.boundingClientRect.top > (record.rootBounds?.bottom ?? innerHeight)) continue;
            observer.unobserve(record.target);
            this.#machine.send({ type: 'ITEM.SEEN', index: this.#items.indexOf(record.target as HTMLElement) });
          }
        },
        { rootMargin: `0px 0px -${ANIMATION.OFFSET_LIMIT - offset}% 0px` },
      );
      for (const index of indexes) observer.observe(this.#items[index]!);
      return () => observer.disconnect();
    });
  }

  /** Colour, font-size and minimum-height classes in the subtree, applied through the CSSOM. */
  #applyClassHelpers(): Undo[] {
    const undos: Undo[] = [];
    for (const element of this.querySelectorAll<HTMLElement>(HELPER_CANDIDATES)) {
      for (const name of element.classList) {
        const colour = colourFromClass(name);
        const fontSize = fontSizeFromClass(name);
        const minimumHeight = minimumHeightOf(name);
        if (colour) undos.push(setStyle(element, 'color', colour));
        if (fontSize) undos.push(setStyle(element, 'font-size', fontSize));
        if (minimumHeight !== null) undos.push(setStyle(element, 'min-height', `${minimumHeight}vh`));
      }
    }
    return undos;
  }

  override render() {
    return html`<slot></slot>`;
  }
}

defineElement('kite-animate', KiteAnimate);

declare global {
  interface HTMLElementTagNameMap {
    'kite-animate': KiteAnimate;
  }
}
