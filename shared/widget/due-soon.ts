import type { PoptinRecord } from '../schema/poptin-record.ts';
import type { StartResult } from './start.ts';

/** A record from the display answer (not yet admitted) that shows on load or after a delay. */
export function isDueSoon(raw: unknown): boolean {
  const triggers = (raw as Partial<PoptinRecord> | null)?.triggers;
  return Boolean(triggers?.page_load) || typeof triggers?.seconds === 'number';
}

/**
 * Whether a pop-up of this start is about to show (one due on load or after a delay, or the owner's
 * preview), so its code, React with it, is worth fetching now rather than when its turn comes.
 */
export const popUpDueSoon = (started: StartResult): boolean => Boolean(started.previewId) || started.response.poptins.some(isDueSoon);
