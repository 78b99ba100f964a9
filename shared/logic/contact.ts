/**
 * The contact form's class-driven checks (content-site spec 001, section 5 "Contact form"), pure:
 * the element runs them in the browser and the reference server runs the same ones again.
 *
 * A CMS theme marks each field with a class naming its check (`<input class="text_input is_email">`).
 * Every check also requires a value: the theme only adds a check class to a required field, so an
 * empty `is_email` field fails, as it does in the theme.
 */
import { CONTACT_FORM } from '../constants/site.ts';

/** The check classes, in the order the form runs them. */
export const CONTACT_RULES = [
  'is_empty',
  'is_email',
  'is_ext_email',
  'is_special_email',
  'is_phone',
  'is_number',
  'is_positiv_number',
  'captcha',
] as const;

/** One check class (the spec's spelling, `is_positiv_number` included). */
export type ContactRule = (typeof CONTACT_RULES)[number];

/** What a check needs besides the value. */
export interface ContactCheckOptions {
  /**
   * `captcha` only: the verifier value. Its last character is a digit `i`; the expected answer is
   * the character at index `i` of the whole value (`'3a8f92'` → index 2 → `'8'`). This is how the
   * theme writes it: a hidden `<input id="{name}_verifier">` next to the captcha field; the element
   * also takes it from a `data-verifier` attribute on the field.
   */
  verifier?: string;
}

/** The default prefix of the error message (the form's `fields-with-error` replaces it). Word for word from the spec. */
export const CONTACT_FIELDS_WITH_ERROR_DEFAULT = 'Found errors in the following field(s): ';

const TLD = `[A-Za-z]{${CONTACT_FORM.EMAIL_TLD_MIN_LETTERS},${CONTACT_FORM.EMAIL_TLD_MAX_LETTERS}}`;
const UMLAUTS = 'ÄÖÜäöü';
/** Domain labels separated by single dots, then the top-level domain. */
const domain = (extra: string) => `[\\w${extra}][\\w\\-${extra}]*(?:\\.[\\w\\-${extra}]+)*\\.${TLD}`;

/**
 * The e-mail patterns. The theme's own patterns put `|` inside their character classes by mistake
 * (`[\w|\.|\-]`), which lets `a|b@x.com` through, and allow `..` in the domain; these do neither.
 */
const EMAIL = {
  /** is_email: letters, digits, `_`, `.` and `-` before the `@`. */
  basic: new RegExp(`^[\\w.\\-]+@${domain('')}$`),
  /** is_ext_email: the same, with German umlauts on both sides. */
  extended: new RegExp(`^[\\w.\\-${UMLAUTS}]+@${domain(UMLAUTS)}$`),
  /** is_special_email: every character RFC 5322 allows unquoted in the local part, plus umlauts and ß. */
  special: new RegExp(`^[A-Za-z0-9.!#$%&'*+\\-/=?^_\`{|}~${UMLAUTS}ß]+@${domain(UMLAUTS)}$`),
} as const;

/**
 * is_phone: digits, white space, the punctuation phone numbers are written with
 * (`+ - / ( ) [ ] . _ , : ;`) and extension words (`x`, `ext`, `extension`), in any case.
 */
const PHONE = /^(?:[\d\s\-/()[\].+_,:;ext]|ension)+$/i;
/** is_number: an optional minus, an integer without leading zeros, an optional fraction after a dot or a comma. */
const NUMBER = /^-?(?:0|[1-9]\d*)(?:[.,]\d+)?$/;
const DIGIT = /\d/;

/**
 * The answer a captcha verifier asks for: the character at the index its last character names,
 * or `null` when the verifier cannot say (empty, not ending in a digit, index past its end).
 */
export function captchaAnswer(verifier: unknown): string | null {
  if (typeof verifier !== 'string' || verifier === '') return null;
  const last = verifier.charAt(verifier.length - 1);
  if (last < '0' || last > '9') return null;
  return verifier.charAt(Number(last)) || null;
}

/**
 * Does `value` pass the check `rule`? Section 5:
 *
 * - `is_empty`: not blank (white space alone is blank).
 * - `is_email`: `local@domain.tld`, the top-level domain 2 to 20 letters.
 * - `is_ext_email`: the same, also allowing umlauts. `is_special_email`: a wider local part.
 * - `is_phone`: at least 3 characters of digits, spaces, phone punctuation and extension letters,
 *   with at least one digit (the theme's pattern took `---` for a phone number).
 * - `is_number`: optional minus, integer or decimal with a dot or a comma.
 * - `is_positiv_number`: a number as above that is not negative.
 * - `captcha`: the typed value (trimmed) equals the character the verifier picks ({@link captchaAnswer}).
 *
 * An unknown rule constrains nothing. Never throws; a value that is not a string counts as empty.
 */
export function validateContactField(value: unknown, rule: ContactRule, options: ContactCheckOptions = {}): boolean {
  const text = typeof value === 'string' ? value : '';
  switch (rule) {
    case 'is_empty':
      return text.trim() !== '';
    case 'is_email':
      return EMAIL.basic.test(text);
    case 'is_ext_email':
      return EMAIL.extended.test(text);
    case 'is_special_email':
      return EMAIL.special.test(text);
    case 'is_phone':
      return text.length >= CONTACT_FORM.PHONE_MIN_CHARS && PHONE.test(text) && DIGIT.test(text);
    case 'is_number':
      return NUMBER.test(text);
    case 'is_positiv_number':
      // `-0` is zero, not negative.
      return NUMBER.test(text) && Number(text.replace(',', '.')) >= 0;
    case 'captcha': {
      const answer = captchaAnswer(options.verifier);
      return answer !== null && text.trim() === answer;
    }
    default:
      return true;
  }
}

