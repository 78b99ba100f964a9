/**
 * Sending a lead (widget spec sections 3, 7 and 8): the conversion payload with every documented
 * field, the lead outbox, the redirect the submit leads to (performed by shared/widget/redirect.ts),
 * the conversion's scripts and the mobile call-type error context. Loaded with the outbox when a pop-up with a form shows
 * (poptin.calls.ts), so none of it is on the path to showing the pop-up.
 */
// Types only: a value imported from the machine's module would pull it into this lazy chunk.
import type { ConversionInput, ConversionResult, FormValues, RedirectLink } from '../../machines/poptin/poptin.types.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { CORE_FORM_KEY, FORM, OUTBOX, STORAGE_KEY, VISITED_PAGES } from '../../shared/constants/widget.ts';
import type { ConversionForm } from '../../shared/api/schemas.ts';
import { getCookie, safeSessionStorage, safeStorage } from '../../shared/storage/storage.ts';
import { apiUrl, clipText, pageUrl } from '../../shared/api/url.ts';
import { sendLead } from '../../shared/api/outbox-core.ts';
import { appendConversionCode, reportError } from '../../shared/api/conversion-code.ts';
import { redirect, redirectAfterSubmit } from '../../shared/widget/redirect.ts';
import type { CallSettings } from './poptin.calls.ts';
import { storeFields } from '../../shared/api/poptin-calls.ts';

function operatingSystem(): string {
  const data = (navigator as { userAgentData?: { platform?: string } }).userAgentData;
  return data?.platform || navigator.platform || '';
}

/** The coupon the pop-up shows, sent with the lead (`coupon`). */
function couponOf(record: PoptinRecord): string {
  for (const block of record.design?.blocks ?? []) if (block.type === 'coupon') return block.code;
  const coupon = (record.design_properties as { coupon?: { code?: unknown } }).coupon;
  return typeof coupon?.code === 'string' ? coupon.code : '';
}

/** What a lead says about this page and browser, read when it is sent (a node test passes its own). */
export function browserFacts() {
  return {
    url: pageUrl(),
    title: clipText(document.title),
    referrer: clipText(document.referrer),
    origin_landing_page: safeSessionStorage.get(STORAGE_KEY.ORIGIN_LANDING_PAGE) ?? pageUrl(),
    previous_visited_pages: safeStorage.get(STORAGE_KEY.PREVIOUS_VISITED_PAGES) ?? '',
    pop_urls: safeSessionStorage.get(STORAGE_KEY.POP_URLS) ?? '',
    browser_language: navigator.language,
    operating_system: operatingSystem(),
    last_converted_email: safeStorage.get(STORAGE_KEY.CONVERTED_EMAIL) ?? '',
    leader_request_cookie: getCookie(FORM.LEADER_REQUEST_COOKIE) ?? '',
  } satisfies Partial<ConversionForm>;
}
export type BrowserFacts = ReturnType<typeof browserFacts>;

/**
 * The conversion call's form (widget spec section 7): the form's values, then every documented
 * field, each named as the server's schema names it (`ConversionForm`).
 */
export function conversionPayload(
  record: PoptinRecord,
  settings: CallSettings,
  values: FormValues,
  viewId: string | null,
  link: RedirectLink | null = null,
  facts: BrowserFacts = browserFacts(),
): FormValues {
  const { clientId, visitorId, trigger, context = {} } = settings;
  const fields: Omit<ConversionForm, 'conversion_key'> = {
    ...facts,
    p_target: record.poptin_target ?? 'lead',
    trigger: trigger ?? '',
    poptin_id: record.poptin_id,
    client_id: clientId ?? '',
    visitor: visitorId ?? '',
    referrer: context.referrer ?? facts.referrer,
    previous_url: context.previous_url ?? '',
    visited_pages: (context.visited_pages ?? []).join(VISITED_PAGES.SEPARATOR),
    ...storeFields(context),
    extra_button: link?.url ?? '',
    // A game's prize brings its own coupon (shared/logic/prize.ts prizeFields).
    coupon: typeof values.coupon === 'string' && values.coupon ? values.coupon : couponOf(record),
    poptin_view_id: viewId ?? '',
    // A preview's lead is stored only if the owner's link says so.
    ...(context.preview_token ? { preview_token: context.preview_token } : {}),
  };
  // The form's own values win over these defaults; the documented fields win over the form's.
  return { [CORE_FORM_KEY.checkbox]: '0', newExtraFields: '[]', ...values, ...fields };
}

