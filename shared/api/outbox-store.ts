/**
 * Where the lead outbox keeps its leads: IndexedDB, else local storage, else memory. Storage that
 * throws (private mode, quota, a browser that blocks it) moves the outbox down that chain for the
 * rest of the page, without an exception reaching the page: a lead is never refused for want of
 * storage, it only stops surviving the page. Loaded with the outbox, never at start.
 */
import { OUTBOX, STORAGE_KEY } from '../constants/widget.ts';
import { browserStorage } from '../storage/storage.ts';

/** One lead in the outbox. */
export interface Lead {
  /** The client-generated id (`conversion_key`): the server stores a lead once per key. */
  key: string;
  endpoint: string;
  /** The form-encoded body, as the conversion call takes it. */
  body: string;
  /** `pending` until the server answers; `failed` when it refused the lead (kept with `reason`). */
  status: 'pending' | 'failed';
  attempts: number;
  createdAt: number;
  /** Not retried before this time (backoff), except on page load and `online`. */
  nextAt: number;
  /** Not retried before this time in any case: the server's `Retry-After`. */
  holdUntil?: number;
  /** The tab that sends it now or retries it later; another tab leaves it alone while that tab lives. */
  owner?: string | null;
  /** When the owner claimed it (a claim this recent is respected even before its owner's lock shows). */
  claimedAt?: number;
  /** Without Web Locks a tab's claim lapses at this time. */
  leaseUntil?: number;
  /** Why the server refused it (`failed`), or why the last try did not get through. */
  reason?: string;
}

export interface LeadStore {
  readonly kind: 'indexeddb' | 'localstorage' | 'memory';
  all(): Promise<Lead[]>;
  put(lead: Lead): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Reads a lead, hands it to `change` and writes what it returns, as one step no other tab can
   * come between (an IndexedDB transaction; a Web Lock around local storage). `null` writes
   * nothing. Resolves with what was written, or null.
   */
  update(key: string, change: (lead: Lead | undefined) => Lead | null): Promise<Lead | null>;
}

const request = <T>(req: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });

const done = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('transaction aborted'));
  });

/** Opens the IndexedDB store; rejects when IndexedDB is missing, refused or does not answer. */
export async function indexedDbStore(): Promise<LeadStore> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    // Missing or refused: a TypeError or SecurityError here rejects, and local storage is next.
    const open = browserStorage('indexedDB')!.open(OUTBOX.DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(OUTBOX.DB_STORE, { keyPath: 'key' });
    open.onsuccess = () => {
      // Another tab upgrading the database: let it, this page falls back to the next store.
      open.result.onversionchange = () => open.result.close();
      resolve(open.result);
    };
    open.onerror = () => reject(open.error);
    open.onblocked = () => reject(new Error('IndexedDB blocked'));
    // Some private modes leave the open request hanging: give up and use local storage.
    setTimeout(() => reject(new Error('IndexedDB did not open')), OUTBOX.STORAGE_OPEN_TIMEOUT_MS);
  });
  const objects = (mode: IDBTransactionMode) => {
    const tx = db.transaction(OUTBOX.DB_STORE, mode);
    return { tx, store: tx.objectStore(OUTBOX.DB_STORE) };
  };
  return {
    kind: 'indexeddb',
    all: () => request(objects('readonly').store.getAll() as IDBRequest<Lead[]>),
    async put(lead) {
      const { tx, store } = objects('readwrite');
      store.put(lead);
      await done(tx);
    },
    async remove(key) {
      const { tx, store } = objects('readwrite');
      store.delete(key);
      await done(tx);
    },
    async update(key, change) {
      const { tx, store } = objects('readwrite');
      let written: Lead | null = null;
      // Everything inside one readwrite transaction: IndexedDB runs those one at a time across tabs.
      store.get(key).onsuccess = (event) => {
        written = change((event.target as IDBRequest<Lead | undefined>).result);
        if (written) store.put(written);
      };
      await done(tx);
      return written;
    },
  };
}

/** Runs `fn` under a Web Lock when the browser has them (local storage has no transactions). */
function locked<T>(fn: () => T): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request(OUTBOX.STORAGE_LOCK, async () => fn()) : Promise.resolve().then(fn);
}

/** Local storage under `STORAGE_KEY.OUTBOX`, or null when it cannot be written. */
export function localStorageStore(): LeadStore | null {
  const storage = browserStorage('localStorage');
  if (!storage) return null;
  try {
    const probe = `${STORAGE_KEY.OUTBOX}_probe`;
    storage.setItem(probe, '1');
    storage.removeItem(probe);
  } catch {
    return null;
  }
  const read = (): Lead[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY.OUTBOX) ?? '[]');
      return Array.isArray(parsed) ? (parsed as Lead[]) : [];
    } catch {
      return [];
    }
  };
  // Throws on quota: the resilient store then moves on to memory.
  const write = (leads: Lead[]) => storage.setItem(STORAGE_KEY.OUTBOX, JSON.stringify(leads));
  return {
    kind: 'localstorage',
    all: async () => read(),
    put: (lead) => locked(() => write([...read().filter((stored) => stored.key !== lead.key), lead])),
    remove: (key) => locked(() => write(read().filter((stored) => stored.key !== key))),
    update: (key, change) =>
      locked(() => {
        const leads = read();
        const written = change(leads.find((stored) => stored.key === key));
        if (written) write([...leads.filter((stored) => stored.key !== key), written]);
        return written;
      }),
  };
}

/** This page only: the last resort. */
export function memoryStore(): LeadStore {
  const leads = new Map<string, Lead>();
  return {
    kind: 'memory',
    all: async () => [...leads.values()],
    put: async (lead) => void leads.set(lead.key, lead),
    remove: async (key) => void leads.delete(key),
    update: async (key, change) => {
      const written = change(leads.get(key));
      if (written) leads.set(key, written);
      return written;
    },
  };
}

/**
 * The store chain: the best store that opens, and on any failure of an operation the next one
 * (the operation is repeated there). Never rejects.
 */
export async function resilientStore(onFallback: (from: string, error: unknown) => void): Promise<LeadStore> {
  const chain: Array<[LeadStore['kind'], () => Promise<LeadStore | null>]> = [
    ['indexeddb', () => (browserStorage('indexedDB') ? indexedDbStore() : Promise.resolve(null))],
    ['localstorage', async () => localStorageStore()],
  ];
  let current: LeadStore | null = null;
  let next = 0;
  const advance = async (): Promise<LeadStore> => {
    while (next < chain.length) {
      const [kind, open] = chain[next++]!;
      try {
        current = await open();
        if (current) return current;
      } catch (error) {
        onFallback(kind, error);
      }
    }
    return (current = memoryStore());
  };
  await advance();
  const withFallback =
    <A extends unknown[], R>(op: (store: LeadStore, ...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      for (;;) {
        const store = current!;
        try {
          return await op(store, ...args);
        } catch (error) {
          if (store.kind === 'memory') throw error;
          onFallback(store.kind, error);
          if (current === store) await advance();
        }
      }
    };
  return {
    get kind() {
      return current!.kind;
    },
    all: withFallback((store) => store.all()),
    put: withFallback((store, lead: Lead) => store.put(lead)),
    remove: withFallback((store, key: string) => store.remove(key)),
    update: withFallback((store, key: string, change: (lead: Lead | undefined) => Lead | null) => store.update(key, change)),
  };
}
