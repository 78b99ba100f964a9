/**
 * The one door to the browser's storage: every read and write of localStorage, sessionStorage,
 * IndexedDB and document.cookie in the shipped code goes through here. A browser may refuse
 * storage (all cookies blocked, a sandboxed iframe, a privacy extension): merely reading
 * `localStorage` or `document.cookie` then throws SecurityError, or a cookie write is dropped
 * without a word. What the browser will not keep is kept in memory for the page instead, so the
 * widget still starts, counts what its rules count for as long as the page lives, and takes leads.
 */
import { COOKIE } from '../constants/widget.ts';

/** `read()`, or `refused` where the browser throws instead (SecurityError, quota). */
function guard<T>(read: () => T, refused: T): T {
  try {
    return read();
  } catch {
    return refused;
  }
}

/** The browser's storage of that name, or null where it is refused (reading the global throws) or absent. */
export const browserStorage = <Name extends 'localStorage' | 'sessionStorage' | 'indexedDB'>(name: Name): (typeof globalThis)[Name] | null =>
  guard(() => globalThis[name] ?? null, null);

/**
 * What the browser would not keep, kept for this page by area: one page-wide record, as widget.js
 * and the runtime it loads each bundle a copy of this module and must see the same values.
 */
const pageMemory = ((globalThis as unknown as Record<symbol, Record<string, Map<string, string>>>)[Symbol.for('kite-storage')] ??= {});
const memoryFor = (area: string) => (pageMemory[area] ??= new Map());

/** A storage area that never throws: what the browser will not keep (refused, quota) is kept in memory for the page. */
function guarded(name: 'localStorage' | 'sessionStorage') {
  const memory = memoryFor(name);
  return {
    get: (key: string): string | null => (memory.has(key) ? memory.get(key)! : guard(() => browserStorage(name)!.getItem(key), null)),
    set(key: string, value: string): void {
      if (guard(() => (browserStorage(name)!.setItem(key, value), true), false)) memory.delete(key);
      else memory.set(key, value);
    },
    remove(key: string): void {
      memory.delete(key);
      guard(() => browserStorage(name)!.removeItem(key), undefined);
    },
  };
}

/** Local storage, guarded. */
export const safeStorage = guarded('localStorage');
/** Session storage (per tab, gone with the session), guarded. */
export const safeSessionStorage = guarded('sessionStorage');

/** A cookie's value decoded; one the site's own scripts set unencoded (`50%`) is read as it is. */
const decode = (value: string): string => guard(() => decodeURIComponent(value), value);

/** Cookies the browser refused or dropped, kept for this page by name (their lifetimes outlast a page). */
const cookieJar = memoryFor('cookie');

/**
 * The browser's cookies as read once for a batch of reads and writes (`withOneCookieRead`), and
 * the cookies written since the last check. Each read of `document.cookie` after a write is a
 * synchronous call to the browser process (a few ms on a phone, tens on a busy one), and
 * recording a visit writes and reads a dozen. Page-wide, as `pageMemory` is.
 */
const cookieReads = ((globalThis as unknown as Record<symbol, { batch: Map<string, string> | null; written: Map<string, string> }>)[
  Symbol.for('kite-cookie-reads')
] ??= { batch: null, written: new Map() });

/** `document.cookie`, name to value; empty where it is refused (a sandboxed document). */
function readBrowserCookies(): Map<string, string> {
  const read = new Map<string, string>();
  for (const part of guard(() => document.cookie, '').split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0) read.set(part.slice(0, eq), decode(part.slice(eq + 1)));
  }
  return read;
}

/**
 * Runs `run` with one read of the browser's cookies for all its reads, its own writes kept up
 * to date in it: for bookkeeping that no other script can interleave with (it is synchronous).
 */
export function withOneCookieRead<T>(run: () => T): T {
  if (cookieReads.batch) return run();
  cookieReads.batch = readBrowserCookies();
  try {
    return run();
  } finally {
    cookieReads.batch = null;
  }
}

/**
 * At the end of a task that wrote cookies, one read instead of one per write: the ones the browser
 * does not have are kept for the page (one another script changed since is left as it is).
 */
function keepDroppedCookies(): void {
  const kept = readBrowserCookies();
  for (const [name, value] of cookieReads.written) if (!kept.has(name)) cookieJar.set(name, value);
  cookieReads.written.clear();
}

/** Every cookie of the page, name to value: the browser's, then those only this page keeps. */
function allCookies(): Map<string, string> {
  const all = new Map(cookieReads.batch ?? readBrowserCookies());
  // Written in this task and not checked yet: a cookie the browser dropped reads as written at once.
  for (const [name, value] of cookieReads.written) if (!all.has(name)) all.set(name, value);
  for (const [name, value] of cookieJar) all.set(name, value);
  return all;
}

/** The value of cookie `name`, or null. */
export const getCookie = (name: string): string | null => allCookies().get(name) ?? null;

/**
 * Sets a first-party cookie for the whole site; `maxAgeSeconds` 0 deletes it. One the browser
 * does not keep (cookies blocked or refused, over its size limit) is kept for this page instead,
 * found at the end of the task that wrote it.
 */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  guard(() => (document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeSeconds)}; Path=/; SameSite=Lax${secure}`), '');
  cookieJar.delete(name);
  if (maxAgeSeconds > 0) {
    if (!cookieReads.written.size) queueMicrotask(keepDroppedCookies);
    cookieReads.written.set(name, value);
    cookieReads.batch?.set(name, value);
  } else {
    cookieReads.written.delete(name);
    cookieReads.batch?.delete(name);
  }
}

export const days = (count: number) => count * COOKIE.SECONDS_PER_DAY;

/** Every cookie whose name starts with `prefix`, as a name to value map (the display call's `cookies`). */
export function cookiesWithPrefix(prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of allCookies()) if (name.startsWith(prefix)) out[name] = value;
  return out;
}
