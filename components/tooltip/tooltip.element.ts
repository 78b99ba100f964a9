import { LitElement, html } from 'lit';
import { isTooltipVisible, tooltipMachine } from '../../machines/tooltip/tooltip.machine.ts';
import { TOOLTIP } from '../../shared/constants/site.ts';
import { EnhanceController } from '../../shared/dom/enhance-controller.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { ensureId, listen, setAttribute, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { onReducedMotionChange } from '../../shared/dom/reduced-motion-change.ts';
import { tooltipStyles } from './tooltip.styles.ts';

/** The slot of the tooltip's text. */
const TOOLTIP_SLOT = 'tooltip';

/** Where the tooltip goes: above the trigger, or below it when there is no room above; always inside the window. */
export function placeTooltip(trigger: DOMRect, box: { width: number; height: number }, viewport: { width: number; height: number }) {
  const gap = TOOLTIP.GAP_PX;
  const above = trigger.top - gap - box.height;
  const placement = above >= gap ? ('top' as const) : ('bottom' as const);
  const top = placement === 'top' ? above : Math.min(trigger.bottom + gap, Math.max(gap, viewport.height - box.height - gap));
  const centred = trigger.left + trigger.width / 2 - box.width / 2;
  const left = Math.min(Math.max(centred, gap), Math.max(gap, viewport.width - box.width - gap));
  return { placement, top, left };
}

/**
 * A tooltip on a term or a control, following the
 * WAI-ARIA Tooltip pattern and WCAG 1.4.13 (hoverable, dismissible, persistent).
 *
 * Markup: the trigger (the element's first child without a slot, or the element `for` names) and
 * the tooltip's text in `slot="tooltip"`. Without JavaScript the text reads inline after the
 * trigger (write it so it reads well there, for example in parentheses after the term). Once running,
 * the text gets `role="tooltip"` and the trigger `aria-describedby` pointing at it (and
 * `tabindex="0"` if it could not take focus), so a screen reader reads it as the trigger's description.
 *
 * A pointer resting on the trigger shows the tooltip after `TOOLTIP.DELAY_MS`; keyboard focus on the
 * trigger shows it at once (our choice, as the APG recommends: a keyboard user does not wait for a
 * hover delay). Leaving trigger and tooltip hides it `TOOLTIP.HIDE_DELAY_MS` later, so the pointer
 * can move onto the tooltip, which keeps it open; focus leaving hides it. Escape hides it without
 * moving focus. It fades in and out over `TOOLTIP.ANIMATION_MS` (at once with reduced motion). It
 * stands above the trigger, or below it when there is no room above, kept inside the window, in the
 * top layer (so no `overflow: hidden` of the page clips it).
 *
 * @summary Tooltip on hover (after a delay) and keyboard focus; Esc dismisses; WAI-ARIA tooltip.
 *
 * @slot - The trigger: a term (`<abbr>`, `<dfn>`, a `<span>`) or a control.
 * @slot tooltip - The tooltip's text (plain text or inline markup written by the page).
 *
 * @attr {string} for - Id of the trigger, when it is not the element's own child.
 *
 * @event kite-tooltip-show - The tooltip started to appear. `detail: {}`.
 * @event kite-tooltip-hide - The tooltip started to go. `detail: {}`.
 *
 * @csspart tooltip - The tooltip's box; `data-state` is `hidden`, `showing`, `shown`, `leaving` or `hiding`, `data-placement` `top` or `bottom`.
 *
 * @cssproperty --kite-tooltip-background - Background of the box. Default `rgb(20 20 28)`.
 * @cssproperty --kite-tooltip-color - Text colour of the box. Default `#fff`.
 * @cssproperty --kite-tooltip-radius - Corner radius of the box. Default `4px`.
 * @cssproperty --kite-tooltip-padding - Padding of the box. Default `0.4em 0.65em`.
 * @cssproperty --kite-tooltip-max-width - Widest the box gets (never wider than the window). Default `18rem`.
 * @cssproperty --kite-tooltip-animation - How long the fade takes. Default `TOOLTIP.ANIMATION_MS`.
 */
export class KiteTooltip extends LitElement {
  static override styles = tooltipStyles;
  static override properties = {
    for: { type: String },
  };

  /** Id of the trigger elsewhere in the page (reflects `for`). */
  declare for: string | undefined;

