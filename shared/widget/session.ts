import { COOKIE, METADATA, STORAGE_KEY, VISITED_PAGES } from '../constants/widget.ts';
import { FREQUENCY } from '../constants/frequency.ts';
import { clipText } from '../api/url.ts';
import { days, getCookie, safeSessionStorage, setCookie } from '../storage/storage.ts';
import type { Visit } from './visit.ts';
import type { ActorRefFrom } from 'xstate';
import type { widgetMachine } from '../../machines/widget/widget.machine.ts';

// What a run does to the visit's cookies and the tab's session storage while the page is open:
// loaded by kite-widget as the run starts, apart from the pop-up's code, as nothing on screen waits for it.

/**
 * Keeps the visit's short cookies alive while the page stays open (widget spec section 3): every
 * 20 s the session timer (one minute) and the session itself (30 minutes), so a visitor who stays
 * on one page past half an hour is still in the same visit on the next; every 60 s the referrer
 * (about 2 minutes). Returns the stop.
 */
export function keepSessionAlive(): () => void {
  const renew = (name: string, seconds: number) => {
    const value = getCookie(name);
    if (value) setCookie(name, value, seconds);
  };
  const timers = [
    setInterval(() => {
      setCookie(STORAGE_KEY.SESSION_TIMER, String(Date.now()), COOKIE.SESSION_TIMER_S);
      renew(STORAGE_KEY.SESSION, days(COOKIE.SESSION_DAYS));
    }, COOKIE.SESSION_TIMER_REFRESH_MS),
    setInterval(() => renew(STORAGE_KEY.REFERRER, COOKIE.REFERRER_S), COOKIE.REFERRER_REFRESH_MS),
  ];
  return () => timers.forEach(clearInterval);
}

/**
 * The seen cookie's value (read by shared/logic/display-rules.ts): when, in which session and
 * visit, and whether the pop-up is embedded, so the frequency and engagement rules can tell.
 */
export const seenCookieValue = (at: number, sessionId: string, visit: number, embedded: boolean): string =>
  [at, sessionId, visit, embedded ? FREQUENCY.SEEN_EMBEDDED : FREQUENCY.SEEN_OTHER].join(FREQUENCY.SEEN_SEPARATOR);

/** How long a seen cookie must live for its rule to read it: 1 day, or the days or visits rule's span. */
export function seenCookieDays(rule: string | undefined): number {
  const match = new RegExp(`(${FREQUENCY.EVERY_DAYS}|${FREQUENCY.EVERY_VISITS})_(\\d+)$`).exec(String(rule ?? '').toLowerCase());
  if (!match) return COOKIE.MARKER_DAYS;
  return match[1] === FREQUENCY.EVERY_DAYS ? Math.max(COOKIE.MARKER_DAYS, Number(match[2])) : COOKIE.LAST_VISIT_DAYS;
}

/** When a pop-up shows: its seen cookie (`poptin_o_a_d_{id}`), and this page in `pop_urls`. */
export function markSeen(poptinId: string, rule: string | undefined, embedded: boolean, visit: Pick<Visit, 'sessionId' | 'visit'>): void {
  setCookie(`${STORAGE_KEY.SEEN_PREFIX}${poptinId}`, seenCookieValue(Date.now(), visit.sessionId, visit.visit, embedded), days(seenCookieDays(rule)));
  markPopUrl();
}

/**
 * Adds this page to `pop_urls` (session storage) when a pop-up shows on it: the pages of this tab
 * on which the visitor saw a pop-up, oldest first, each once (a page seen again moves to the end),
 * at most `VISITED_PAGES.MAX_ENTRIES`. The lead carries the list (components/poptin/poptin.lead.ts).
 */
function markPopUrl(): void {
  const path = clipText(location.pathname, METADATA.PATH_MAX_CHARS);
  const stored = safeSessionStorage.get(STORAGE_KEY.POP_URLS);
  const paths = [...(stored ? stored.split(VISITED_PAGES.SEPARATOR) : []).filter((earlier) => earlier !== path), path];
  safeSessionStorage.set(STORAGE_KEY.POP_URLS, paths.slice(-VISITED_PAGES.MAX_ENTRIES).join(VISITED_PAGES.SEPARATOR));
}

const carriedKey = (poptinId: string) => STORAGE_KEY.ACTIVE_TRIGGER_PREFIX + poptinId;

/**
 * A queued pop-up outlives its page in the tab (`apt_{id}`, docs/poptin-record.md "triggers"): the
 * run's queued pop-ups are kept for the next page (the widget machine's `carried` there) as the
 * page is left (`pagehide`), or by `keep` as a single-page app moves on.
 */
export function keepQueued(actor: Pick<ActorRefFrom<typeof widgetMachine>, 'getSnapshot'>) {
  const queued = () => actor.getSnapshot().context.queue;
  const keep = () => queued().forEach(({ poptinId, trigger }) => safeSessionStorage.set(carriedKey(poptinId), trigger));
  // Back from the back-forward cache, the page still has them queued: the marks are not for another page.
  const restored = ({ persisted }: PageTransitionEvent) => persisted && queued().forEach(({ poptinId }) => safeSessionStorage.remove(carriedKey(poptinId)));
  addEventListener('pagehide', keep);
  addEventListener('pageshow', restored);
  return {
    keep,
    stop: () => {
      removeEventListener('pagehide', keep);
      removeEventListener('pageshow', restored);
    },
  };
}
