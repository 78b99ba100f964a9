/**
 * The client-side display rules (widget spec sections 3 "Filters" and 4 "Display frequency
 * rules"): frequency, audience, engagement with other pop-ups, cookie and global-value filters
 * and the ad-block condition, decided from facts the page supplies. Pure: the facts come in,
 * a verdict per pop-up goes out. The widget loads this module only for pop-ups that have such
 * rules, so a plain pop-up costs nothing.
 */
import { COOKIE, STORAGE_KEY } from '../constants/widget.ts';
import { FREQUENCY } from '../constants/frequency.ts';
import type { CookieFilter, JsFilter } from '../schema/poptin-record.ts';

/** What decides whether a pop-up may show, as the record carries it. */
export interface DisplayRules {
  d_f_r?: string;
  stop_showing_to_converted_users?: boolean;
  engagement_with_other_poptin_filter?: string;
  cookie_filter?: CookieFilter;
  js_filter?: JsFilter;
  display_if_adblock_active?: boolean;
}

/** Embedded pop-ups and the rest, as the engagement filter tells them apart. */
export type PoptinKind = 'embedded' | 'other';

/** The visit as the page knows it before this page's pop-ups show. */
export interface VisitFacts {
  /** Milliseconds since the epoch. */
  now: number;
  /** Every cookie of the page, name to value. */
  cookies: Record<string, string>;
  /** The session cookie's id. */
  sessionId: string;
  /** This visit's number (1 for the first session). */
  visit: number;
  /** The visitor came before (a session before this one). */
  returning: boolean;
}

/**
 * `show`: armed as usual; `click_only`: the frequency rule holds it back, but a click on a link
 * carrying its id still opens it; `hidden`: a filter or the audience rules it out on this page.
 */
export type Verdict = 'show' | 'click_only' | 'hidden';

export type FrequencyKind = 'everytime' | 'session' | 'day' | 'days' | 'visits';

export interface FrequencyRule {
  audience: 'all' | 'new' | 'returning';
  kind: FrequencyKind;
  /** Days or visits between two shows; 1 for the other kinds. */
  every: number;
}

const DAY_MS = COOKIE.SECONDS_PER_DAY * 1_000;

/**
 * Reads `d_f_r` (`{audience}@{rule}`). No audience means `all`; an unknown audience or rule, or
 * none at all, means every time on every page, so a rule this version does not know never hides
 * a pop-up. Never throws.
 */
export function parseFrequencyRule(text: string | undefined): FrequencyRule {
  const value = String(text ?? '').trim().toLowerCase();
  const at = value.indexOf(FREQUENCY.AUDIENCE_SEPARATOR);
  const audienceText = at >= 0 ? value.slice(0, at) : 'all';
  const rule = at >= 0 ? value.slice(at + 1) : value;
  const audience = (FREQUENCY.AUDIENCES as readonly string[]).includes(audienceText) ? (audienceText as FrequencyRule['audience']) : 'all';
  const count = (prefix: string) => {
    if (!rule.startsWith(`${prefix}_`)) return null;
    const n = Number(rule.slice(prefix.length + 1));
    return Number.isInteger(n) && n >= 1 ? n : null;
  };
  const days = count(FREQUENCY.EVERY_DAYS);
  if (days !== null) return { audience, kind: 'days', every: days };
  const visits = count(FREQUENCY.EVERY_VISITS);
  if (visits !== null) return { audience, kind: 'visits', every: visits };
  if (rule === FREQUENCY.ONCE_PER_SESSION) return { audience, kind: 'session', every: 1 };
  if (rule === FREQUENCY.ONCE_A_DAY) return { audience, kind: 'day', every: 1 };
  return { audience, kind: 'everytime', every: 1 };
}

/** The seen cookie's facts: when the pop-up showed, in which session and visit, and its kind. */
export interface Seen {
  at: number;
  session: string;
  visit: number;
  kind: PoptinKind;
}

/**
 * Reads a seen cookie (`poptin_o_a_d_{id}`) value, `{ms}_{session}_{visit}_{e|o}`. A value in
 * another shape (an older widget's `1`) still means "seen", at an unknown time: it counts as
 * seen now, in this session, so the rules stay on the side of not repeating a pop-up.
 */
export function parseSeen(value: string | undefined, facts: Pick<VisitFacts, 'now' | 'sessionId' | 'visit'>): Seen | null {
  if (value === undefined) return null;
  const parts = value.split(FREQUENCY.SEEN_SEPARATOR);
  const at = Number(parts[0]);
  const visit = Number(parts.at(-2));
  if (parts.length < 4 || !Number.isFinite(at) || !Number.isInteger(visit)) {
    return { at: facts.now, session: facts.sessionId, visit: facts.visit, kind: 'other' };
  }
  return {
    at,
    // A session id may itself hold the separator (a UUID does not, but be safe): all the middle parts.
    session: parts.slice(1, -2).join(FREQUENCY.SEEN_SEPARATOR),
    visit,
    kind: parts.at(-1) === FREQUENCY.SEEN_EMBEDDED ? 'embedded' : 'other',
  };
}

