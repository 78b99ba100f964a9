import type { Block, PoptinRecord } from '../schema/poptin-record.ts';
import { isPast } from '../logic/countdown.ts';

/** True when a countdown block counts to a date already past: such a pop-up is not shown (widget spec section 4). */
export function hasPastTimer(record: PoptinRecord, now: Date): boolean {
  const blocks: Block[] = [...(record.design?.blocks ?? []), ...(record.design?.thank_you ?? [])];
  return blocks.some((block) => block.type === 'countdown' && isPast(block.timer, now));
}
