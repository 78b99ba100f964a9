/**
 * This page's visit bookkeeping: done by whichever starts the widget (widget.js, or a kite-widget
 * placed by hand), so a pop-up's code never carries it.
 */
import { COOKIE, METADATA, STORAGE_KEY, VISITED_PAGES } from '../constants/widget.ts';
import { clipText, pageUrl } from '../api/url.ts';
import { days, getCookie, safeSessionStorage, safeStorage, setCookie, withOneCookieRead } from '../storage/storage.ts';

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
  /** This page started a session (no session cookie was there). */
  newSession: boolean;
  /** The visit's number: 1 for the visitor's first session. */
  visit: number;
  /** The visitor had a session before this one (or the old-user cookie says so). */
  returning: boolean;
  /** Pages seen in this session, this one included. */
  pageViews: number;
}

const randomId = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`);

/**
 * The widget's bookkeeping on every page (widget spec section 3 "Client storage"): the visitor
 * id, session, last-visit, referrer and previous-url cookies and the visited-pages list, each
 * with the spec's lifetime. Returns what it read before writing.
 */
export function recordVisit(now = Date.now()): Visit {
  // A dozen reads and writes: the browser is asked once (each read after a write is a synchronous call to it).
  return withOneCookieRead(() => bookVisit(now));
}

function bookVisit(now: number): Visit {
  const visitorId = getCookie(STORAGE_KEY.CLIENT_ID) ?? randomId();
  setCookie(STORAGE_KEY.CLIENT_ID, visitorId, days(COOKIE.CLIENT_ID_DAYS));

  const existingSession = getCookie(STORAGE_KEY.SESSION);
  const newSession = existingSession === null;
  const sessionId = existingSession ?? randomId();
  setCookie(STORAGE_KEY.SESSION, sessionId, days(COOKIE.SESSION_DAYS));
  setCookie(STORAGE_KEY.SESSION_TIMER, String(now), COOKIE.SESSION_TIMER_S);

  // Visits are sessions: a new session is the next visit. A visitor with a session before is returning.
  const previousVisits = Math.max(0, Math.trunc(Number(getCookie(STORAGE_KEY.VISIT_COUNT))) || 0);
  const visit = newSession ? previousVisits + 1 : Math.max(1, previousVisits);
  if (newSession) setCookie(STORAGE_KEY.VISIT_COUNT, String(visit), days(COOKIE.LAST_VISIT_DAYS));
  if (visit > 1) setCookie(STORAGE_KEY.OLD_USER, '1', days(COOKIE.OLD_USER_DAYS));
  const returning = visit > 1 || getCookie(STORAGE_KEY.OLD_USER) !== null;
  const pageViews = newSession ? 1 : (Math.trunc(Number(getCookie(STORAGE_KEY.PAGE_VIEWS))) || 0) + 1;
  setCookie(STORAGE_KEY.PAGE_VIEWS, String(pageViews), days(COOKIE.SESSION_DAYS));

  const lastVisitValue = Number(getCookie(STORAGE_KEY.LAST_VISIT));
  setCookie(STORAGE_KEY.LAST_VISIT, String(now), days(COOKIE.LAST_VISIT_DAYS));

  // Only a referrer from another site is worth remembering; internal pages keep the first one.
  const external = document.referrer && !document.referrer.startsWith(location.origin) ? clipText(document.referrer) : '';
  const referrer = external || getCookie(STORAGE_KEY.REFERRER) || '';
  if (referrer) setCookie(STORAGE_KEY.REFERRER, referrer, COOKIE.REFERRER_S);

  const previousUrl = getCookie(STORAGE_KEY.PREVIOUS_URL) ?? '';
  setCookie(STORAGE_KEY.PREVIOUS_URL, pageUrl(), days(COOKIE.SESSION_DAYS));

  const stored = safeStorage.get(STORAGE_KEY.PREVIOUS_VISITED_PAGES);
  const visitedPages = [...(stored ? stored.split(VISITED_PAGES.SEPARATOR) : []), location.pathname].map((path) => clipText(path, METADATA.PATH_MAX_CHARS)).slice(-VISITED_PAGES.MAX_ENTRIES);
  safeStorage.set(STORAGE_KEY.PREVIOUS_VISITED_PAGES, visitedPages.join(VISITED_PAGES.SEPARATOR));

  // The session's first page, and this page (session storage: per tab, gone with the session).
  if (!safeSessionStorage.get(STORAGE_KEY.ORIGIN_LANDING_PAGE)) safeSessionStorage.set(STORAGE_KEY.ORIGIN_LANDING_PAGE, pageUrl());
  safeSessionStorage.set(STORAGE_KEY.LANDED_URL, pageUrl());

  return {
    visitorId,
    sessionId,
    referrer,
    previousUrl,
    visitedPages,
    lastVisit: Number.isFinite(lastVisitValue) && lastVisitValue > 0 ? lastVisitValue : null,
    newSession,
    visit,
    returning,
    pageViews,
  };
}

