import { COOKIE, STORAGE_KEY } from '../constants/widget.ts';
import { getCookie, setCookie } from '../storage/cookies.ts';

/**
 * Keeps the session timer cookie (one minute, refreshed every 20 s) and the referrer cookie
 * (about 2 minutes, refreshed every 60 s) alive while the page stays open. Returns the stop.
 * A module of its own: nothing on screen waits for it, so it stays out of the pop-up's first load.
 */
export function keepSessionAlive(): () => void {
  const timers = [
    setInterval(() => setCookie(STORAGE_KEY.SESSION_TIMER, String(Date.now()), COOKIE.SESSION_TIMER_S), COOKIE.SESSION_TIMER_REFRESH_MS),
    setInterval(() => {
      const referrer = getCookie(STORAGE_KEY.REFERRER);
      if (referrer) setCookie(STORAGE_KEY.REFERRER, referrer, COOKIE.REFERRER_S);
    }, COOKIE.REFERRER_REFRESH_MS),
  ];
  return () => timers.forEach(clearInterval);
}
