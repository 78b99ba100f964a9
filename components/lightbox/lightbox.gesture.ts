import type { LightboxEvent } from '../../machines/lightbox/lightbox.types.ts';

/**
 * The input bridge (pure, no DOM): turns a key or a press on the dialog into what it means. Keys:
 * Esc closes, the arrow keys page. A finished
 * touch or pen press becomes a `SWIPE` in reading direction (the machine decides, with
 * `isSwipe` of shared/logic/swipe.ts, whether it is one); a click that began and ended on the
 * background closes; a click on the image shows the next one. Targets are read by shape, so a
 * plain object stands for an element in a test.
 */

/**
 * Farthest a press may move and still be a click (ours, not the spec's): a longer drag, a swipe
 * or a text selection, ends with a click event too, which must not close the lightbox or page on.
 */
export const TAP_TOLERANCE_PX = 10;

/** What the bridge reads of an event's target. */
export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  hasAttribute?(name: string): boolean;
  getAttribute?(name: string): string | null;
}

/** What the bridge reads of a pointer event. */
export interface PointerLike {
  isPrimary: boolean;
  clientX: number;
  clientY: number;
  pointerType: string;
  target: unknown;
}

/** An event's target as the bridges read it (a plain object in a test; `{}` for none). */
export const asTarget = (target: unknown): TargetLike => (typeof target === 'object' && target !== null ? (target as TargetLike) : {});

/** A click on this element is a click on the background (the dialog's own box or the stage around the item). */
export const isBackground = (target: unknown): boolean => asTarget(target).hasAttribute?.('data-background') === true;

/** The big image itself (not the placeholder standing in for it). */
const isItemImage = (target: unknown): boolean => {
  const element = asTarget(target);
  return element.tagName === 'IMG' && element.getAttribute?.('part') === 'image';
};

/** Where the current press began, and how far it has moved when it ended. */
interface Press {
  x: number;
  y: number;
  background: boolean;
  moved: number;
}

/** One dialog's presses, from `down` to `click`. */
export class PressTracker {
  #press: Press | null = null;

  down(event: PointerLike): void {
    if (!event.isPrimary) return;
    this.#press = { x: event.clientX, y: event.clientY, background: isBackground(event.target), moved: 0 };
  }

  /** The press ended: its `SWIPE` (touch and pen only: a mouse drag selects text), or null. */
  up(event: PointerLike, rtl: boolean): LightboxEvent | null {
    const start = this.#press;
    if (!start || !event.isPrimary) return null;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    start.moved = Math.hypot(dx, dy);
    // In reading direction: right-to-left pages mirror it.
    return event.pointerType === 'mouse' ? null : { type: 'SWIPE', dx: rtl ? -dx : dx, dy };
  }

  cancel(): void {
    this.#press = null;
  }

  /** The click that ends the press: a background close, the next image (in a gallery of `several`), or null. */
  click(target: unknown, several: boolean): LightboxEvent | null {
    const start = this.#press;
    this.#press = null;
    // A drag or a swipe ends with a click too; it is no click.
    if (start && start.moved > TAP_TOLERANCE_PX) return null;
    // Only a press that began and ended on the background: a text selection dragged out of the
    // content ends with a click on the background too.
    if (start?.background && isBackground(target)) return { type: 'CLOSE', trigger: 'background' };
    // Magnific Popup's navigateByImgClick: a click on the image shows the next one.
    return several && isItemImage(target) ? { type: 'NAV.NEXT' } : null;
  }
}

/** What the connect reads of a key press. */
export interface KeyLike {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  target: unknown;
  preventDefault(): void;
}

/** Text the visitor types in (inline content's form): its arrow keys move the caret, not the gallery. */
const isEditable = (target: unknown): boolean => {
  const element = asTarget(target);
  return element.isContentEditable === true || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName ?? '');
};

/**
 * The event a key means in the open dialog, or null: Esc closes; the arrow keys page in reading
 * direction (mirrored on right-to-left pages), unmodified and outside editable text.
 */
export function eventForKey(key: KeyLike, rtl: boolean): LightboxEvent | null {
  if (key.key === 'Escape') return { type: 'CLOSE', trigger: 'escape' };
  if (key.altKey || key.ctrlKey || key.metaKey || key.shiftKey || isEditable(key.target)) return null;
  if (key.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) return { type: 'NAV.NEXT' };
  if (key.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) return { type: 'NAV.PREV' };
  return null;
}