/** The first check of `rules` that `value` fails, or `null` when it passes them all. */
export function failedContactRule(value: unknown, rules: readonly ContactRule[], options: ContactCheckOptions = {}): ContactRule | null {
  return rules.find((rule) => !validateContactField(value, rule, options)) ?? null;
}

const RULES = new Set<string>(CONTACT_RULES);

/**
 * The checks a class list asks for, in {@link CONTACT_RULES} order, each once. Whole class names
 * only: `recaptcha` is not `captcha` (the theme matched substrings).
 */
export function contactRulesOf(...classLists: Array<string | null | undefined>): ContactRule[] {
  const found = new Set(
    classLists.flatMap((list) => (typeof list === 'string' ? list.split(/\s+/) : [])).filter((name) => RULES.has(name)),
  );
  return CONTACT_RULES.filter((rule) => found.has(rule));
}

/** Half of a UTF-16 pair without its other half: no UTF-8 for it, so it is sent as U+FFFD (as `FormData` does). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The body of the form post: `name=value` pairs joined with `&`, names and values URL-encoded
 * (`encodeURIComponent`: a space is `%20`, `+` is `%2B`, umlauts are UTF-8 bytes). Never throws.
 */
export function encodeContactFields(fields: ReadonlyArray<readonly [string, string]>): string {
  const encode = (text: string) => encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD'));
  return fields.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}

/**
 * The validation message: the prefix (default {@link CONTACT_FIELDS_WITH_ERROR_DEFAULT}), exactly
 * one space, and the labels joined with `, `. Themes write their custom prefix with or without a
 * trailing space (`"Please check:"`); either reads the same. A blank prefix leaves the labels alone.
 */
export function contactErrorMessage(labels: readonly string[], prefix: string = CONTACT_FIELDS_WITH_ERROR_DEFAULT): string {
  const lead = prefix.trimEnd();
  return `${lead}${lead ? ' ' : ''}${labels.join(', ')}`;
}

/** What the URL parser strips from both ends (C0 controls and space), and removes anywhere (tab, newline). */
// oxlint-disable-next-line no-control-regex -- the URL parser's C0 controls, matched on purpose
const EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
/**
 * A relative address inherits the page's scheme; probing against both http and https bases keeps
 * the answer the same on any page (`https:` alone resolves on an https page, not on an http one).
 */
const PROBE_BASES = ['http://kite.invalid/', 'https://kite.invalid/'];

/**
 * The address to send the visitor to after a successful send (`redirect`), or `null` when it must
 * not be followed: only `http:` and `https:` addresses and relative ones (`/thanks`, `thanks.html`,
 * `?sent=1`, `#thanks`, `//host/x`). `javascript:`, `data:` and every other scheme give `null`, in
 * any case and with tabs, newlines or spaces mixed in (the browser's URL parser decides, as it does
 * for `location.assign`), and so does anything that is no address on an http or an https page.
 * Never throws.
 */
export function safeRedirectUrl(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const clean = url.replace(TAB_OR_NEWLINE, '').replace(EDGES, '');
  if (clean === '') return null;
  const resolvesToHttp = (base: string) => {
    try {
      const { protocol } = new URL(clean, base);
      return protocol === 'http:' || protocol === 'https:';
    } catch {
      return false;
    }
  };
  return PROBE_BASES.every(resolvesToHttp) ? clean : null;
}

/**
 * The wire names of the contact form send (spec section 7 "Contact form send"), shared by the
 * element and the reference server so both always agree.
 */
export const CONTACT_POST = {
  /** Added to every ajax post (`ajax_request=true`); a post without it is a plain form post and gets a whole page. */
  AJAX_FLAG: 'ajax_request',
  /** Added (`mailing_list=true`) when the form has the `mailing-list` attribute. */
  MAILING_LIST_FLAG: 'mailing_list',
  /** The hidden field naming the form; the theme's `avia_generated_form{id}` field works too. */
  FORM_ID_FIELD: 'form_id',
  /** Class of the response container when the answer is not keyed by a form id. */
  RESPONSE_CLASS: 'ajaxresponse',
  /** Class of the error container (the theme's) when the answer is not keyed by a form id. */
  ERROR_CLASS: 'avia-form-error',
} as const;

/**
 * The whole body a contact form posts (section 7): its fields, then `ajax_request=true` (unless it
 * is the custom-send variant, a plain form post) and `mailing_list=true` when asked.
 */
export function contactPostBody(
  fields: ReadonlyArray<readonly [string, string]>,
  { customSend, mailingList }: { customSend: boolean; mailingList: boolean },
): string {
  const pairs = [...fields];
  if (!customSend) pairs.push([CONTACT_POST.AJAX_FLAG, 'true']);
  if (mailingList) pairs.push([CONTACT_POST.MAILING_LIST_FLAG, 'true']);
  return encodeContactFields(pairs);
}

/** The id of the response container keyed by form id: `ajaxresponse_{formId}` (the theme's). */
export const contactResponseId = (formId: string): string => `ajaxresponse_${formId}`;
/** The id of the error container keyed by form id: `ajaxresponse_error_{formId}`. */
export const contactErrorId = (formId: string): string => `ajaxresponse_error_${formId}`;
