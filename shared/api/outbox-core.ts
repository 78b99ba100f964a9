/**
 * The lead outbox (issue 5): a lead the visitor submitted reaches the server exactly once,
 * whatever the network does.
 *
 * - Every lead carries a client-generated key (`conversion_key`) and is stored (IndexedDB, else
 *   local storage, else memory) before it is sent; the server stores a lead once per key.
 * - A network failure, a timeout, a 5xx, 408 or 429 keeps it and retries it with exponential
 *   backoff and jitter; a `Retry-After` is honoured. A 4xx is final only when the display API's
 *   own error body says the lead itself is refused (a code of LEAD_REFUSAL_CODES): the lead is
 *   kept as `failed` with the server's reason. Any other 4xx (a proxy's bare 403 or 404, a
 *   captive portal) is retried like a 5xx. Success is the answer's `success: true` only.
 * - Pending leads are sent again when the outbox starts on the next page, on `online`, and with
 *   `keepalive` on `pagehide`. Every send uses `keepalive`, so a navigation does not cancel it.
 * - Two tabs never send the same lead at once: a tab claims a lead in one storage transaction
 *   before each try and owns it until it is delivered; while the owner lives (its Web Lock is
 *   held; without Web Locks, until its lease lapses) no other tab touches it.
 *
 * This module is loaded on demand (shared/api/outbox.ts): nothing here is on the path to
 * showing a pop-up. Nothing here throws into the page.
 *
 * Over 400 lines on purpose: claiming, sending, retrying and handing leads over on `pagehide`
 * share this module's in-memory state (the leads in flight, the leads this tab owns, their
 * listeners) and the tab's lock; split, that state would be exported and guarded across files.
 * The storage is outbox-store.ts; the backoff arithmetic is `backoffMs`, tested alone.
 */
import { OUTBOX, STORAGE_KEY } from '../constants/widget.ts';
import type { ConversionResult, FormValues } from '../../machines/poptin/poptin.types.ts';
import { safeStorage } from '../storage/storage.ts';
import { isLeadRefusal } from './error-codes.ts';
import { resilientStore, type Lead, type LeadStore } from './outbox-store.ts';
import { keepConvertedValue } from './converted.ts';

export type { Lead } from './outbox-store.ts';

/** What the server answered a delivered lead. */
export interface DeliveryAnswer {
  conversionId: string | null;
  /** `integration.conversion_code`: scripts for the page head ('' when none). */
  conversionCode: string;
}

/** A lead's client id: the `conversion_key` the server deduplicates on. */
export const newConversionKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** The form-encoded body; a list (a checkbox group) is sent as a repeated field. */
export function encodeFields(fields: FormValues): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, String(item));
  }
  return body.toString();
}

export interface SendOptions {
  /** Resolve `queued` after this long from the call if the server has not answered (a redirect is waiting). */
  waitMs?: number;
  /** Stored at once, sent this much later (a redirect link's submit delay). */
  delayMs?: number;
  /** Called once if this page sees the lead delivered, however many tries it takes. */
  onDelivered?: (answer: DeliveryAnswer) => void;
}

/** Retry timings; tests and the benchmark shorten them (`configureOutbox`). */
const settings = {
  retryBaseMs: OUTBOX.RETRY_BASE_MS as number,
  retryMaxMs: OUTBOX.RETRY_MAX_MS as number,
  requestTimeoutMs: OUTBOX.REQUEST_TIMEOUT_MS as number,
};
export function configureOutbox(change: Partial<typeof settings>): void {
  Object.assign(settings, change);
}

type Outcome =
  | { kind: 'delivered'; answer: DeliveryAnswer }
  | { kind: 'retry'; reason: string; retryAfterMs: number }
  | { kind: 'failed'; reason: string }
  /** Another tab has it, or it is gone (delivered meanwhile). */
  | { kind: 'skipped' };

const QUEUED: ConversionResult = { status: 'queued' };

/** This page's id: leads it owns carry it. */
const TAB = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
const locks = () => (globalThis.navigator as Navigator & { locks?: LockManager } | undefined)?.locks;

