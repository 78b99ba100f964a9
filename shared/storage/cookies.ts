import { COOKIE } from '../constants/widget.ts';

/** A cookie's value decoded; one the site's own scripts set unencoded (`50%`) is read as it is. */
function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The value of cookie `name`, or null. */
export function getCookie(name: string): string | null {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) return decode(part.slice(eq + 1));
  }
  return null;
}

/** Sets a first-party cookie for the whole site; `maxAgeSeconds` 0 deletes it. */
export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(maxAgeSeconds)}; Path=/; SameSite=Lax${secure}`;
}

export const days = (count: number) => count * COOKIE.SECONDS_PER_DAY;

/** Every cookie whose name starts with `prefix`, as a name to value map (the display call's `cookies`). */
export function cookiesWithPrefix(prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.startsWith(prefix)) out[part.slice(0, eq)] = decode(part.slice(eq + 1));
  }
  return out;
}

/** Local storage that never throws (Safari private mode, storage disabled, quota). */
export const safeStorage = {
  get(key: string, area: Storage | null = globalThis.localStorage ?? null): string | null {
    try {
      return area?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string, area: Storage | null = globalThis.localStorage ?? null): void {
    try {
      area?.setItem(key, value);
    } catch {
      /* storage unavailable: the widget still works, it only forgets */
    }
  },
};
