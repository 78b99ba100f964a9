/**
 * The complete record check, content blocks included: the widget fetches it (a lazy chunk) only
 * for a record that has content blocks. The reference server checks records with its own
 * `poptinRecordSchema` (shared/api/schemas.ts), which also knows the colour names.
 */
import { contentBlockSchema } from './blocks.schema.ts';
import { blocksOf, parsePoptinRecord, recordSchema } from './poptin-record.schema.ts';
import type { PoptinRecord } from './poptin-record.ts';
import type { ProductsBlock } from './blocks.ts';
import { cookieFilterAllows, jsFilterAllows } from '../logic/display-rules.ts';
import { cookiesWithPrefix } from '../storage/storage.ts';

const completeRecordSchema = recordSchema(contentBlockSchema);

/** `parsePoptinRecord` with every content block checked by its own schema. */
export const parseCompletePoptinRecord = (raw: unknown) => parsePoptinRecord(raw, completeRecordSchema);

/**
 * True when a countdown block counts to a date already past: such a pop-up is not shown (widget
 * spec section 4). The countdown's code comes only for a record that counts to a date.
 */
async function hasPastTimer(record: PoptinRecord, now: Date): Promise<boolean> {
  // A timer from now starts at the show, so only a date can be past already.
  const timers = blocksOf(record).flatMap((block) => (block.type === 'countdown' && block.timer.kind === 'date' ? [block.timer] : []));
  if (!timers.length) return false;
  const { isPast } = await import('../logic/countdown.ts');
  return timers.some((timer) => isPast(timer, now));
}

/**
 * Why an admitted record must not show, or null: a countdown date already past, or, when the
 * display API's base is given (the widget's display run), a `products` block whose products could
 * not be fetched ("A product fetch failure prevents showing", widget spec section 4). The products
 * are asked for now, and the block renders from that answer.
 */
export async function notShownBecause(record: PoptinRecord, now = new Date(), api?: string): Promise<string | null> {
  if (await hasPastTimer(record, now)) return 'its timer date has passed';
  const products = blocksOf(record).find((block): block is ProductsBlock => block.type === 'products');
  // Not on a page its filters rule out (a store's pop-up targeted by path): the widget hides it there anyway, so nothing is asked.
  const mayShowHere = () => jsFilterAllows(record.js_filter, globalThis) && cookieFilterAllows(record.cookie_filter, cookiesWithPrefix(''));
  if (products && api !== undefined && mayShowHere()) {
    const { preflightProducts, settingsOfBlock } = await import('../store/recommendations.ts');
    if (!(await preflightProducts(settingsOfBlock(products, record, api)))) return 'its products could not be fetched';
  }
  return null;
}