const warn = (what: string, error?: unknown) =>
  console.warn(`Kite: lead outbox: ${what}${error ? `: ${(error as Error)?.message ?? String(error)}` : ''}`);

let storePromise: Promise<LeadStore> | null = null;
const getStore = () =>
  (storePromise ??= resilientStore((from, error) => warn(`${from} unavailable, using the next storage`, error)));

/** Tries under way in this page, by key. */
const inFlight = new Map<string, Promise<Outcome>>();
/** Leads this page owns (waiting for a retry), kept for `pagehide`. */
const owned = new Map<string, Lead>();
/** Delivery callbacks of leads sent from this page. */
const listeners = new Map<string, (answer: DeliveryAnswer) => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

// ---------------------------------------------------------------------------------------------
// Owning leads across tabs

let releaseTabLock: (() => void) | null = null;
let tabLockGranted: Promise<void> = Promise.resolve();

/**
 * While this page owns leads it holds a Web Lock named after it: other tabs see it is alive.
 * Resolves once the lock is held, so a claim is never made before other tabs can see its owner.
 */
function holdTabLock(): Promise<void> {
  const manager = locks();
  if (!manager || releaseTabLock) return tabLockGranted;
  const held = new Promise<void>((resolve) => (releaseTabLock = resolve));
  tabLockGranted = new Promise<void>((granted) => {
    manager.request(OUTBOX.TAB_LOCK_PREFIX + TAB, () => (granted(), held)).catch(() => granted());
  });
  return tabLockGranted;
}

/** Released once this page owns nothing: a page holding a lock cannot enter the back-forward cache. */
function releaseTabLockIfIdle(): void {
  if (owned.size || inFlight.size || !releaseTabLock) return;
  releaseTabLock();
  releaseTabLock = null;
}

/** Ids of the tabs alive now (their tab lock is held), or null without Web Locks. */
async function liveTabs(): Promise<Set<string> | null> {
  const manager = locks();
  if (!manager) return null;
  try {
    const { held = [] } = await manager.query();
    return new Set(held.map((lock) => lock.name ?? '').filter((name) => name.startsWith(OUTBOX.TAB_LOCK_PREFIX)).map((name) => name.slice(OUTBOX.TAB_LOCK_PREFIX.length)));
  } catch {
    return null;
  }
}

/**
 * Sends in flight are marked in local storage until they may have ended, so no other tab sends
 * the same lead meanwhile, even when the sending page has gone (a closed tab's keepalive request
 * still runs). Local storage because the mark must be written at once, inside `pagehide`.
 */
const flight = {
  until: (key: string): number => Number(safeStorage.get(OUTBOX.FLIGHT_KEY_PREFIX + key)) || 0,
  mark: (key: string, until: number): void => safeStorage.set(OUTBOX.FLIGHT_KEY_PREFIX + key, String(until)),
  clear: (key: string): void => safeStorage.remove(OUTBOX.FLIGHT_KEY_PREFIX + key),
};

function ownedElsewhere(lead: Lead, alive: Set<string> | null, now: number): boolean {
  // A send from another page (perhaps closed since) may still be on its way.
  if (!inFlight.has(lead.key) && flight.until(lead.key) > now) return true;
  if (!lead.owner || lead.owner === TAB) return false;
  // A claim this fresh may come from a tab whose lock our look at the locks came too early to see.
  if (now - (lead.claimedAt ?? 0) < OUTBOX.CLAIM_GRACE_MS) return true;
  return alive ? alive.has(lead.owner) : (lead.leaseUntil ?? 0) > now;
}

// ---------------------------------------------------------------------------------------------
// One try

/** `Retry-After` in ms: seconds or an HTTP date; 0 when absent or unreadable. */
function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1_000 : Date.parse(header) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, OUTBOX.RETRY_AFTER_MAX_MS) : 0;
}

