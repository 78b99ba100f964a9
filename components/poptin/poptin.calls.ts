import { fromPromise } from 'xstate';
import { poptinMachine } from '../../machines/poptin/poptin.machine.ts';
import type { ConversionResult } from '../../machines/poptin/poptin.types.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { COOKIE, STORAGE_KEY, VISITED_PAGES } from '../../shared/constants/widget.ts';
import { days, safeStorage, setCookie } from '../../shared/storage/cookies.ts';
import { apiUrl, type DisplayContext } from '../../shared/api/display-call.ts';
import { recordClose, recordView } from '../../shared/api/poptin-calls.ts';
import { sendConversion } from '../../shared/api/outbox.ts';

/** What the calls need from the element; read at call time, so attribute changes are honoured. */
export interface CallSettings {
  api?: string;
  clientId?: string;
  visitorId?: string;
  trigger?: string;
  /** The visit as the widget recorded it at start (referrer, previous page, visited pages). */
  context?: Partial<DisplayContext>;
}

function operatingSystem(): string {
  const data = (navigator as { userAgentData?: { platform?: string } }).userAgentData;
  return data?.platform || navigator.platform || '';
}

const converted = () => safeStorage.get(STORAGE_KEY.CONVERTED_EMAIL) ?? undefined;

/**
 * The pop-up machine with its side effects supplied (widget spec section 7): the viewed,
 * closed and conversion calls, and the cookies they leave. Without an `api`, nothing is sent
 * and the host hears `kite-poptin-convert` instead.
 */
export function poptinMachineFor(record: PoptinRecord, settings: () => CallSettings) {
  let lastEmail: string | null = null;
  return poptinMachine.provide({
    actions: {
      recordView: ({ self, context }) => {
        const { api, clientId, visitorId } = settings();
        if (!api) return;
        void recordView(api, record.poptin_id, {
          viewer_id: record.viewer_id,
          trigger: context.trigger,
          client_id: clientId,
          visitor_id: visitorId,
          type: matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop',
          url: location.href,
          converted_email: converted(),
        }).then((viewId) => viewId && self.send({ type: 'VIEW.RECORDED', viewId }));
      },
      recordClose: ({ context }) => {
        // The closed-by-X marker drives the tab teaser and the frequency rules (widget spec section 3).
        if (context.closeTrigger === 'x_click') {
          setCookie(`${STORAGE_KEY.CLOSED_X_PREFIX}${record.poptin_id}`, '1', days(COOKIE.MARKER_DAYS));
        }
        const { api, clientId } = settings();
        if (!api || context.submitted) return;
        recordClose(api, record.poptin_id, {
          client_id: clientId,
          url: location.href,
          close_trigger: context.closeTrigger,
          converted_email: converted(),
        });
      },
      markConverted: () => {
        setCookie(`${STORAGE_KEY.CONVERSION_PREFIX}${record.poptin_id}`, '1', days(COOKIE.CONVERSION_DAYS));
        if (lastEmail) safeStorage.set(STORAGE_KEY.CONVERTED_EMAIL, lastEmail);
      },
    },
    actors: {
      sendConversion: fromPromise<ConversionResult, { values: Record<string, string>; viewId: string | null }>(async ({ input }) => {
        lastEmail = input.values.email ?? null;
        const { api, clientId, visitorId, trigger, context = {} } = settings();
        if (!api) return { status: 'sent', conversionId: null };
        return sendConversion(apiUrl(api, `/api/display/conversion/${encodeURIComponent(record.viewer_id)}`), {
          ...input.values,
          url: location.href,
          p_target: record.poptin_target ?? 'lead',
          trigger: trigger ?? '',
          poptin_id: record.poptin_id,
          title: document.title,
          client_id: clientId ?? '',
          visitor: visitorId ?? '',
          referrer: context.referrer ?? document.referrer,
          previous_url: context.previous_url ?? '',
          origin_landing_page: safeStorage.get(STORAGE_KEY.ORIGIN_LANDING_PAGE, globalThis.sessionStorage) ?? location.href,
          visited_pages: (context.visited_pages ?? []).join(VISITED_PAGES.SEPARATOR),
          browser_language: navigator.language,
          operating_system: operatingSystem(),
          last_converted_email: converted() ?? '',
          newExtraFields: '[]',
          poptin_view_id: input.viewId ?? '',
        });
      }),
    },
  });
}
