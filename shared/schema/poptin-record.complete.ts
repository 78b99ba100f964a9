/**
 * The complete record check, content blocks included: the widget fetches it (a lazy chunk) only
 * for a record that has content blocks. The reference server checks records with its own
 * `poptinRecordSchema` (shared/api/schemas.ts), which also knows the colour names.
 */
import { contentBlockSchema } from './blocks.schema.ts';
import { blocksOf, parsePoptinRecord, recordSchema } from './poptin-record.schema.ts';
import { isPast } from '../logic/countdown.ts';
import type { PoptinRecord } from './poptin-record.ts';

const completeRecordSchema = recordSchema(contentBlockSchema);

/** `parsePoptinRecord` with every content block checked by its own schema. */
export const parseCompletePoptinRecord = (raw: unknown) => parsePoptinRecord(raw, completeRecordSchema);

/** True when a countdown block counts to a date already past: such a pop-up is not shown (widget spec section 4). */
export function hasPastTimer(record: PoptinRecord, now: Date): boolean {
  return blocksOf(record).some((block) => block.type === 'countdown' && isPast(block.timer, now));
}