/** Statuses always worth retrying: the server may answer later. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;

function post(lead: Pick<Lead, 'endpoint' | 'body'>, keepalive = true, signal?: AbortSignal) {
  return fetch(lead.endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: lead.body,
    credentials: 'omit',
    keepalive,
    signal,
  });
}

async function deliver(lead: Lead): Promise<Outcome> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), settings.requestTimeoutMs);
  flight.mark(lead.key, Date.now() + settings.requestTimeoutMs);
  try {
    const response = await post(lead, true, controller.signal);
    const retry: Outcome = { kind: 'retry', reason: `HTTP ${response.status}`, retryAfterMs: retryAfterMs(response.headers.get('Retry-After'), Date.now()) };
    if (isTransient(response.status)) return retry;
    let answer: { success?: unknown; conversion_id?: unknown; error?: unknown; converted?: unknown; integration?: { conversion_code?: unknown } };
    try {
      answer = await response.json();
    } catch {
      // The answer was cut off: the server may have stored it; a retry is harmless (same key).
      if (response.ok) return { kind: 'retry', reason: 'unreadable answer', retryAfterMs: 0 };
      answer = {};
    }
    // A conversion counts only when the success flag is set (widget spec section 8).
    if (response.ok && answer?.success === true) {
      const code = answer.integration?.conversion_code;
      // Kept whichever page delivers the lead: the next display call hides what it names.
      if (typeof answer.converted === 'string') keepConvertedValue(answer.converted);
      return {
        kind: 'delivered',
        answer: {
          conversionId: typeof answer.conversion_id === 'string' ? answer.conversion_id : null,
          conversionCode: typeof code === 'string' ? code : '',
        },
      };
    }
    // Refused for good only on the display API's own word; a 4xx from anything between may pass.
    if (!response.ok && !isLeadRefusal(answer)) return retry;
    return { kind: 'failed', reason: typeof answer?.error === 'string' ? answer.error : `HTTP ${response.status}` };
  } catch (error) {
    return { kind: 'retry', reason: (error as Error)?.name === 'AbortError' ? 'timeout' : 'network error', retryAfterMs: 0 };
  } finally {
    clearTimeout(timeout);
    flight.clear(lead.key);
  }
}

/** Exponential backoff with jitter: base x 2^(tries - 1), capped, times a random factor in [1 - jitter, 1]. */
export function backoffMs(attempts: number, random = Math.random): number {
  const full = Math.min(settings.retryBaseMs * 2 ** Math.max(0, attempts - 1), settings.retryMaxMs);
  return Math.round(full * (1 - OUTBOX.RETRY_JITTER * random()));
}

/** Claims the lead, sends it once and records what happened. At most one try per lead per page. */
function attempt(key: string): Promise<Outcome> {
  let running = inFlight.get(key);
  if (!running) {
    running = tryOnce(key)
      .catch((error): Outcome => {
        warn('a try failed', error);
        return { kind: 'skipped' };
      })
      .finally(() => {
        inFlight.delete(key);
        releaseTabLockIfIdle();
      });
    inFlight.set(key, running);
  }
  return running;
}

async function tryOnce(key: string): Promise<Outcome> {
  const store = await getStore();
  await holdTabLock();
  const alive = await liveTabs();
  const lead = await store.update(key, (current) => {
    const now = Date.now();
    if (!current || current.status !== 'pending' || ownedElsewhere(current, alive, now)) return null;
    return { ...current, owner: TAB, claimedAt: now, leaseUntil: now + OUTBOX.LEASE_MS };
  });
  if (!lead) {
    owned.delete(key);
    return { kind: 'skipped' };
  }
  owned.set(key, lead);
  const outcome = await deliver(lead);
  if (outcome.kind === 'delivered') {
    owned.delete(key);
    await store.remove(key);
    const listener = listeners.get(key);
    listeners.delete(key);
    try {
      listener?.(outcome.answer);
    } catch (error) {
      warn('a delivery callback failed', error);
    }
  } else if (outcome.kind === 'failed') {
    owned.delete(key);
    listeners.delete(key);
    warn(`conversion refused: ${outcome.reason}`);
    await store.put({ ...lead, status: 'failed', reason: outcome.reason, owner: null, attempts: lead.attempts + 1 });
    await pruneFailed(store);
  } else if (outcome.kind === 'retry') {
    const attempts = lead.attempts + 1;
    const wait = Math.max(backoffMs(attempts), outcome.retryAfterMs);
    const later: Lead = {
      ...lead,
      attempts,
      reason: outcome.reason,
      nextAt: Date.now() + wait,
      holdUntil: outcome.retryAfterMs ? Date.now() + outcome.retryAfterMs : 0,
      // Owned until this page retries it; without Web Locks the lease runs past the retry.
      leaseUntil: Date.now() + wait + OUTBOX.LEASE_MS,
    };
    owned.set(key, later);
    await store.put(later);
  }
  await refreshHint(store);
  schedule();
  return outcome;
}

