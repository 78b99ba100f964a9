/**
 * Countdown timers (widget spec section 3 design_properties `timer`, section 4 "Pop-up life" and
 * "Gamified"). A timer is either a time from now (it ends that long after the visitor saw the
 * pop-up) or a wall-clock date, time and timezone. A date already past prevents showing; type 2
 * (the flip clock) closes the pop-up when under one second remains.
 */
import { SECOND_MS } from '../constants/widget.ts';
import { CONTENT } from '../constants/content.ts';
import { browserClock, type TimerClock } from './timers.ts';
import { HOURS_PER_DAY, MINUTES_PER_HOUR, parseUtcOffset, utcMs, wallClockMs, zoneFormatter } from './timer-dates.ts';

/** Ends `minutes` and `seconds` after the pop-up was shown. */
export interface FromNowTimer {
  kind: 'from_now';
  minutes: number;
  seconds: number;
}

/** Ends at a wall-clock moment: `date` `YYYY-MM-DD`, `time` `HH:mm`, in `timezone`. */
export interface DateTimer {
  kind: 'date';
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:mm`, 24-hour. */
  time: string;
  /**
   * An IANA name (`Asia/Jerusalem`), `UTC`, or an offset from UTC: `+02:00`, `-0530`, `+2`,
   * optionally after `UTC`/`GMT` (`GMT+3`). An unknown name counts as UTC.
   */
  timezone: string;
}

export type CountdownSpec = FromNowTimer | DateTimer;

/** What is left, split for display; `totalMs` is exact, the parts count whole seconds rounded up. */
export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  totalMs: number;
}

const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const SECONDS_PER_MINUTE = 60;

/** How far `zone`'s wall clock is ahead of UTC at the instant `at`, in milliseconds. */
function zoneOffsetMs(formatter: Intl.DateTimeFormat, at: number): number {
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(at))) parts[part.type] = part.value;
  const year = Number(parts.year) * (parts.era === 'BC' || parts.era === 'B' ? -1 : 1);
  const wall = utcMs(year, Number(parts.month), Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - (at - (((at % SECOND_MS) + SECOND_MS) % SECOND_MS));
}

/**
 * The instant a wall-clock time in `zone` happens. Two passes, because the offset depends on the
 * instant (daylight saving): guess with the offset at the wall time read as UTC, then correct.
 */
function zonedToInstant(wallAsUtc: number, zone: string): number {
  const offset = parseUtcOffset(zone);
  if (offset !== null) return wallAsUtc - offset * MINUTE_MS;
  const formatter = zoneFormatter(zone);
  if (!formatter) return wallAsUtc; // unknown zone: UTC, as documented on DateTimer.timezone
  const guess = wallAsUtc - zoneOffsetMs(formatter, wallAsUtc);
  return wallAsUtc - zoneOffsetMs(formatter, guess);
}

/**
 * When the countdown ends. A `from_now` timer ends its minutes and seconds after `shownAt`; a `date`
 * timer at its wall-clock moment in its timezone (`shownAt` does not matter). An impossible date,
 * a negative or non-finite duration, gives an invalid `Date`, which {@link isPast} counts as past.
 */
export function countdownEnd(spec: CountdownSpec, shownAt: Date): Date {
  if (spec.kind === 'from_now') {
    const duration = spec.minutes * MINUTE_MS + spec.seconds * SECOND_MS;
    if (!Number.isFinite(duration) || duration < 0) return new Date(NaN);
    return new Date(shownAt.getTime() + duration);
  }
  const wall = wallClockMs(spec.date, spec.time);
  return new Date(Number.isNaN(wall) ? NaN : zonedToInstant(wall, spec.timezone));
}

/**
 * What is left from `now` until `end`, never negative. The parts count whole seconds rounded up,
 * so a 10-second timer starts at 10 and shows 0 only when it has ended. An invalid date is 0 left.
 */
export function remaining(end: Date, now: Date): Remaining {
  const left = end.getTime() - now.getTime();
  const totalMs = Number.isFinite(left) && left > 0 ? left : 0;
  const totalSeconds = Math.ceil(totalMs / SECOND_MS);
  return {
    days: Math.floor((totalSeconds * SECOND_MS) / DAY_MS),
    hours: Math.floor((totalSeconds * SECOND_MS) / HOUR_MS) % HOURS_PER_DAY,
    minutes: Math.floor(totalSeconds / SECONDS_PER_MINUTE) % MINUTES_PER_HOUR,
    seconds: totalSeconds % SECONDS_PER_MINUTE,
    totalMs,
  };
}

/**
 * True when a date timer has already ended at `now`, which prevents showing the pop-up (widget spec
 * section 4). A `from_now` timer starts when shown, so it is never past beforehand; an unreadable
 * date timer is past (better no pop-up than a broken timer).
 */
export function isPast(spec: CountdownSpec, now: Date): boolean {
  if (spec.kind === 'from_now') return false;
  const end = countdownEnd(spec, now).getTime();
  return Number.isNaN(end) || end <= now.getTime();
}

/** Timer type 2 (flip clock) closes the pop-up when under one second remains. */
export function shouldCloseFlipClock(totalMs: number): boolean {
  return !(totalMs >= CONTENT.FLIP_CLOSE_UNDER_MS); // written so that NaN closes too
}

/**
 * Runs a countdown to `endMs`: `onTick` with what is left now and each time the shown second
 * changes (a wake-up exactly then, not a fixed interval, so it never lags or skips a second), then
 * `onExpire` once at the end, or for the flip clock as soon as under one second remains. Returns stop.
 */
export function runCountdown(
  endMs: number,
  flip: boolean,
  onTick: (left: Remaining) => void,
  onExpire: () => void,
  clock: TimerClock = browserClock,
): () => void {
  let id: unknown;
  const tick = () => {
    const left = remaining(new Date(endMs), new Date(clock.now()));
    onTick(left);
    if (left.totalMs === 0 || (flip && shouldCloseFlipClock(left.totalMs))) return onExpire();
    const toNextSecond = left.totalMs % CONTENT.COUNTDOWN_TICK_MS || CONTENT.COUNTDOWN_TICK_MS;
    const toFlipClose = flip ? left.totalMs - CONTENT.FLIP_CLOSE_UNDER_MS + 1 : Infinity;
    id = clock.setTimeout(tick, Math.min(toNextSecond, toFlipClose));
  };
  tick();
  return () => clock.clearTimeout(id);
}
