/**
 * The viewed and closed calls (widget spec section 7) with their bodies. Loaded once the pop-up
 * is up (poptin.calls.ts), with the lead's code, so none of it is on the path to showing the
 * pop-up (issue 22: the analytics calls wait until after the first frame).
 */
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { STORAGE_KEY } from '../../shared/constants/widget.ts';
import { safeStorage } from '../../shared/storage/storage.ts';
import { pageUrl } from '../../shared/api/url.ts';
import { recordClose, recordView, storeFields } from '../../shared/api/poptin-calls.ts';
import type { ClosedRequest, Sendable, ViewedRequest } from '../../shared/api/schemas.ts';
import type { CallSettings } from './poptin.calls.ts';

/** What the viewed and closed calls say about this page, read when they are sent (a node test passes its own). */
export const visitFacts = () => ({
  url: pageUrl(),
  mobile: matchMedia('(pointer: coarse)').matches,
  convertedEmail: safeStorage.get(STORAGE_KEY.CONVERTED_EMAIL) ?? undefined,
});
export type VisitFacts = ReturnType<typeof visitFacts>;

/** The viewed call's body (widget spec section 7), as the server's schema types it. */
export const viewedPayload = (
  record: PoptinRecord,
  { clientId, visitorId, context: page }: CallSettings,
  trigger: string | null,
  facts: VisitFacts = visitFacts(),
): Sendable<ViewedRequest> => ({
  viewer_id: record.viewer_id,
  trigger,
  client_id: clientId ?? '',
  visitor_id: visitorId,
  type: facts.mobile ? 'mobile' : 'desktop',
  url: facts.url,
  ...storeFields(page),
  converted_email: facts.convertedEmail,
  // A preview's view is not counted: the server checks the owner's token.
  preview_token: page?.preview_token,
});

/** The closed call's body (widget spec section 7), as the server's schema types it. */
export const closedPayload = ({ clientId, context: page }: CallSettings, closeTrigger: string | null, facts: VisitFacts = visitFacts()): Sendable<ClosedRequest> => ({
  client_id: clientId ?? '',
  url: facts.url,
  close_trigger: closeTrigger,
  converted_email: facts.convertedEmail,
  ...storeFields(page),
});

/** Sends the viewed call; resolves with `poptin_view_id`, or null when it failed. */
export const sendView = (api: string, record: PoptinRecord, calls: CallSettings, trigger: string | null) =>
  recordView(api, record.poptin_id, viewedPayload(record, calls, trigger));

/** Sends the closed call, fire and forget. */
export const sendClose = (api: string, record: PoptinRecord, calls: CallSettings, closeTrigger: string | null) =>
  recordClose(api, record.poptin_id, closedPayload(calls, closeTrigger));