async function pruneFailed(store: LeadStore): Promise<void> {
  const failed = (await store.all()).filter((lead) => lead.status === 'failed').sort((a, b) => b.createdAt - a.createdAt);
  for (const lead of failed.slice(OUTBOX.FAILED_KEPT)) await store.remove(lead.key);
}

/** The flag the start code reads to decide whether to load the outbox on the next page. */
async function refreshHint(store: LeadStore): Promise<void> {
  setHint((await store.all()).some((lead) => lead.status === 'pending'));
}

function setHint(pending: boolean): void {
  if (pending) safeStorage.set(STORAGE_KEY.OUTBOX_PENDING, '1');
  else safeStorage.remove(STORAGE_KEY.OUTBOX_PENDING);
}

// ---------------------------------------------------------------------------------------------
// Flushing

/** Sends every pending lead that is due (all of them when `now` is a page load or `online`). */
async function flush(ignoreBackoff: boolean): Promise<void> {
  try {
    const store = await getStore();
    const now = Date.now();
    const due = (await store.all()).filter(
      (lead) =>
        lead.status === 'pending' &&
        !inFlight.has(lead.key) &&
        (lead.holdUntil ?? 0) <= now &&
        (ignoreBackoff || lead.nextAt <= now),
    );
    // A few at a time: a page with many queued leads must not flood the connection.
    let index = 0;
    const worker = async () => {
      while (index < due.length) await attempt(due[index++]!.key);
    };
    await Promise.all(Array.from({ length: Math.min(OUTBOX.PARALLEL_SENDS, due.length) }, worker));
  } catch (error) {
    warn('flush failed', error);
  }
  schedule();
}

/** One timer for the earliest retry; leads another tab owns are looked at again after a lease. */
function schedule(): void {
  void getStore()
    .then((store) => store.all())
    .then((leads) => {
      const now = Date.now();
      let earliest = Infinity;
      for (const lead of leads) {
        if (lead.status !== 'pending' || inFlight.has(lead.key)) continue;
        let at = Math.max(lead.nextAt, lead.holdUntil ?? 0, flight.until(lead.key));
        if (lead.owner && lead.owner !== TAB && at <= now) at = now + OUTBOX.LEASE_MS;
        earliest = Math.min(earliest, at);
      }
      clearTimeout(timer);
      timer = undefined;
      if (earliest !== Infinity) timer = setTimeout(() => void flush(false), Math.max(0, earliest - now));
    })
    .catch((error) => warn('scheduling failed', error));
}

/** The page is going away: the leads this page owns go out now with `keepalive`; what fails stays stored. */
function sendOwnedOnHide(): void {
  for (const lead of owned.values()) {
    if (inFlight.has(lead.key)) continue;
    try {
      flight.mark(lead.key, Date.now() + OUTBOX.PAGEHIDE_SEND_MS);
      post(lead).catch(() => undefined);
    } catch {
      /* a keepalive quota or a closed document: the next page sends it */
    }
  }
}

let started = false;

/** Starts the outbox once per page: listeners, leads left by an older page, and the first flush. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  try {
    addEventListener('online', () => void flush(true));
    addEventListener('pagehide', sendOwnedOnHide);
  } catch {
    /* not a window (a worker, a test): no page events */
  }
  void adoptLegacy().then(() => flush(true));
}

