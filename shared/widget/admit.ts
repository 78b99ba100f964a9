import { isContentBlock } from '../schema/blocks.ts';
import { blocksOf, DESIGN_COLOURS, parsePoptinRecord } from '../schema/poptin-record.schema.ts';
import { isColourSyntax } from '../logic/colour.ts';
import type { PoptinRecord } from '../schema/poptin-record.ts';

/**
 * A record from the display answer or a host, ready to show; else null, with one console line
 * saying why: an invalid field (named), or a countdown to a date already past (widget spec
 * section 4). Content blocks are checked with their own schemas, fetched only for a record that
 * has some, so a pop-up without them loads none of that code.
 */
export async function admitPoptinRecord(given: unknown, now = new Date()): Promise<PoptinRecord | null> {
  const raw = withColoursOnly(given);
  let parsed = parsePoptinRecord(raw);
  if (parsed.ok && blocksOf(parsed.value).some(isContentBlock)) {
    const { parseCompletePoptinRecord, hasPastTimer } = await import('../schema/poptin-record.complete.ts');
    parsed = parseCompletePoptinRecord(raw);
    if (parsed.ok && hasPastTimer(parsed.value, now)) {
      console.info(`Kite: pop-up ${parsed.value.poptin_id} not shown: its timer date has passed`);
      return null;
    }
  }
  if (!parsed.ok) {
    console.warn(`Kite: pop-up skipped, invalid record: ${parsed.error}`);
    return null;
  }
  return parsed.value;
}

/**
 * The record without the design colours that are not colours, one warning each: a bad colour costs
 * the pop-up that colour (the stylesheet's default shows), not the whole pop-up, and never reaches
 * its style. The server refuses such a record; this guards against one stored before, or elsewhere.
 */
function withColoursOnly(raw: unknown): unknown {
  const design = (raw as { design?: unknown } | null)?.design;
  if (typeof design !== 'object' || design === null || Array.isArray(design)) return raw;
  const colours = design as Record<string, unknown>;
  const bad = DESIGN_COLOURS.filter((name) => colours[name] !== undefined && !isColourSyntax(colours[name]));
  if (bad.length === 0) return raw;
  const kept = { ...colours };
  for (const name of bad) {
    console.warn(`Kite: pop-up ${String((raw as { poptin_id?: unknown }).poptin_id)}: design.${name} ignored, not a colour`);
    delete kept[name];
  }
  return { ...(raw as object), design: kept };
}