  readonly #machine = new MachineController(this, {
    machine: tooltipMachine,
    surface: 'tooltip',
    input: () => ({ reducedMotion: prefersReducedMotion() }),
  });
  #stopFollowing: Undo | null = null;

  constructor() {
    super();
    // After the machine's controller: the machine runs before the markup is taken over.
    new EnhanceController(this, () => this.#enhance());
  }

  /** The trigger: the element `for` names in the same document or shadow root, else the first child without a slot. */
  #trigger(): HTMLElement | null {
    if (this.for) return (this.getRootNode() as Document | ShadowRoot).getElementById(this.for);
    return this.querySelector<HTMLElement>(':scope > :not([slot])');
  }

  #text(): HTMLElement | null {
    return this.querySelector<HTMLElement>(`:scope > [slot='${TOOLTIP_SLOT}']`);
  }

  #enhance(): Undo {
    const trigger = this.#trigger();
    const text = this.#text();
    if (!trigger || !text) return () => {};
    const undos: Undo[] = [ensureId(text, 'kite-tooltip'), setAttribute(text, 'role', 'tooltip')];
    const describedBy = new Set((trigger.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)).add(text.id);
    undos.push(setAttribute(trigger, 'aria-describedby', [...describedBy].join(' ')));
    // The APG's trigger takes focus; a term (`<abbr>`, `<span>`) cannot without it.
    if (trigger.tabIndex < 0 && !trigger.hasAttribute('tabindex')) undos.push(setAttribute(trigger, 'tabindex', '0'));
    const send = this.#machine.send.bind(this.#machine);
    undos.push(
      listen(trigger, 'pointerenter', this.#onPointer),
      listen(trigger, 'pointerleave', this.#onPointer),
      // Keyboard focus only: a click focuses the trigger too, and the pointer's own delay applies then.
      listen(trigger, 'focusin', () => trigger.matches(':focus-visible') && send({ type: 'FOCUS.IN' })),
      listen(trigger, 'focusout', () => send({ type: 'FOCUS.OUT' })),
      // A tap has no hover: it shows the tooltip at once, and focus going elsewhere (a tap elsewhere) hides it.
      listen(trigger, 'pointerup', (event) => event.pointerType === 'touch' && send({ type: 'FOCUS.IN' })),
      listen(document, 'keydown', (event) => {
        if ((event as KeyboardEvent).key !== 'Escape' || !isTooltipVisible(this.#machine.snapshot)) return;
        // Used here: an open pop-up over the page leaves this Escape alone.
        event.preventDefault();
        send({ type: 'DISMISS' });
      }),
      onReducedMotionChange((reduced) => send({ type: 'MOTION.SET', reduced })),
      () => this.#unfollow(),
    );
    return undoAll(undos);
  }

  /** A pointer over the trigger or the box; a touch's pointer events come with its tap, so hover is a mouse's or a pen's. */
  #onPointer = (event: PointerEvent) => {
    if (event.pointerType === 'touch') return;
    this.#machine.send({ type: event.type === 'pointerenter' ? 'POINTER.ENTER' : 'POINTER.LEAVE' });
  };

  /** Places the box by the trigger, and keeps it there while the page scrolls or resizes under it. */
  #follow(box: HTMLElement): void {
    const place = () => {
      const trigger = this.#trigger();
      if (!trigger) return;
      const { placement, top, left } = placeTooltip(trigger.getBoundingClientRect(), box.getBoundingClientRect(), { width: innerWidth, height: innerHeight });
      box.dataset.placement = placement;
      // CSSOM writes: allowed under a strict CSP, unlike a style attribute.
      box.style.setProperty('top', `${top}px`);
      box.style.setProperty('left', `${left}px`);
    };
    place();
    if (this.#stopFollowing) return;
    const stops = [listen(window, 'scroll', place, { passive: true, capture: true }), listen(window, 'resize', place, { passive: true })];
    this.#stopFollowing = undoAll(stops);
  }

  protected override updated(): void {
    const box = this.shadowRoot?.querySelector<HTMLElement>('[part~="tooltip"]');
    if (!box?.isConnected || !this.isConnected) return;
    const state = this.#stateName();
    const open = state !== 'hidden';
    // The top layer: no ancestor's overflow or stacking context hides the box (where the browser has popovers).
    if (typeof box.showPopover === 'function') {
      if (open && !box.matches(':popover-open')) box.showPopover();
      if (!open && box.matches(':popover-open')) box.hidePopover();
    }
    if (open) this.#follow(box);
    else this.#unfollow();
  }

  #unfollow(): void {
    this.#stopFollowing?.();
    this.#stopFollowing = null;
  }

  /** The machine's state as one word: `hidden`, `waiting` (still hidden), `showing`, `shown`, `leaving` or `hiding`. */
  #stateName(): 'hidden' | 'showing' | 'shown' | 'leaving' | 'hiding' {
    const snapshot = this.#machine.snapshot;
    if (snapshot.matches('hiding')) return 'hiding';
    if (snapshot.matches({ visible: 'showing' })) return 'showing';
    if (snapshot.matches({ visible: 'shown' })) return 'shown';
    if (snapshot.matches({ visible: 'leaving' })) return 'leaving';
    return 'hidden';
  }

  override render() {
    return html`<slot></slot><div part="tooltip" popover="manual" data-state=${this.#stateName()} @pointerenter=${this.#onPointer} @pointerleave=${this.#onPointer}><slot name=${TOOLTIP_SLOT}></slot></div>`;
  }
}

defineElement('kite-tooltip', KiteTooltip);

declare global {
  interface HTMLElementTagNameMap {
    'kite-tooltip': KiteTooltip;
  }
}
