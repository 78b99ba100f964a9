/**
 * Time codes of the media player (content-site spec 001, section 5 "Time code"; 25 fps from
 * section 9): `hh:mm:ss` with 1 to 4 parts, the fourth being frames.
 */
import { PLAYER } from '../constants/site.ts';

const SECONDS_PER_MINUTE = 60;
export const SECONDS_PER_HOUR = 3_600;

/** Whole number, or (in the seconds part) a decimal with a dot or a comma (`1.5`, `1,5` as in SRT). */
const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(?:[.,]\d+)?$/;

/**
 * Seconds of a time code: `ss`, `mm:ss`, `hh:mm:ss` or `hh:mm:ss:ff` (ff frames at
 * `PLAYER.FRAMES_PER_SECOND`). The seconds part may carry decimals unless frames follow.
 * The leading part may be any size (`90` and `90:00` are fine); a part after it must be under
 * 60 (minutes, seconds) or under the frame rate (frames).
 *
 * @throws TypeError when `text` is not a string; RangeError for any other form (empty parts,
 *   signs, letters, 5 parts, `1:60`).
 */
export function parseTimeCode(text: unknown): number {
  if (typeof text !== 'string') throw new TypeError('A time code must be a string');
  const parts = text.trim().split(':');
  if (parts.length > 4) throw new RangeError(`Not a time code (hh:mm:ss with 1 to 4 parts): ${JSON.stringify(text)}`);
  const frames = parts.length === 4 ? parts.pop()! : undefined;
  const fail = () => new RangeError(`Not a time code (hh:mm:ss with 1 to 4 parts): ${JSON.stringify(text)}`);
  const last = parts.length - 1;
  let seconds = 0;
  parts.forEach((part, i) => {
    const decimals = i === last && frames === undefined;
    if (!(decimals ? DECIMAL : WHOLE).test(part)) throw fail();
    const value = Number(part.replace(',', '.'));
    // Only the leading part may overflow its unit: `1:75` is no time code, `75` is.
    if (i > 0 && value >= SECONDS_PER_MINUTE) throw fail();
    seconds = seconds * SECONDS_PER_MINUTE + value;
  });
  if (frames !== undefined) {
    if (!WHOLE.test(frames) || Number(frames) >= PLAYER.FRAMES_PER_SECOND) throw fail();
    seconds += Number(frames) / PLAYER.FRAMES_PER_SECOND;
  }
  return seconds;
}

export interface FormatTimeOptions {
  /** Always write hours (`0:01:05`), e.g. for every time of a player whose duration is an hour or more. */
  hours?: boolean;
  /** Append frames at `PLAYER.FRAMES_PER_SECOND`, hours always written (`0:01:05:12`), the time code's 4-part form. */
  frames?: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A time for display: `m:ss`, or `h:mm:ss` from an hour on (or with `hours`), whole seconds
 * rounded down. A negative, `NaN` or infinite value (an unknown or live duration) reads `0:00`.
 * `parseTimeCode(formatTime(s))` gives back `Math.floor(s)` (with `frames`, `s` to the frame).
 */
export function formatTime(seconds: number, options: FormatTimeOptions = {}): string {
  const fps = PLAYER.FRAMES_PER_SECOND;
  const safe = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
  // Frames through a tiny tolerance, so 0.2 s * 25 = 4.999... is still frame 5.
  const totalFrames = Math.floor(safe * fps + 1e-6);
  const whole = options.frames ? Math.floor(totalFrames / fps) : Math.floor(safe);
  const h = Math.floor(whole / SECONDS_PER_HOUR);
  const m = Math.floor(whole / SECONDS_PER_MINUTE) % SECONDS_PER_MINUTE;
  const s = whole % SECONDS_PER_MINUTE;
  const time = h > 0 || options.hours || options.frames ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
  return options.frames ? `${time}:${pad(totalFrames % fps)}` : time;
}
