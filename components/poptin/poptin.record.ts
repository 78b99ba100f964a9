/**
 * A pop-up's record, loaded and checked before it shows (widget spec sections 3 and 4): from the
 * element's property or its `src`, admitted by the schema, with what its first frame needs (date
 * tags, effects, the frame's CSS, the views of its blocks that are chunks of their own, the messages) loaded beside it.
 */
import { useEffect, useState } from 'react';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { loadMessages } from '../../shared/i18n/index.ts';
import { loadEffects } from '../../shared/effects/effects.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { admitPoptinRecord } from '../../shared/widget/admit.ts';
import { needsContentBlocks, needsDateTags, needsFrameStyles, needsLayoutStyles } from '../../shared/widget/record-needs.ts';
import { loadContentBlocks, loadDateTags } from './poptin.content.tsx';
import { loadFirstFrameParts } from './poptin.parts.ts';

/**
 * The CSS of the frames other than the lightbox's overlay, and of the horizontal layout, fetched
 * and adopted only by a pop-up that has one; the common lightbox needs none of it. A failed fetch
 * shows the pop-up without that styling rather than not at all.
 */
async function adoptFrameStyles(record: PoptinRecord, root: ShadowRoot): Promise<void> {
  const [frames, layout] = await Promise.all([
    needsFrameStyles(record) && import('./poptin.frames.styles.ts').catch(() => null),
    needsLayoutStyles(record) && import('./poptin.layout.styles.ts').catch(() => null),
  ]);
  if (frames) adoptStyles(root, frames.poptinFrameStyles);
  if (layout) adoptStyles(root, layout.horizontalLayoutStyles);
}

/**
 * Loads and checks the record: from the `poptin` property, else from `src`. Invalid: one warning,
 * nothing shown. Ready once the widget's messages in `lang`, the effects and the frame's CSS are here too: then
 * `{ raw, record }`, `record` null when refused; null until then. A products block's products are
 * asked for from `api` first (the widget's preflight, if it made one, is taken as it is): a failed
 * fetch refuses the record, as the widget does (widget spec section 4).
 */
export function useRecord(
  poptin: unknown,
  src: string | undefined,
  lang: string,
  container: ShadowRoot | undefined,
  api: string,
): { raw: unknown; record: PoptinRecord | null } | null {
  const [fetched, setFetched] = useState<unknown>(null);
  useEffect(() => {
    if (poptin || !src) return;
    const controller = new AbortController();
    fetch(src, { signal: controller.signal, credentials: 'same-origin' })
      .then((response) => response.json())
      .then(setFetched, (error: Error) => {
        if (error.name !== 'AbortError') console.warn(`Kite: could not load pop-up ${src}: ${error.message}`);
      });
    return () => controller.abort();
  }, [poptin, src]);
  const raw = poptin ?? fetched;
  // The record checked; `raw` beside it, so a new record never shows the previous one meanwhile.
  const [admitted, setAdmitted] = useState<{ raw: unknown; record: PoptinRecord | null } | null>(null);
  useEffect(() => {
    if (!raw) return;
    let current = true;
    // With the code its texts' date tags need, and the entry effect's keyframes (so it starts
    // hidden from the first frame).
    const checked = admitPoptinRecord(raw, undefined, api).then(async (record) => {
      if (record && needsDateTags(record, raw)) await loadDateTags().catch(() => undefined);
      return record;
    });
    const ready = checked.then(async (record) => {
      const properties = record?.design_properties;
      await Promise.all([
        loadEffects([properties?.poptin_design_entry_effect, properties?.poptin_design_exit_effect]).catch(() => undefined),
        record && container && adoptFrameStyles(record, container),
        // The block view and the views of the first screen's blocks that are files of their own,
        // beside the rest rather than a round trip after the render. A file that fails to arrive
        // fails again as the block renders: the pop-up is then skipped, not left blank.
        record && needsContentBlocks(record) && loadContentBlocks(record).catch(() => undefined),
        record && loadFirstFrameParts(record),
      ]);
      return record;
    });
    // Not a transition: rendered in slices, the store's pop-up showed 68 ms later at 4x CPU and
    // its long tasks did not get fewer (bench, 20 visits each, same machine, one after the other).
    void Promise.all([ready, loadMessages(lang)]).then(([record]) => current && setAdmitted({ raw, record }));
    return () => {
      current = false;
    };
  }, [raw, lang, container, api]);
  return admitted && admitted.raw === raw ? admitted : null;
}
