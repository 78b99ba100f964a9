/**
 * The focus trap of every modal surface (WAI-ARIA dialog pattern): Tab past the last control goes
 * to the first, Shift+Tab before the first to the last. Focus may also rest on the container or
 * on a non-control inside it (a dialog's item, a heading): from there Tab goes on to the next
 * control, wrapping.
 */

/** What can take focus by Tab (controls, links, embedded frames, anything given a tab stop). */
export const FOCUSABLE =
  'button:not([disabled]), [href], input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, video[controls], [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The controls in `container` a visitor can Tab to now (rendered: not hidden nor `display: none`), in document order. */
export const tabbableIn = (container: ParentNode): HTMLElement[] =>
  [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((node) => node.getClientRects().length > 0);

const follows = (before: Node, after: Node) => Boolean(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING);

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
  if (!focusable.length) return;
  if (event.shiftKey && !focusable.some((node) => follows(node, active))) {
    event.preventDefault();
    focusable.at(-1)!.focus();
  } else if (!event.shiftKey && !focusable.some((node) => follows(active, node))) {
    event.preventDefault();
    focusable[0]!.focus();
  }
}
