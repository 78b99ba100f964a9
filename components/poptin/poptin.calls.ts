import { fromPromise } from 'xstate';
import { afterSubmitMs, poptinMachine } from '../../machines/poptin/poptin.machine.ts';
import { isXClose, REDIRECT_LINK, type ConversionInput, type ConversionResult, type FormValues } from '../../machines/poptin/poptin.types.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { COOKIE, STORAGE_KEY } from '../../shared/constants/widget.ts';
import { days, safeStorage, setCookie } from '../../shared/storage/storage.ts';
import { apiUrl, pageUrl } from '../../shared/api/url.ts';
import type { DisplayContext } from '../../shared/api/display-call.ts';
import type { ConversionForm } from '../../shared/api/schemas.ts';
import { keepForNextPage, preloadOutbox } from '../../shared/api/outbox.ts';

/** What the calls need from the element; read at call time, so attribute changes are honoured. */
export interface CallSettings {
  api?: string;
  clientId?: string;
  visitorId?: string;
  trigger?: string;
  /** The visit as the widget recorded it at start (referrer, previous page, visited pages). */
  context?: Partial<DisplayContext>;
}

type Lead = typeof import('./poptin.lead.ts');
/** The lead's code (payload, outbox, redirect, conversion scripts), fetched once a pop-up shows. */
const loadLead = () => import('./poptin.lead.ts');
/** The viewed and closed calls, fetched once a pop-up shows: nothing on screen waits for them. */
const loadStats = () => import('./poptin.stats.ts');

/**
 * The fields a lead keeps for the next page when the lead's code could not be fetched: the
 * form's values and what this page knows without that code.
 */
export const keptLeadPayload = (record: PoptinRecord, values: FormValues, { clientId, visitorId, trigger, context }: CallSettings, url = pageUrl()) => {
  const fields: Partial<ConversionForm> = {
    poptin_id: record.poptin_id,
    url,
    client_id: clientId ?? '',
    visitor: visitorId ?? '',
    trigger: trigger ?? '',
    ...(context?.preview_token ? { preview_token: context.preview_token } : {}),
  };
  return { ...values, ...fields };
};

/**
 * The pop-up machine with its side effects supplied (widget spec section 7): the viewed,
 * closed and conversion calls, the cookies and storage they leave, and the redirect after submit.
 * Without an `api`, nothing is sent and the host hears `kite-poptin-convert` instead.
 */
export function poptinMachineFor(record: PoptinRecord, settings: () => CallSettings) {
  /** Marks the visitor converted: the conversion cookie, and the lead's email kept in local storage (widget spec section 3). */
  const markConverted = (email?: FormValues[string]) => {
    setCookie(`${STORAGE_KEY.CONVERSION_PREFIX}${record.poptin_id}`, '1', days(COOKIE.CONVERSION_DAYS));
    if (typeof email === 'string' && email) safeStorage.set(STORAGE_KEY.CONVERTED_EMAIL, email);
  };
  /** What the submit under way leads to, worked out when it is sent. */
  let next: Omit<import('./poptin.lead.ts').SentLead, 'result'> = { redirect: null, leavesPage: false };
  // A lead pop-up with a form shows 'Sent successfully!' on its button; markup forms and other targets close quickly.
  const sentButton = (record.poptin_target ?? 'lead') === 'lead' && (record.design?.blocks ?? []).some((block) => block.type === 'form');

  return poptinMachine.provide({
    delays: {
      afterSubmit: ({ context }) => afterSubmitMs(context, sentButton && !next.leavesPage),
    },
    actions: {
      recordView: ({ self, context }) => {
        const calls = settings();
        // The pop-up is up: fetch the lead's code and the outbox now, so a submit (even offline) is stored at once.
        void loadLead().catch(() => undefined);
        if (!calls.api) return;
        preloadOutbox();
        const { api } = calls;
        void loadStats()
          .then(({ sendView }) => sendView(api, record, calls, context.trigger))
          .then((viewId) => viewId && self.send({ type: 'VIEW.RECORDED', viewId }))
          .catch((error: Error) => console.warn(`Kite: viewed call failed: ${error.message}`));
      },
      recordClose: ({ context }) => {
        // The closed-by-X marker drives the tab teaser and the frequency rules (widget spec section 3); `cookie` sets its days.
        if (isXClose(context.closeTrigger)) {
          setCookie(`${STORAGE_KEY.CLOSED_X_PREFIX}${record.poptin_id}`, '1', days(record.cookie ?? COOKIE.MARKER_DAYS));
        }
        const calls = settings();
        if (!calls.api || context.submitted) return;
        const { api } = calls;
        void loadStats()
          .then(({ sendClose }) => sendClose(api, record, calls, context.closeTrigger))
          .catch((error: Error) => console.warn(`Kite: closed call failed: ${error.message}`));
      },
      markConverted: ({ context }) => markConverted(context.pendingValues?.email),
      redirect: () => next.redirect?.(),
    },
    actors: {
      sendConversion: fromPromise<ConversionResult, ConversionInput>(async ({ input }) => {
        // The redirect's wait counts from the submit, not from when the lead's code has arrived.
        const submittedAt = Date.now();
        let lead: Lead;
        try {
          lead = await loadLead();
        } catch {
          // Its code could not be fetched (offline before it arrived): keep the lead for the next page.
          const calls = settings();
          if (calls.api) {
            keepForNextPage(apiUrl(calls.api, `/api/display/conversion/${encodeURIComponent(record.viewer_id)}`), keptLeadPayload(record, input.values, calls));
          }
          return { status: 'queued' };
        }
        // Delivery marks the conversion too: a pop-up closed while its lead was sent never reaches `submitted`.
        const { result, ...after } = await lead.sendPoptinLead(record, settings(), input, input.values[REDIRECT_LINK] ?? null, submittedAt, () =>
          markConverted(input.values.email),
        );
        next = after;
        return result;
      }),
    },
  });
}
