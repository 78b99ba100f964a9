import { COOKIE, STORAGE_KEY, VISITED_PAGES } from '../constants/widget.ts';
import { days, getCookie, safeStorage, setCookie } from '../storage/cookies.ts';

/** What the visit looks like before this page's bookkeeping writes anything. */
export interface Visit {
  visitorId: string;
  sessionId: string;
  /** The external page the visitor came from, kept across internal pages. */
  referrer: string;
  /** The page before this one on this site. */
  previousUrl: string;
  /** Paths visited before, oldest first, this one last. */
  visitedPages: string[];
  /** When the previous visit was, ms since epoch; null on a first visit. */
  lastVisit: number | null;
}

const randomId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);

/**
 * The widget's bookkeeping on every page (widget spec section 3 "Client storage"): the visitor
 * id, session, last-visit, referrer and previous-url cookies and the visited-pages list, each
 * with the spec's lifetime. Returns what it read before writing.
 */
export function recordVisit(now = Date.now()): Visit {
  const visitorId = getCookie(STORAGE_KEY.CLIENT_ID) ?? randomId();
  setCookie(STORAGE_KEY.CLIENT_ID, visitorId, days(COOKIE.CLIENT_ID_DAYS));

  const sessionId = getCookie(STORAGE_KEY.SESSION) ?? randomId();
  setCookie(STORAGE_KEY.SESSION, sessionId, days(COOKIE.SESSION_DAYS));

  const lastVisitValue = Number(getCookie(STORAGE_KEY.LAST_VISIT));
  setCookie(STORAGE_KEY.LAST_VISIT, String(now), days(COOKIE.LAST_VISIT_DAYS));

  // Only a referrer from another site is worth remembering; internal pages keep the first one.
  const external = document.referrer && !document.referrer.startsWith(location.origin) ? document.referrer : '';
  const referrer = external || getCookie(STORAGE_KEY.REFERRER) || '';
  if (referrer) setCookie(STORAGE_KEY.REFERRER, referrer, COOKIE.REFERRER_S);

  const previousUrl = getCookie(STORAGE_KEY.PREVIOUS_URL) ?? '';
  setCookie(STORAGE_KEY.PREVIOUS_URL, location.href, days(COOKIE.SESSION_DAYS));

  const stored = safeStorage.get(STORAGE_KEY.PREVIOUS_VISITED_PAGES);
  const visitedPages = [...(stored ? stored.split(VISITED_PAGES.SEPARATOR) : []), location.pathname].slice(-VISITED_PAGES.MAX_ENTRIES);
  safeStorage.set(STORAGE_KEY.PREVIOUS_VISITED_PAGES, visitedPages.join(VISITED_PAGES.SEPARATOR));

  // The session's first page, and this page (session storage: per tab, gone with the session).
  if (!safeStorage.get(STORAGE_KEY.ORIGIN_LANDING_PAGE, globalThis.sessionStorage ?? null)) {
    safeStorage.set(STORAGE_KEY.ORIGIN_LANDING_PAGE, location.href, globalThis.sessionStorage ?? null);
  }
  safeStorage.set(STORAGE_KEY.LANDED_URL, location.href, globalThis.sessionStorage ?? null);

  return { visitorId, sessionId, referrer, previousUrl, visitedPages, lastVisit: Number.isFinite(lastVisitValue) && lastVisitValue > 0 ? lastVisitValue : null };
}

/** Keeps the referrer cookie alive while the page stays open (it lives about 2 minutes). */
export function keepReferrerAlive(): () => void {
  const timer = setInterval(() => {
    const referrer = getCookie(STORAGE_KEY.REFERRER);
    if (referrer) setCookie(STORAGE_KEY.REFERRER, referrer, COOKIE.REFERRER_S);
  }, COOKIE.REFERRER_REFRESH_MS);
  return () => clearInterval(timer);
}
