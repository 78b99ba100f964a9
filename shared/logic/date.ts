/**
 * Date and birthday fields (widget spec section 5): dates are `dd/mm/yyyy`; a birthday must be
 * in the past ('Please enter a valid birthday.'). The native date input gives `yyyy-mm-dd`;
 * a typed field gives `dd/mm/yyyy`; both are sent as `dd/mm/yyyy`.
 */

export interface DateParts {
  year: number;
  /** 1 to 12. */
  month: number;
  /** 1 to 31. */
  day: number;
}

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day (no 31 April, 29 February only in leap years), years 1000 to 9999. */
function realDate(year: number, month: number, day: number): DateParts | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days ? { year, month, day } : null;
}

/** `dd/mm/yyyy` to its parts, or null. Never throws. */
export function parseDmy(text: string): DateParts | null {
  const match = DMY.exec(String(text).trim());
  return match ? realDate(Number(match[3]), Number(match[2]), Number(match[1])) : null;
}

/** `yyyy-mm-dd` (a native date input's value) to its parts, or null. Never throws. */
export function parseIsoDate(text: string): DateParts | null {
  const match = ISO.exec(String(text).trim());
  return match ? realDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Parts to `dd/mm/yyyy`. */
export const formatDmy = ({ year, month, day }: DateParts) => `${two(day)}/${two(month)}/${year}`;
/** Parts to `yyyy-mm-dd`. */
export const formatIso = ({ year, month, day }: DateParts) => `${year}-${two(month)}-${two(day)}`;

/** Either form to parts: what a date field holds, whichever input it is. */
export const parseDate = (text: string): DateParts | null => parseDmy(text) ?? parseIsoDate(text);

/** Either form to `dd/mm/yyyy` (what is sent), or null. Idempotent on its result. */
export function toDmy(text: string): string | null {
  const parts = parseDate(text);
  return parts ? formatDmy(parts) : null;
}

/**
 * A typed date as the visitor types it: digits only, at most 8, with the slashes put in
 * (`01022024` gives `01/02/2024`, `0102` gives `01/02`). Idempotent.
 */
export function normaliseDateInput(typed: string): string {
  const digits = String(typed).replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** Today in the visitor's time zone, as parts. */
export const todayOf = (now: Date): DateParts => ({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });

const key = ({ year, month, day }: DateParts) => year * 10_000 + month * 100 + day;

/** True when `date` is before today (`now` in the visitor's time zone). */
export const isPastDate = (date: DateParts, now: Date) => key(date) < key(todayOf(now));

/** A date field: a real date in either form. Never throws. */
export function validateDate(text: string): { valid: boolean; code?: 'dateInvalid' } {
  return parseDate(text) ? { valid: true } : { valid: false, code: 'dateInvalid' };
}

/** A birthday: a real date before today ('Please enter a valid birthday.'). Never throws. */
export function validateBirthday(text: string, now: Date): { valid: boolean; code?: 'birthdayInvalid' } {
  const parts = parseDate(text);
  return parts && isPastDate(parts, now) ? { valid: true } : { valid: false, code: 'birthdayInvalid' };
}
