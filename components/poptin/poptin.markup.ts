import { useEffect, useState } from 'react';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

/** The attribute a markup design must carry, with the pop-up's id (widget spec section 5). */
export const POPTIN_ID_ATTRIBUTE = 'data-poptin-id';

export type Markup =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; fragment: DocumentFragment }
  | { status: 'refused' };

/**
 * A record whose design is markup (`poptin`, or fetched from `poptin_url`): sanitized with
 * DOMPurify (loaded only for such a record) before it goes anywhere near the page, and refused
 * unless it carries the pop-up's id attribute and that pop-up is not on the page already.
 */
export function useMarkup(record: PoptinRecord): Markup {
  const [markup, setMarkup] = useState<Markup>(() => (record.design ? { status: 'none' } : { status: 'loading' }));
  useEffect(() => {
    if (record.design) return;
    const controller = new AbortController();
    const refuse = (reason: string) => {
      console.warn(`Kite: pop-up ${record.poptin_id} skipped: ${reason}`);
      setMarkup({ status: 'refused' });
    };
    (async () => {
      const html: string =
        record.poptin ??
        (record.poptin_url
          ? await fetch(record.poptin_url, { signal: controller.signal, credentials: 'omit' }).then((response) => {
              if (!response.ok) throw new Error(`HTTP ${response.status}`);
              return response.text();
            })
          : '');
      const { default: DOMPurify } = await import('dompurify');
      const fragment = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, ADD_ATTR: [POPTIN_ID_ATTRIBUTE] });
      const selector = `[${POPTIN_ID_ATTRIBUTE}="${CSS.escape(record.poptin_id)}"]`;
      if (!fragment.querySelector(selector)) return refuse(`its markup has no ${POPTIN_ID_ATTRIBUTE}="${record.poptin_id}"`);
      if (document.querySelector(selector)) return refuse('it is already on the page');
      setMarkup({ status: 'ready', fragment });
    })().catch((error: Error) => {
      // A failed markup fetch is logged only (widget spec section 8).
      if (error.name !== 'AbortError') refuse(`its markup could not be loaded: ${error.message}`);
    });
    return () => controller.abort();
  }, [record]);
  return markup;
}
