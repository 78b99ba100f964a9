/**
 * Which pop-ups a visitor gets from the display call (widget spec sections 7 and 8): none for a
 * client over its plan, one variant of each A/B test, none it converted on when the pop-up says so.
 */
import type { DisplayRequest } from '../../../shared/api/schemas.ts';
import { STORAGE_KEY } from '../../../shared/constants/widget.ts';
import { UPGRADE } from '../../../shared/constants/owner-limits.ts';
import type { DisplayResponse, PoptinRecord, UpgradeSetting } from '../../../shared/schema/poptin-record.ts';
import type { Context } from '../router.ts';
import type { ClientRow, Poptin } from '../store.ts';
import { given } from './display-request.ts';
import { IDENTITY_SERVICE } from '../identity/constants.ts';

/**
 * The refusal for a client over its plan (widget spec section 8), or null when it may display:
 * restricted, or its views used up. With `client_restriction` the widget shows the upgrade
 * pop-up (`is_client_restriction` and the `upgrade_setting`); otherwise it only logs.
 */
export async function refusal(ctx: Context, client: ClientRow): Promise<DisplayResponse | null> {
  let message: string | null = null;
  if (client.restricted === 1) message = UPGRADE.MESSAGE_RESTRICTED;
  else if (client.max_views !== null && (await ctx.store.clientViews(client.id)) >= client.max_views) message = UPGRADE.MESSAGE_MAX_VIEWS;
  if (message === null) return null;
  const answer: DisplayResponse = { display: 'not_allowed', message, poptins: [] };
  if (client.client_restriction === 1) {
    answer.is_client_restriction = true;
    answer.upgrade_setting = client.upgrade_setting ? (JSON.parse(client.upgrade_setting) as UpgradeSetting) : {};
  }
  return answer;
}

/**
 * A stable, evenly spread 32-bit weight for a text: FNV-1a, then murmur3's finaliser, so texts
 * that differ only in their last characters (one visitor, two variants) still get unrelated weights.
 */
function weight(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}

/** The A/B test a pop-up belongs to: its `ab_test_parent_id`, or its own id when it is the test's first pop-up. */
export const abTestOf = (record: PoptinRecord): string | null => record.ab_test_parent_id ?? (record.ab_test ? record.poptin_id : null);

/**
 * A/B tests (issue 4 item 5): of the active pop-ups of one test, a visitor gets one, the same on
 * every visit (the visitor id cookie lives 365 days). Rendezvous hashing: each variant is weighed
 * by a hash of the visitor and the variant's id and the heaviest wins, so pausing or adding a
 * variant moves only the visitors of the paused one (or those the new one wins), never the others.
 * Without a visitor id, the test's first pop-up.
 */
export function abVariants(poptins: Poptin[], visitorId: string | null): Poptin[] {
  const tests = new Map<string, Poptin[]>();
  for (const poptin of poptins) {
    const test = abTestOf(poptin.record);
    if (test) tests.set(test, [...(tests.get(test) ?? []), poptin]);
  }
  const chosen = new Set<string>();
  for (const [test, members] of tests) {
    const score = (poptin: Poptin) =>
      visitorId ? weight(`${visitorId}:${poptin.poptin_id}`) : poptin.poptin_id === test ? 1 : 0;
    // Ties (no visitor id and the first pop-up paused) go to the lowest id, whatever the row order.
    const [best] = [...members].sort((a, b) => score(b) - score(a) || a.poptin_id.localeCompare(b.poptin_id));
    chosen.add(best!.poptin_id);
  }
  return poptins.filter((poptin) => !abTestOf(poptin.record) || chosen.has(poptin.poptin_id));
}

/**
 * The pop-ups the browser's converted values name: those signed for this client and not expired.
 * Each value costs one HMAC whatever it holds, and nothing here reads the leads, so the answer and
 * its time say nothing about any address or visitor.
 */
function convertedPoptins(ctx: Context, clientId: string, values: readonly string[]): Set<string> {
  const poptinIds = new Set<string>();
  for (const value of values) {
    const verified = ctx.signer.verify(value, 'converted', clientId);
    if (verified.ok) poptinIds.add(verified.claims.poptin);
  }
  return poptinIds;
}

/**
 * The client's pop-ups for this visitor: active, its A/B variant, minus those it converted on, and
 * minus the members-only ones (`members_only: true`, issue 20) unless the page's member cookie
 * holds a valid member access token.
 */
export async function visitorPoptins(ctx: Context, client: ClientRow, body: DisplayRequest): Promise<PoptinRecord[]> {
  const cookies = body.cookies ?? {};
  const converted = convertedPoptins(ctx, client.id, body.converted ?? []);
  const memberToken = cookies[IDENTITY_SERVICE.MEMBER_COOKIE];
  const member = typeof memberToken === 'string' && ctx.isMemberToken(memberToken);
  return abVariants(await ctx.store.activePoptins(client.id), given(body.visitor_id))
    .filter((poptin) => member || poptin.record.members_only !== true)
    .filter((poptin) => {
      if (poptin.record.stop_showing_to_converted_users !== true) return true;
      if (Object.prototype.hasOwnProperty.call(cookies, STORAGE_KEY.CONVERSION_PREFIX + poptin.poptin_id)) return false;
      return !converted.has(poptin.poptin_id);
    })
    .map((poptin) => poptin.record);
}
