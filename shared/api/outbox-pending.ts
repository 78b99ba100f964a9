import { STORAGE_KEY } from '../constants/widget.ts';

/** Whether an earlier page may have left leads to send; true when storage cannot tell. */
export function leadsMayBeWaiting(): boolean {
  try {
    const legacy = localStorage.getItem(STORAGE_KEY.OUTBOX);
    return localStorage.getItem(STORAGE_KEY.OUTBOX_PENDING) !== null || (legacy !== null && legacy !== '[]');
  } catch {
    return true;
  }
}
