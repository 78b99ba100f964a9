/**
 * What the display API's visitor calls require of a request before they act: the client, the
 * pop-up and its owner named in the call exist and match, the preview token is signed for the
 * pop-up, and '' reads as "not given".
 */
import { API_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { HttpError } from '../http.ts';
import { unknownParamError, type Context } from '../router.ts';
import type { Claims } from '../signing.ts';
import type { ClientRow, Poptin } from '../store.ts';

const NOT_OWNER = 'client id does not own this poptin';

/** '' and undefined both mean "not given". */
export const given = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

export async function requireClient(ctx: Context, clientId: string): Promise<ClientRow> {
  const client = await ctx.store.client(clientId);
  if (!client) throw unknownParamError('clientId');
  return client;
}

export async function requirePoptin(ctx: Context, poptinId: string): Promise<Poptin> {
  const poptin = await ctx.store.poptin(poptinId);
  if (!poptin) throw unknownParamError('poptin_id');
  return poptin;
}

/**
 * A switched-off pop-up takes no new lead and counts no view: its owner turned it off, and a view
 * of it would still count against the client's max_views. A typed code, so the outbox drops the
 * lead for good and says why instead of retrying it.
 */
export const inactiveError = () => new HttpError(403, 'poptin is inactive: it takes no leads or views', { code: API_ERROR_CODE.INACTIVE_POPTIN });

/**
 * The client a visitor call names must exist and own the pop-up: views count against a client's
 * max_views, so an unchecked id would let anyone use up another client's views.
 */
export async function requireOwner(ctx: Context, poptin: Poptin, clientId: string): Promise<void> {
  await requireClient(ctx, clientId);
  if (poptin.client_id !== clientId) throw new HttpError(403, NOT_OWNER);
}

/** A refused preview: the display call says why beside the normal pop-ups; the other calls answer 400. */
export const PREVIEW_REFUSED = {
  invalid: 'preview link not signed for this pop-up: ask the owner API for a preview link',
  expired: 'preview link expired: ask the owner API for a new one',
} as const;

const badPreview = (reason: keyof typeof PREVIEW_REFUSED) =>
  new HttpError(400, PREVIEW_REFUSED[reason], { code: API_ERROR_CODE.BAD_PREVIEW });

/** The preview claims of `token` for this pop-up, or throws 400 `bad_preview`. */
export function requirePreview(ctx: Context, poptin: Poptin, token: string): Claims {
  const verified = ctx.signer.verify(token, 'preview', poptin.client_id);
  if (!verified.ok) throw badPreview(verified.reason);
  if (verified.claims.poptin !== poptin.poptin_id) throw badPreview('invalid');
  return verified.claims;
}
