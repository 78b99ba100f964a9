import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { PoptinEvent } from '../../machines/poptin/poptin.types.ts';
import { listen, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
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
    return { status: 'ready', fragment, mount: mountMarkup };
  } catch (error) {
    // A failed markup fetch is logged only (widget spec section 8).
    return (error as Error).name === 'AbortError' ? null : refuse(`its markup could not be loaded: ${(error as Error).message}`);
  }
}

/**
 * Puts the sanitized markup into `body` and makes its marks work: an element with
 * `data-poptin-close` closes; a link or button launching another pop-up (`data-poptin`) closes this
 * one as a link click (kite-widget opens the other); its `<form>` submits the lead. Here, not in the
 * view, so a pop-up designed as data loads none of it. Returns the removal of its listeners.
 */
export function mountMarkup(body: HTMLElement, fragment: DocumentFragment, send: (event: PoptinEvent) => void): Undo {
  body.replaceChildren(fragment.cloneNode(true));
  return undoAll([
    listen(body, 'click', ({ target }) => {
      if ((target as Element).closest('[data-poptin-close]')) send({ type: 'CLOSE', closeTrigger: 'x_click' });
      else if ((target as Element).closest('[data-poptin]')) send({ type: 'CLOSE', closeTrigger: 'link_click' });
    }),
    listen(body, 'submit', (event) => {
      if (!(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      const values: Record<string, string> = {};
      new FormData(event.target).forEach((value, key) => typeof value === 'string' && (values[key] = value));
      send({ type: 'SUBMIT', values });
    }),
  ]);
}
