/**
 * Date tags for pop-up text (widget spec section 3 "Date tags for pop-up text"): an owner writes
 * "Sale ends {{tomorrow}}!" and the visitor reads "Sale ends Friday!".
 *
 * | tag | becomes | en, Wed 15 Jan 2025 | he |
 * |---|---|---|---|
 * | `{{current_year}}` | the year | `2025` | `2025` |
 * | `{{previous_month}}` | last month's name | `December` | `דצמבר` |
 * | `{{current_month}}` | this month's name | `January` | `ינואר` |
 * | `{{next_month}}` | next month's name | `February` | `פברואר` |
 * | `{{yesterday}}` | yesterday's weekday | `Tuesday` | `יום שלישי` |
 * | `{{today}}` | today's weekday | `Wednesday` | `יום רביעי` |
 * | `{{tomorrow}}` | tomorrow's weekday | `Thursday` | `יום חמישי` |
 * | `{{date_dmy}}` | day/month/year | `15/01/2025` | `15/01/2025` |
 * | `{{date_mdy}}` | month/day/year | `01/15/2025` | `01/15/2025` |
 *
 * Tags are case-insensitive and may have spaces inside the braces (`{{ Today }}`). Anything else in
 * double braces is left exactly as written. Dates are the visitor's own calendar day (the
 * `Date`'s local time), which is what "today" means to the person reading the pop-up.
 */

/** The tag names, without braces. */
export const DATE_TAGS = [
  'current_year',
  'previous_month',
  'current_month',
  'next_month',
  'yesterday',
  'today',
  'tomorrow',
  'date_dmy',
  'date_mdy',
] as const;

export type DateTag = (typeof DATE_TAGS)[number];

/** Any Sunday (5 January 2025), at noon: whole days from it stay far from any clock change. */
const A_SUNDAY = { year: 2025, month: 0, day: 5, hour: 12 };

/**
 * Month and weekday names in `lang` from the browser's own locale data (Intl), so any page
 * language gets its names without a table here; an unknown or malformed `lang` reads English.
 */
function makeNames(lang: string) {
  let locale = 'en';
  try {
    locale = Intl.DateTimeFormat.supportedLocalesOf(lang)[0] ?? 'en';
  } catch {
    // A malformed tag (RangeError): English.
  }
  const months = new Intl.DateTimeFormat(locale, { month: 'long' });
  const weekdays = new Intl.DateTimeFormat(locale, { weekday: 'long' });
  return {
    month: (index: number) => months.format(new Date(A_SUNDAY.year, index, 1, A_SUNDAY.hour)),
    weekday: (index: number) => weekdays.format(new Date(A_SUNDAY.year, A_SUNDAY.month, A_SUNDAY.day + index, A_SUNDAY.hour)),
  };
}

/** Formatters are costly to make: one pair per language, made at its first tag. */
const namesByLanguage = new Map<string, ReturnType<typeof makeNames>>();
const namesIn = (lang: string) => namesByLanguage.get(lang) ?? namesByLanguage.set(lang, makeNames(lang)).get(lang)!;

const MONTHS_PER_YEAR = 12;
const DAYS_PER_WEEK = 7;

const TAG = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

const pad2 = (value: number) => String(value).padStart(2, '0');
/** `((n % m) + m) % m`: a remainder that is never negative, so January's previous month is December. */
const wrap = (value: number, size: number) => ((value % size) + size) % size;

/** The text of one tag for `now`, or `undefined` for a name that is not a date tag. */
export function dateTagValue(tag: string, now: Date, lang: string = 'en'): string | undefined {
  const names = namesIn(lang);
  const month = now.getMonth();
  const weekday = now.getDay();
  const day = pad2(now.getDate());
  const monthNumber = pad2(month + 1);
  const year = String(now.getFullYear());
  switch (tag.toLowerCase() as DateTag) {
    case 'current_year':
      return year;
    case 'previous_month':
      return names.month(wrap(month - 1, MONTHS_PER_YEAR));
    case 'current_month':
      return names.month(month);
    case 'next_month':
      return names.month(wrap(month + 1, MONTHS_PER_YEAR));
    case 'yesterday':
      return names.weekday(wrap(weekday - 1, DAYS_PER_WEEK));
    case 'today':
      return names.weekday(weekday);
    case 'tomorrow':
      return names.weekday(wrap(weekday + 1, DAYS_PER_WEEK));
    case 'date_dmy':
      return `${day}/${monthNumber}/${year}`;
    case 'date_mdy':
      return `${monthNumber}/${day}/${year}`;
    default:
      return undefined;
  }
}

/**
 * Replaces the date tags in `text` (see the table above) with their values at `now` in `lang`.
 * Unknown tags and all other text stay as they are; an invalid `now` leaves the text unchanged.
 *
 * ```ts
 * applyDateTags('Offer ends {{tomorrow}}', new Date(2025, 0, 15), 'en'); // 'Offer ends Thursday'
 * ```
 */
export function applyDateTags(text: string, now: Date, lang: string = 'en'): string {
  if (typeof text !== 'string' || !text.includes('{{') || Number.isNaN(now.getTime())) return text;
  return text.replace(TAG, (whole, name: string) => dateTagValue(name, now, lang) ?? whole);
}
