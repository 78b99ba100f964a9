/**
 * Holds the page's content back while a pop-up asks for something first (the content lock,
 * landing-page mode; docs/poptin-record.md "Record settings"): everything but the branch that
 * holds the pop-up becomes `inert` (no focus, no clicks, not in the accessibility tree, not found
 * by find-in-page) and is blurred, or hidden for a landing page. The page's markup is untouched
 * until then, so the page is whole without JavaScript or when the pop-up never comes.
 */
import { CONTENT_LOCK } from '../constants/record-settings.ts';
import { adoptStyles } from './adopt-styles.ts';
import { setAttribute, undoAll, type Undo } from './dom-writes.ts';

export type PageLockKind = 'content_lock' | 'landing_page';

const LOCKED = 'data-kite-locked';
/** Adopted by the document: a stylesheet, not `style` attributes, so a strict CSP allows it. */
const LOCK_STYLES = `[${LOCKED}]{filter:blur(${CONTENT_LOCK.BLUR_PX}px);user-select:none}[${LOCKED}=landing_page]{visibility:hidden}`;
/** Not content: nothing to hold back, and nothing to mark. */
const NOT_CONTENT = new Set(['SCRIPT', 'STYLE', 'LINK', 'TEMPLATE', 'NOSCRIPT']);

/** Locks every element of the page beside `keep` and its ancestors; returns the unlock. */
export function lockPage(keep: Element, kind: PageLockKind): Undo {
  adoptStyles(document, LOCK_STYLES, { document: true });
  const undos: Undo[] = [];
  for (let node: Element = keep; node.parentElement && node.parentElement !== document.documentElement; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      // Already inert: the page holds it back for its own reasons, and gets it back so.
      if (sibling === node || NOT_CONTENT.has(sibling.tagName) || sibling.hasAttribute('inert')) continue;
      undos.push(setAttribute(sibling, 'inert', ''), setAttribute(sibling, LOCKED, kind));
    }
  }
  return undoAll(undos);
}
