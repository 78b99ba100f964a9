/**
 * The focus trap of every modal surface (WAI-ARIA dialog pattern): Tab past the last control goes
 * to the first, Shift+Tab before the first to the last. Focus may also rest on the container or
 * on a non-control inside it (a dialog's item, a heading): from there Tab goes on to the next
 * control, wrapping.
 */

/**
 * What may take focus by Tab; {@link tabbableIn} drops what cannot now. A selector, not the
 * `tabIndex` property: Chromium reports 0 for a link without an address and -1 for editable content.
 */
export const FOCUSABLE = '[href],button,input,select,textarea,iframe,video[controls],[tabindex],[contenteditable]';

/** The controls in `container` a visitor can Tab to now (enabled, not taken out of the tab order by a negative `tabindex`, rendered), in document order. */
export const tabbableIn = (container: ParentNode): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (node) => !node.matches(':disabled,[tabindex^="-"]') && node.getClientRects().length > 0,
  );

const follows = (before: Node, after: Node) => (before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING) > 0;

/**
 * On a Tab keydown, keeps focus inside `container`: moves it and prevents the browser's own move
 * when it would leave. `active` is the focused element as seen from the container's root (a shadow
 * root's `activeElement`). Any other key is left alone.
 */
export function keepTabInside(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  container: ParentNode,
  active: Element | null,
): void {
  if (event.key !== 'Tab' || !active) return;
  const focusable = tabbableIn(container);
  const first = focusable[0];
  const last = focusable.at(-1);
  // Nothing to Tab to (a modal message with neither X nor skip button): focus stays on the container.
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  // The list is in document order: focus leaves when no control comes after it (Tab) or before it (Shift+Tab).
  if (event.shiftKey ? !follows(first, active) : !follows(active, last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
