import { STORAGE_KEY } from '../constants/widget.ts';
import { browserStorage, safeStorage } from '../storage/storage.ts';

/** Whether an earlier page may have left leads to send; true when storage is refused and cannot tell. */
export function leadsMayBeWaiting(): boolean {
  const legacy = safeStorage.get(STORAGE_KEY.OUTBOX);
  return !browserStorage('localStorage') || safeStorage.get(STORAGE_KEY.OUTBOX_PENDING) !== null || (legacy !== null && legacy !== '[]');
}
