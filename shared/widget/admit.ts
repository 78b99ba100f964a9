import { DESIGN_COLOURS, parsePoptinRecord } from '../schema/poptin-record.schema.ts';
import type { PoptinRecord } from '../schema/poptin-record.ts';
import { needsContentSchemas, needsRecordSettings } from './record-needs.ts';

/**
 * A record from the display answer or a host, ready to show; else null, with one console line
 * saying why: an invalid field (named), a countdown to a date already past, or (given the display
 * API's `api`) products that could not be fetched (widget spec section 4). Content blocks are
 * checked with their own schemas, fetched only for a record that has some, so a pop-up without
 * them loads none of that code.
 */
export async function admitPoptinRecord(raw: unknown, now?: Date, api?: string): Promise<PoptinRecord | null> {
  let parsed = parsePoptinRecord(raw);
  if (parsed.ok && needsContentSchemas(parsed.value, raw)) {
    const poptinId = parsed.value.poptin_id;
    let reason: string | false | null;
    try {
      const { parseCompletePoptinRecord, notShownBecause } = await import('../schema/poptin-record.complete.ts');
      parsed = parseCompletePoptinRecord(raw);
      reason = parsed.ok && (await notShownBecause(parsed.value, now, api));
    } catch {
      return loadFailed(raw, poptinId);
    }
    if (reason) {
      console.info(`Kite: pop-up ${poptinId} not shown: ${reason}`);
      return null;
    }
  }
  if (!parsed.ok) {
    console.warn(`Kite: pop-up skipped, invalid record: ${parsed.error}`);
    return null;
  }
  warnDroppedColours(raw, parsed.value);
  const record = parsed.value;
  // A record that names a record setting gets the settings' chunk (shared/widget/record-settings.ts); one it cannot load is skipped.
  return needsRecordSettings(record, raw)
    ? import('./record-settings.ts').then(({ applyRecordSettings }) => applyRecordSettings(raw, record), () => loadFailed(raw, record.poptin_id))
    : record;
}

/** The records (as given) refused because their own code did not arrive, not for what they say. */
const notLoaded = new WeakSet<object>();

/** Whether admission refused `raw` because its code did not arrive: kite-poptin's skip then says `load-failed`, not `invalid`. */
export const refusedUnloaded = (raw: unknown): boolean => typeof raw === 'object' && raw !== null && notLoaded.has(raw);

/**
 * A record whose own code did not arrive (the visitor went offline, or a release replaced the
 * files the page names) cannot be checked, so it is skipped, said as kite-widget says a pop-up
 * whose code did not arrive; the run's other pop-ups still show.
 */
function loadFailed(raw: unknown, poptinId: string): null {
  if (typeof raw === 'object' && raw !== null) notLoaded.add(raw);
  console.warn(`Kite: pop-up ${poptinId} skipped: load-failed`);
  return null;
}

/**
 * One warning for each design colour the schema dropped because it is not a colour: a bad colour
 * costs the pop-up that colour (the stylesheet's default shows), not the whole pop-up, and never
 * reaches its style. The server refuses such a record; this is for one stored before, or elsewhere.
 */
function warnDroppedColours(raw: unknown, record: PoptinRecord): void {
  const given = (raw as { design?: Record<string, unknown> }).design;
  for (const name of DESIGN_COLOURS) {
    if (given?.[name] != null && record.design?.[name] === undefined) {
      console.warn(`Kite: pop-up ${record.poptin_id}: design.${name} ignored, not a colour`);
    }
  }
}