/** Whether the frequency rule lets `poptinId` show again, given when it last showed. */
export function frequencyAllows(rule: FrequencyRule, poptinId: string, facts: VisitFacts): boolean {
  const seen = parseSeen(facts.cookies[STORAGE_KEY.SEEN_PREFIX + poptinId], facts);
  if (!seen) return true;
  switch (rule.kind) {
    case 'session':
      return seen.session !== facts.sessionId;
    case 'day':
      return facts.now - seen.at >= DAY_MS;
    case 'days':
      return facts.now - seen.at >= rule.every * DAY_MS;
    case 'visits':
      return facts.visit - seen.visit >= rule.every;
    default:
      return true;
  }
}

/** Whether the audience part of the rule takes this visitor. */
export const audienceAllows = (rule: FrequencyRule, facts: VisitFacts): boolean =>
  rule.audience === 'all' || (rule.audience === 'returning') === facts.returning;

const ENGAGEMENT_ACTIONS = ['seen', 'not_seen', 'closed', 'converted'] as const;

/**
 * `engagement_with_other_poptin_filter`, e.g. `show|converted|other|any` (show only to visitors
 * who converted on some other non-embedded pop-up) or `not|seen|embedded|kiteembed0001`. With a
 * pop-up id the kind part is not needed and is ignored. A malformed filter lets the pop-up show.
 * `kinds`: the kind of each pop-up this page knows, for ids whose seen cookie is gone.
 */
export function engagementAllows(filter: string | undefined, selfId: string, facts: VisitFacts, kinds: Record<string, PoptinKind> = {}): boolean {
  if (!filter) return true;
  const [role, action, kindText, target] = filter.split(FREQUENCY.ENGAGEMENT_SEPARATOR).map((part) => part.trim());
  if ((role !== 'show' && role !== 'not') || !(ENGAGEMENT_ACTIONS as readonly string[]).includes(action ?? '') || !target) return true;
  const { cookies } = facts;
  const has = (prefix: string, id: string) => Object.prototype.hasOwnProperty.call(cookies, prefix + id);
  const kindOf = (id: string): PoptinKind => parseSeen(cookies[STORAGE_KEY.SEEN_PREFIX + id], facts)?.kind ?? kinds[id] ?? 'other';
  const did = (id: string) =>
    action === 'closed' ? has(STORAGE_KEY.CLOSED_X_PREFIX, id) : action === 'converted' ? has(STORAGE_KEY.CONVERSION_PREFIX, id) : has(STORAGE_KEY.SEEN_PREFIX, id);

  let engaged: boolean;
  if (target !== 'any') {
    engaged = action === 'not_seen' ? !did(target) : did(target);
  } else {
    const kind: PoptinKind = kindText === 'embedded' ? 'embedded' : 'other';
    const ids = new Set<string>();
    for (const name of Object.keys(cookies)) {
      for (const prefix of [STORAGE_KEY.SEEN_PREFIX, STORAGE_KEY.CLOSED_X_PREFIX, STORAGE_KEY.CONVERSION_PREFIX]) {
        if (name.startsWith(prefix)) ids.add(name.slice(prefix.length));
      }
    }
    ids.delete(selfId);
    const ofKind = [...ids].filter((id) => kindOf(id) === kind);
    engaged = action === 'not_seen' ? !ofKind.some(did) : ofKind.some(did);
  }
  return role === 'show' ? engaged : !engaged;
}

/** Reads a filter's `show` setting: role (`show`, `hide`) and match (`equals`, `contains`, `exists`). */
function parseShow(text: string | undefined): { hide: boolean; match: 'equals' | 'contains' | 'exists' } {
  const [role, match] = String(text ?? '').toLowerCase().split(FREQUENCY.FILTER_MARKER);
  return { hide: role === 'hide', match: match === 'contains' || match === 'exists' ? match : 'equals' };
}

/** One filter condition: the actual value (undefined when there is none) against the expected. */
function conditionPasses(actual: string | undefined, expected: string | undefined, show: string | undefined): boolean {
  const { hide, match } = parseShow(show);
  const matches =
    actual !== undefined && (match === 'exists' || (match === 'contains' ? actual.includes(expected ?? '') : actual === (expected ?? '')));
  return hide ? !matches : matches;
}

