/**
 * The dates of a countdown's `date` timer (widget spec section 3 `timer`): a wall-clock date and
 * time, and the timezone it is read in. Apart from the countdown's clock (countdown.ts), because
 * every record with content blocks is checked with these (blocks.schema.ts), and few have a
 * countdown to run.
 */

export const MINUTES_PER_HOUR = 60;
export const HOURS_PER_DAY = 24;
/** Real offsets run from UTC-12:00 to UTC+14:00. */
const MAX_OFFSET_MINUTES = 14 * MINUTES_PER_HOUR;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;
const OFFSET = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i;
const UTC_NAMES = /^(?:UTC|GMT|Z|Etc\/UTC|Etc\/GMT)$/i;

/** Milliseconds since the epoch for a UTC wall clock, valid for every 4-digit year (Date.UTC maps 0-99 to 1900s). */
export function utcMs(year: number, month: number, day: number, hour: number, minute: number, second = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  return date.getTime();
}

/** `+02:00` style offsets in minutes east of UTC, or `null` when `zone` is not an offset. */
export function parseUtcOffset(zone: string): number | null {
  if (UTC_NAMES.test(zone.trim())) return 0;
  const match = OFFSET.exec(zone.trim());
  if (!match) return null;
  const minutes = Number(match[2]) * MINUTES_PER_HOUR + Number(match[3] ?? 0);
  if (Number(match[3] ?? 0) >= MINUTES_PER_HOUR || minutes > MAX_OFFSET_MINUTES) return null;
  return match[1] === '-' ? -minutes : minutes;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter that reads wall-clock parts in `zone`, or `null` when the runtime does not know the zone. */
export function zoneFormatter(zone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(zone)) {
    let formatter: Intl.DateTimeFormat | null = null;
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        era: 'short',
      });
    } catch {
      formatter = null; // RangeError: not an IANA name this runtime knows
    }
    formatters.set(zone, formatter);
  }
  return formatters.get(zone) ?? null;
}

/** True for a timezone the countdown (countdown.ts) understands: an offset, `UTC`, or an IANA name the runtime knows. */
export function isKnownTimezone(zone: string): boolean {
  return typeof zone === 'string' && (parseUtcOffset(zone) !== null || zoneFormatter(zone) !== null);
}

/** The date timer's wall clock read as UTC, or NaN when `date` or `time` is not a real one. */
export function wallClockMs(date: string, time: string): number {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return NaN;
  const [year, month, day, hour, minute] = [Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2])];
  if (hour >= HOURS_PER_DAY || minute >= MINUTES_PER_HOUR) return NaN;
  const ms = utcMs(year, month, day, hour, minute);
  const check = new Date(ms);
  // 2025-02-30 rolls over to March: refuse it rather than count down to the wrong day.
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return NaN;
  return ms;
}

/** True when `date` is `YYYY-MM-DD` and `time` `HH:mm`, both real. */
export function isValidTimerDate(date: string, time: string): boolean {
  return !Number.isNaN(wallClockMs(date, time));
}