/** What a submit leads to: the server's answer, and the redirect to run once the pop-up counts as submitted. */
export interface SentLead {
  result: ConversionResult;
  /** Performs the redirect (shared/widget/redirect.ts), or null for none. */
  redirect: (() => void) | null;
  /** The redirect leaves this page: the pop-up closes quickly and the answer is waited for at most `OUTBOX.REDIRECT_WAIT_MS`. */
  leavesPage: boolean;
}

/**
 * The redirect a submit leads to: a clicked redirect link's (a new-tab link was opened by the
 * click itself), else the pop-up's redirect setting, with the form's values when
 * `poptin_design_redirect_send_form_data` is on.
 */
function redirectOf(record: PoptinRecord, values: FormValues, link: RedirectLink | null): Omit<SentLead, 'result'> {
  const mobile = record.poptin_type === 'mobile';
  if (link) {
    return link.target === '_blank'
      ? { redirect: null, leavesPage: false }
      : { redirect: () => void redirect(link.url, { mobile }), leavesPage: true };
  }
  const properties = record.design_properties;
  if (!properties.poptin_design_redirect || !properties.poptin_design_redirect_url) return { redirect: null, leavesPage: false };
  const { newExtraFields: _extra, ...sent } = values;
  const formData = Object.fromEntries(Object.entries(sent).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
  return { redirect: () => void redirectAfterSubmit(record, formData), leavesPage: properties.poptin_design_redirect_target !== '_blank' };
}

/**
 * Sends one submit's lead through the outbox: stored at once, sent after `input.delayMs` (a
 * redirect link's delay). A redirect that leaves the page waits at most `OUTBOX.REDIRECT_WAIT_MS`
 * from the submit (`submittedAt`) for the answer, after that delay; the lead stays in the outbox
 * either way. Once it is delivered, `onDelivered` runs, then the conversion's scripts go to the
 * page head (fetched first, so they run after the pop-up has taken the answer). A mobile call-type pop-up's failures, refused or not delivered yet, go to
 * the error helper with the spec's context.
 */
export async function sendPoptinLead(
  record: PoptinRecord,
  settings: CallSettings,
  { values, viewId, delayMs }: ConversionInput,
  /** The redirect link the visitor clicked to submit, if any. */
  link: RedirectLink | null,
  submittedAt: number,
  /** Called once the lead is delivered, even if the pop-up has closed meanwhile. */
  onDelivered: () => void,
): Promise<SentLead> {
  // The pop-up's own add to cart runs once the lead went through (poptin.cart.tsx), so its outcome is shown.
  const next = redirectOf(record, values, link);
  if (!settings.api) return { result: { status: 'sent', conversionId: null }, ...next };
  const result = await sendLead(
    apiUrl(settings.api, `/api/display/conversion/${encodeURIComponent(record.viewer_id)}`),
    conversionPayload(record, settings, values, viewId, link),
    {
      delayMs,
      waitMs: next.leavesPage ? Math.max(0, submittedAt + delayMs + OUTBOX.REDIRECT_WAIT_MS - Date.now()) : undefined,
      onDelivered: ({ conversionCode }) => {
        // Marked first: the owner's code runs after, and its failure (a throw, a CSP refusal) is only reported.
        onDelivered();
        appendConversionCode(conversionCode).catch((error: unknown) => reportError(error, 'poptin conversion code'));
      },
    },
  );
  const callType =
    record.poptin_type === 'mobile' &&
    (record.design?.blocks ?? []).some((block) => block.type === 'form' && block.fields.some((field) => field.kind === 'call'));
  if (callType && result.status !== 'sent') {
    reportError(new Error(result.status === 'rejected' ? result.message : 'not delivered yet, kept for a retry'), 'poptin conversion call to mobile');
  }
  return { result, ...next };
}