/** `cookie_filter`: when active, every rule must pass. */
export function cookieFilterAllows(filter: CookieFilter | undefined, cookies: Record<string, string>): boolean {
  if (!filter?.display_if_specific_cookie_active) return true;
  return (filter.rules ?? []).every((rule) =>
    conditionPasses(Object.prototype.hasOwnProperty.call(cookies, rule.name) ? cookies[rule.name] : undefined, rule.value, rule.show),
  );
}

/** Keys a path may never walk through: they lead to prototypes, not to the page's data. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);
const PATH_PART = /^(?:[A-Za-z_$][\w$]*|\d+)$/;

/**
 * The value at `path` (`dataLayer.0.user.plan`) under `root`, read property by property. It
 * never evaluates code, refuses `__proto__`, `prototype` and `constructor` and any part that is
 * not a plain name or index, and stops at `FREQUENCY.JS_PATH_MAX_PARTS` parts. A getter that
 * throws gives undefined. Never throws.
 */
export function readPath(root: unknown, path: string): unknown {
  const parts = String(path).trim().split('.');
  if (parts.length > FREQUENCY.JS_PATH_MAX_PARTS || !parts.every((part) => PATH_PART.test(part) && !FORBIDDEN_KEYS.has(part))) return undefined;
  let current: unknown = root;
  for (const part of parts) {
    if (current === null || (typeof current !== 'object' && typeof current !== 'function')) return undefined;
    try {
      current = (current as Record<string, unknown>)[part];
    } catch {
      return undefined;
    }
  }
  return current;
}

/** A global value as the filter compares it: primitives as text, objects only as "there". */
function valueText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' || typeof value === 'function' ? '' : String(value);
}

/** `js_filter`: when active, every name / value / show triple must pass. */
export function jsFilterAllows(filter: JsFilter | undefined, root: unknown): boolean {
  if (!filter?.display_if_specific_js_active) return true;
  const names = filter.js_name_pair ?? [];
  return names.every((name, index) => {
    const show = filter.js_show_pair?.[index];
    const actual = valueText(readPath(root, name));
    // An object compared for equality never matches; "exists" and "hide" still work on it.
    return conditionPasses(actual, filter.js_value_pair?.[index], show);
  });
}

/** A pop-up as the decision needs it. */
export interface RuledPoptin {
  poptinId: string;
  kind: PoptinKind;
  rules: DisplayRules;
}

export interface DecideInput {
  poptins: RuledPoptin[];
  facts: VisitFacts;
  /** Where `js_filter` paths start: the page's `window`. */
  root?: unknown;
  /** Whether an ad blocker is active; asked only when a pop-up has `display_if_adblock_active`. */
  probeAdblock?: () => Promise<boolean>;
  /** The kind of every pop-up of the page, for the engagement filter's ids without a seen cookie. */
  kinds?: Record<string, PoptinKind>;
}

/** The verdict for one pop-up. `adblock`: the probe's answer (false when not asked). */
export function verdictOf(poptin: RuledPoptin, facts: VisitFacts, context: { adblock: boolean; root?: unknown; kinds?: Record<string, PoptinKind> }): Verdict {
  const { rules, poptinId } = poptin;
  const rule = parseFrequencyRule(rules.d_f_r);
  const filtered =
    (rules.stop_showing_to_converted_users === true && Object.prototype.hasOwnProperty.call(facts.cookies, STORAGE_KEY.CONVERSION_PREFIX + poptinId)) ||
    (rules.display_if_adblock_active === true && !context.adblock) ||
    !audienceAllows(rule, facts) ||
    !engagementAllows(rules.engagement_with_other_poptin_filter, poptinId, facts, context.kinds) ||
    !cookieFilterAllows(rules.cookie_filter, facts.cookies) ||
    !jsFilterAllows(rules.js_filter, context.root);
  if (filtered) return 'hidden';
  return frequencyAllows(rule, poptinId, facts) ? 'show' : 'click_only';
}

/** Every pop-up's verdict; probes for an ad blocker first when one of them asks. */
export async function decide(input: DecideInput): Promise<Record<string, Verdict>> {
  const needsProbe = input.poptins.some((poptin) => poptin.rules.display_if_adblock_active === true);
  let adblock = false;
  if (needsProbe && input.probeAdblock) {
    try {
      adblock = await input.probeAdblock();
    } catch {
      adblock = false;
    }
  }
  const kinds = { ...input.kinds, ...Object.fromEntries(input.poptins.map((poptin) => [poptin.poptinId, poptin.kind])) };
  return Object.fromEntries(input.poptins.map((poptin) => [poptin.poptinId, verdictOf(poptin, input.facts, { adblock, root: input.root, kinds })]));
}
