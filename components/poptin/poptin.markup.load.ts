import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { Markup } from './poptin.markup.ts';

/** The attribute a markup design must carry, with the pop-up's id (widget spec section 5). */
export const POPTIN_ID_ATTRIBUTE = 'data-poptin-id';

/**
 * The record's markup, fetched when it comes from `poptin_url`, sanitized, and checked: ready, or
 * refused with one console warning; null when `signal` aborted it.
 */
export async function loadMarkup(record: PoptinRecord, signal: AbortSignal): Promise<Markup | null> {
  const refuse = (reason: string): Markup => {
    console.warn(`Kite: pop-up ${record.poptin_id} skipped: ${reason}`);
    return { status: 'refused' };
  };
  try {
    const html: string =
      record.poptin ??
      (record.poptin_url
        ? await fetch(record.poptin_url, { signal, credentials: 'omit' }).then((response) => {
            if (!response.ok) throw new Error(`HTTP ${response.status}`);
            return response.text();
          })
        : '');
    const { default: DOMPurify } = await import('dompurify');
    if (signal.aborted) return null;
    const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, ADD_ATTR: [POPTIN_ID_ATTRIBUTE] }) as DocumentFragment | null;
    // A frameset document has no body: DOMPurify gives no fragment at all.
    if (!fragment) return refuse('its markup is a frameset, and the sanitizer keeps nothing of it');
    // No positive tabindex (issue 3): the page's DOM order is the tab order, so a positive one becomes 0 (still focusable).
    for (const node of fragment.querySelectorAll('[tabindex]')) if (Number(node.getAttribute('tabindex')) > 0) node.setAttribute('tabindex', '0');
    const selector = `[${POPTIN_ID_ATTRIBUTE}="${CSS.escape(record.poptin_id)}"]`;
    if (!fragment.querySelector(selector)) return refuse(`its markup has no ${POPTIN_ID_ATTRIBUTE}="${record.poptin_id}"`);
    if (document.querySelector(selector)) return refuse('it is already on the page');
    return { status: 'ready', fragment };
  } catch (error) {
    // A failed markup fetch is logged only (widget spec section 8).
    return (error as Error).name === 'AbortError' ? null : refuse(`its markup could not be loaded: ${(error as Error).message}`);
  }
}