/**
 * Leads written to local storage by the start code when this module could not load (offline
 * before it was fetched), or by an older version, are moved into the store in use. Local storage
 * as the store shares their key: there the start code's entries (no `status` yet) become pending
 * leads in place.
 */
async function adoptLegacy(): Promise<void> {
  try {
    const store = await getStore();
    const raw = safeStorage.get(STORAGE_KEY.OUTBOX);
    const legacy: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(legacy)) {
      for (const entry of legacy as Array<Partial<Lead>>) {
        if (typeof entry?.key !== 'string' || typeof entry.endpoint !== 'string' || typeof entry.body !== 'string') continue;
        if (store.kind === 'localstorage' && entry.status) continue;
        await store.put({ status: 'pending', attempts: 0, createdAt: Date.now(), nextAt: 0, ...entry } as Lead);
      }
    }
    if (store.kind !== 'localstorage') safeStorage.set(STORAGE_KEY.OUTBOX, '[]');
  } catch {
    /* local storage unavailable or unreadable: nothing to adopt */
  }
}

// ---------------------------------------------------------------------------------------------
// The outbox's face

/**
 * Gives the lead a client id (`conversion_key`, unless the fields carry one), stores it, then
 * sends it to `endpoint` (after `delayMs`, if given). Resolves after the first try: `sent` (the
 * success flag), `rejected` (refused with a reason; kept as failed), or `queued` (kept and
 * retried; also when `waitMs` ran out first). Never rejects.
 */
export function sendLead(endpoint: string, fields: FormValues, options: SendOptions = {}): Promise<ConversionResult> {
  // The wait counts from the call, not from when storage has opened: a hanging IndexedDB open
  // must not hold a redirect back.
  const sending = storeAndSend(endpoint, fields, options);
  if (!options.waitMs) return sending;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<ConversionResult>((resolve) => (timeout = setTimeout(() => resolve(QUEUED), options.waitMs)));
  return Promise.race([sending, waited]).finally(() => clearTimeout(timeout));
}

async function storeAndSend(endpoint: string, fields: FormValues, options: SendOptions): Promise<ConversionResult> {
  try {
    const given = fields.conversion_key;
    const key = typeof given === 'string' && given ? given : newConversionKey();
    const now = Date.now();
    const sendAt = now + (options.delayMs ?? 0);
    const lead: Lead = {
      key,
      endpoint,
      body: encodeFields({ ...fields, conversion_key: key }),
      status: 'pending',
      attempts: 0,
      createdAt: now,
      // A delayed lead is held until its time even by a flush on load or `online`; `pagehide` sends it at once.
      nextAt: sendAt,
      holdUntil: sendAt,
      // Owned by this page from the start: no other tab sends it while this one is trying.
      owner: TAB,
      claimedAt: now,
      leaseUntil: sendAt + OUTBOX.LEASE_MS,
    };
    // Known to `pagehide` before storage has opened: a page left meanwhile still sends it.
    owned.set(key, lead);
    startOutbox();
    if (options.onDelivered) listeners.set(key, options.onDelivered);
    const store = await getStore();
    await holdTabLock();
    await store.put(lead);
    // Set before the first try: a tab closed with that try in flight leaves the next page a lead to send.
    setHint(true);
    if (sendAt > Date.now()) await new Promise((resolve) => setTimeout(resolve, sendAt - Date.now()));
    return toResult(await attempt(key));
  } catch (error) {
    warn('could not send a lead', error);
    return QUEUED;
  }
}

function toResult(outcome: Outcome): ConversionResult {
  if (outcome.kind === 'delivered') return { status: 'sent', conversionId: outcome.answer.conversionId };
  if (outcome.kind === 'failed') return { status: 'rejected', message: outcome.reason };
  return QUEUED;
}

/** Every lead in the outbox (pending and failed), for the site owner's tools and tests. */
export async function outboxLeads(): Promise<Lead[]> {
  try {
    return await (await getStore()).all();
  } catch {
    return [];
  }
}

/** Which storage holds the leads now. */
export const outboxStorage = async (): Promise<LeadStore['kind']> => (await getStore()).kind;
