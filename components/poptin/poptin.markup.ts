import { useEffect, useState } from 'react';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { mountMarkup } from './poptin.markup.load.ts';
import { needsMarkup } from '../../shared/widget/record-needs.ts';

export type Markup =
  | { status: 'none' }
  | { status: 'loading' }
  /** `mount` puts it into the pop-up's body and wires its marks (loaded with it). */
  | { status: 'ready'; fragment: DocumentFragment; mount: typeof mountMarkup }
  | { status: 'refused' };

/**
 * A record whose design is markup (`poptin`, or fetched from `poptin_url`): sanitized with
 * DOMPurify before it goes anywhere near the page, and refused unless it carries the pop-up's id
 * attribute and that pop-up is not on the page already. The code that does it (and DOMPurify)
 * loads only for such a record.
 */
export function useMarkup(record: PoptinRecord): Markup {
  const [markup, setMarkup] = useState<Markup>(() => (needsMarkup(record) ? { status: 'loading' } : { status: 'none' }));
  useEffect(() => {
    if (!needsMarkup(record)) return;
    const controller = new AbortController();
    void import('./poptin.markup.load.ts')
      .then(({ loadMarkup }) => loadMarkup(record, controller.signal))
      .then(
        (loaded) => loaded && setMarkup(loaded),
        (error: Error) => {
          console.warn(`Kite: pop-up ${record.poptin_id} skipped: ${error.message}`);
          setMarkup({ status: 'refused' });
        },
      );
    return () => controller.abort();
  }, [record]);
  return markup;
}
