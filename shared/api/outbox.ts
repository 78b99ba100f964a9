import { leadsMayBeWaiting } from './outbox-pending.ts';
/**
 * The lead outbox's start code: what the widget and the pop-up import. The outbox itself
 * (outbox-core.ts: storage, retries, tabs) is a lazy chunk, fetched when a pop-up with a form
 * shows (`preloadOutbox`) or when a lead waits from an earlier page, so nothing of it is on the
 * path to showing a pop-up.
 */
import { STORAGE_KEY } from '../constants/widget.ts';
import { safeStorage } from '../storage/storage.ts';
import type { FormValues } from '../../machines/poptin/poptin.types.ts';

type Core = typeof import('./outbox-core.ts');
let core: Promise<Core> | null = null;

/** Fetches and starts the outbox once; a failed fetch is tried again on the next call. */
export function loadOutbox(): Promise<Core> {
  core ??= import('./outbox-core.ts').then(
    (module) => {
      module.startOutbox();
      return module;
    },
    (error: unknown) => {
      core = null;
      throw error;
    },
  );
  return core;
}

/** Fetch the outbox now (a pop-up with a form showed): a submit then starts sending at once. */
export const preloadOutbox = () => void loadOutbox().catch(() => undefined);

/**
 * The last resort when the outbox's code could not be fetched (the visitor went offline before
 * it arrived): the lead goes to local storage, where the next page's outbox adopts and sends it
 * (or, where storage is refused, this page's outbox once its code arrives).
 */
export function keepForNextPage(endpoint: string, fields: FormValues): void {
  try {
    const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
    const body = new URLSearchParams({ ...fields, conversion_key: key } as Record<string, string>).toString();
    const stored: unknown = JSON.parse(safeStorage.get(STORAGE_KEY.OUTBOX) ?? '[]');
    safeStorage.set(STORAGE_KEY.OUTBOX, JSON.stringify([...(Array.isArray(stored) ? stored : []), { key, endpoint, body }]));
  } catch {
    console.warn('Kite: a lead could not be stored or sent');
  }
}

/** Sends the leads left by an earlier page, if any may be waiting; the widget calls it once it runs. */
export function resumeOutbox(): void {
  if (leadsMayBeWaiting()) preloadOutbox();
}
