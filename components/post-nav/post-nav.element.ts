import { LitElement, css, html } from 'lit';
import { swipeMachine } from '../../machines/swipe/swipe.machine.ts';
import type { SwipeDirection } from '../../machines/swipe/swipe.types.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { applyPageClasses } from '../../shared/dom/page-classes.ts';

/** The theme's previous / next post links inside the element. */
const PREVIOUS_LINK = 'a[rel~="prev"], a.prev';
const NEXT_LINK = 'a[rel~="next"], a.next';

/**
 * Which link a swipe follows. In a left-to-right page the next post lies to the right, so a swipe
 * to the left (the finger pulls the next page in, as in the lightbox) goes to the next post. A
 * right-to-left page reads the other way: there a swipe to the right goes to the next post.
 */
const linkFor = (direction: SwipeDirection, rightToLeft: boolean): string => ((direction === 'left') !== rightToLeft ? NEXT_LINK : PREVIOUS_LINK);

/**
 * Previous / next post navigation with optional swipe. Put the theme's previous and next post links inside (`rel="prev"` /
 * `rel="next"`, or the classes `prev` / `next`): without JavaScript, and by mouse and keyboard,
 * they are plain links.
 *
 * Behaviour: with `swipe`, a touch anywhere on the page that travels at least
 * `SWIPE.MIN_HORIZONTAL_PX` sideways, and more sideways than up or down, follows one of the links:
 * a swipe to the left the next post, to the right the previous one; on a right-to-left page (Hebrew)
 * the other way round, following the reading direction. After a swipe, swipes are ignored for
 * `SWIPE.LOCK_MS`. The touch listeners are passive: vertical scrolling is never held up or prevented.
 *
 * @summary Previous / next post links, with swipe navigation on touch screens.
 *
 * @slot - The theme's previous and next post links.
 *
 * @attr {boolean} swipe - Swiping left or right goes to the next or previous post.
 *
 * @event kite-post-nav-swipe - A swipe was recognised, just before its link is followed. `detail: { direction: 'left' | 'right' }`.
 *
 * @csspart base - The wrapper around the links.
 */
export class KitePostNav extends LitElement {
  static override properties = { swipe: { type: Boolean } };

  static override styles = css`
    :host {
      display: block;
    }
  `;

  /** Swipe navigation is on (reflects `swipe`). */
  declare swipe: boolean;

  readonly machine = new MachineController(this, { machine: swipeMachine, surface: 'post-nav' });
  #stop: Array<() => void> = [];

  constructor() {
    super();
    this.swipe = false;
  }

  override connectedCallback(): void {
    applyPageClasses();
    super.connectedCallback();
    let start: Touch | null = null;
    const onStart = (event: TouchEvent) => {
      start = event.touches.length === 1 ? event.touches[0]! : null;
    };
    const onEnd = (event: TouchEvent) => {
      const end = start && [...event.changedTouches].find((touch) => touch.identifier === start!.identifier);
      if (this.swipe && start && end) this.machine.send({ type: 'SWIPE', dx: end.clientX - start.clientX, dy: end.clientY - start.clientY });
      start = null;
    };
    const onCancel = () => (start = null);
    document.addEventListener('touchstart', onStart, { passive: true });
    document.addEventListener('touchend', onEnd, { passive: true });
    document.addEventListener('touchcancel', onCancel, { passive: true });
    const swiped = this.machine.actor.on('swipe', ({ direction }) => {
      this.querySelector<HTMLAnchorElement>(linkFor(direction, this.matches(':dir(rtl)')))?.click();
    });
    this.#stop.push(
      () => document.removeEventListener('touchstart', onStart),
      () => document.removeEventListener('touchend', onEnd),
      () => document.removeEventListener('touchcancel', onCancel),
      () => swiped.unsubscribe(),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const stop of this.#stop.splice(0)) stop();
  }

  override render() {
    return html`<div part="base"><slot></slot></div>`;
  }
}

defineElement('kite-post-nav', KitePostNav);

declare global {
  interface HTMLElementTagNameMap {
    'kite-post-nav': KitePostNav;
  }
}
