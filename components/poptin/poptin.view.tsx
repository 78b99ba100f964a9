import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { exitAnimationMs, poptinMachine } from '../../machines/poptin/poptin.machine.ts';
import type { ConversionResult } from '../../machines/poptin/poptin.types.ts';
import type { Block, PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { parsePoptinRecord } from '../../shared/schema/poptin-record.schema.ts';
import { COOKIE, SECOND_MS, STORAGE_KEY, THANK_YOU } from '../../shared/constants/widget.ts';
import { days, safeStorage, setCookie } from '../../shared/storage/cookies.ts';
import { apiUrl } from '../../shared/api/display-call.ts';
import { recordClose, recordView } from '../../shared/api/poptin-calls.ts';
import { sendConversion } from '../../shared/api/outbox.ts';
import { isRightToLeft, pageLanguage, t } from '../../shared/i18n/index.ts';
import { ENTRY_EFFECT_MS, playEffect, prefersReducedMotion } from '../../shared/effects/effects.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { PoptinForm } from './poptin.form.tsx';

export interface PoptinProps {
  container?: ShadowRoot;
  /** The record from the display response (property only). */
  poptin?: unknown;
  /** URL of a record as JSON, for hosts that place the element by hand. */
  src?: string;
  /** Present: show the pop-up. */
  open?: boolean;
  /** Which trigger opened it; sent with the view and the lead. */
  trigger?: string;
  /** Base URL of the display API; without it nothing is sent and the host listens for `kite-poptin-convert`. */
  api?: string;
  clientId?: string;
  visitorId?: string;
  lang?: string;
}

/** Loads and checks the record: from the `poptin` property, else from `src`. Invalid: one warning, nothing shown. */
function useRecord(poptin: unknown, src: string | undefined): PoptinRecord | null {
  const [fetched, setFetched] = useState<unknown>(null);
  useEffect(() => {
    if (poptin || !src) return;
    const controller = new AbortController();
    fetch(src, { signal: controller.signal, credentials: 'same-origin' })
      .then((response) => response.json())
      .then(setFetched, (error: Error) => {
        if (error.name !== 'AbortError') console.warn(`Kite: could not load pop-up ${src}: ${error.message}`);
      });
    return () => controller.abort();
  }, [poptin, src]);
  const raw = poptin ?? fetched;
  return useMemo(() => {
    if (!raw) return null;
    const result = parsePoptinRecord(raw);
    if (result.ok) return result.value;
    console.warn(`Kite: pop-up skipped, invalid record: ${result.error}`);
    return null;
  }, [raw]);
}

export function PoptinView(props: PoptinProps) {
  const record = useRecord(props.poptin, props.src);
  return record ? <PoptinSurface key={record.poptin_id} record={record} {...props} /> : null;
}

/** The element in the page that had focus inside any shadow roots, so focus can go back to it. */
function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([type="hidden"]):not([disabled]), textarea, select, [tabindex]:not([tabindex="-1"])';

function operatingSystem(): string {
  const data = (navigator as { userAgentData?: { platform?: string } }).userAgentData;
  return data?.platform || navigator.platform || '';
}

function BlockView({ block, titleId }: { block: Exclude<Block, { type: 'form' }>; titleId?: string }) {
  if (block.type === 'title')
    return (
      <h2 part="title" id={titleId}>
        {block.text}
      </h2>
    );
  if (block.type === 'text') return <p part="text">{block.text}</p>;
  return <img part="image" src={block.src} alt={block.alt} />;
}

function PoptinSurface({ record, container, open, trigger, api, clientId, visitorId, lang: langProp }: PoptinProps & { record: PoptinRecord }) {
  const properties = record.design_properties;
  const lang = pageLanguage(langProp);
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  /** Whether the current press began on the backdrop itself. */
  const pressedOnBackdrop = useRef(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const lastEmail = useRef<string | null>(null);
  const calls = useRef({ api, clientId, visitorId });
  calls.current = { api, clientId, visitorId };

  const actor = useActorRef(
    poptinMachine.provide({
      actions: {
        recordView: ({ self, context }) => {
          const { api, clientId, visitorId } = calls.current;
          if (!api) return;
          void recordView(api, record.poptin_id, {
            viewer_id: record.viewer_id,
            trigger: context.trigger,
            client_id: clientId,
            visitor_id: visitorId,
            type: matchMedia('(pointer: coarse)').matches ? 'mobile' : 'desktop',
            url: location.href,
            converted_email: safeStorage.get(STORAGE_KEY.CONVERTED_EMAIL) ?? undefined,
          }).then((viewId) => viewId && self.send({ type: 'VIEW.RECORDED', viewId }));
        },
        recordClose: ({ context }) => {
          const { api, clientId } = calls.current;
          if (!api || context.submitted) return;
          recordClose(api, record.poptin_id, {
            client_id: clientId,
            url: location.href,
            close_trigger: context.closeTrigger,
            converted_email: safeStorage.get(STORAGE_KEY.CONVERTED_EMAIL) ?? undefined,
          });
        },
        markConverted: () => {
          setCookie(`${STORAGE_KEY.CONVERSION_PREFIX}${record.poptin_id}`, '1', days(COOKIE.CONVERSION_DAYS));
          if (lastEmail.current) safeStorage.set(STORAGE_KEY.CONVERTED_EMAIL, lastEmail.current);
        },
      },
      actors: {
        sendConversion: fromPromise<ConversionResult, { values: Record<string, string>; viewId: string | null }>(
          async ({ input }) => {
            lastEmail.current = input.values.email ?? null;
            const { api, clientId, visitorId } = calls.current;
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
              referrer: document.referrer,
              previous_url: safeStorage.get(STORAGE_KEY.PREVIOUS_URL) ?? '',
              origin_landing_page: safeStorage.get(STORAGE_KEY.ORIGIN_LANDING_PAGE, globalThis.sessionStorage) ?? location.href,
              visited_pages: safeStorage.get(STORAGE_KEY.PREVIOUS_VISITED_PAGES) ?? '',
              browser_language: navigator.language,
              operating_system: operatingSystem(),
              last_converted_email: safeStorage.get(STORAGE_KEY.CONVERTED_EMAIL) ?? '',
              newExtraFields: '[]',
              poptin_view_id: input.viewId ?? '',
            });
          },
        ),
      },
    }),
    {
      input: {
        poptinId: record.poptin_id,
        embedded: record.poptin_type === 'embedded',
        fullpage: record.poptin_type === 'fullpage',
        // Reduced motion plays no exit effect, so there is nothing to wait for: close at once.
        exitEffect: prefersReducedMotion() ? 'none' : (properties.poptin_design_exit_effect ?? 'fade'),
        closeOnBackground: properties.poptin_design_close_on_screen_click ?? false,
        autoCloseMs: properties.poptin_design_auto_close ? (properties.poptin_design_auto_close_sec ?? 0) * SECOND_MS : null,
        thankYou: properties.poptin_design_thank_screen ?? false,
        thankYouAutoCloseMs:
          properties.thank_screen_auto_close === false
            ? null
            : properties.auto_close_sec !== undefined
              ? properties.auto_close_sec * SECOND_MS
              : THANK_YOU.AUTO_CLOSE_DEFAULT_MS,
        teasersOn: record.is_teasers_on ?? false,
      },
    },
  );
  useKiteEvents(actor, container, 'poptin');

  const phase = useSelector(actor, (snapshot) =>
    snapshot.matches('hidden') || snapshot.matches('closed') || snapshot.matches('removed')
      ? 'off'
      : snapshot.matches('closing')
        ? 'closing'
        : snapshot.matches('submitted')
          ? 'submitted'
          : 'shown',
  );
  const busy = useSelector(actor, (snapshot) => snapshot.matches({ shown: { content: 'submitting' } }));
  const errorMessage = useSelector(actor, (snapshot) => snapshot.context.errorMessage);
  // From the context, not the phase: the thank-you screen (or the sent button) stays on while the
  // pop-up fades out, instead of the form coming back for the exit animation.
  const submitted = useSelector(actor, (snapshot) => snapshot.context.submitted);
  const showThankYou = submitted && (properties.poptin_design_thank_screen ?? false) && Boolean(record.design.thank_you?.length);

  useEffect(() => {
    if (open) actor.send({ type: 'SHOW', trigger: trigger || 'page_load' });
  }, [open, trigger, actor]);

  // Submitted and redirected pop-ups do not fire poptinClose (widget spec section 4).
  useEffect(() => {
    const subscription = actor.on('close', ({ submitted }) => {
      if (!submitted) window.dispatchEvent(new CustomEvent('poptinClose', { detail: { poptin_id: record.poptin_id } }));
      returnFocusTo.current?.focus();
      // `open` reflects the state, as on <dialog>: a closed pop-up moved in the page (which
      // re-creates its view) must not show again.
      container?.host.removeAttribute('open');
    });
    return () => subscription.unsubscribe();
  }, [actor, record.poptin_id, container]);

  // Entry: remember where focus was, play the effect, move focus in (WAI-ARIA dialog pattern).
  useLayoutEffect(() => {
    if (phase !== 'shown' || !dialog.current || returnFocusTo.current) return;
    returnFocusTo.current = deepActiveElement();
    const first = dialog.current.querySelector<HTMLElement>('input:not([type="hidden"]), textarea');
    (first ?? dialog.current).focus();
    const effect = properties.poptin_design_entry_effect ?? 'fade';
    void playEffect(dialog.current, effect, 'entry', ENTRY_EFFECT_MS);
    if (overlay.current && effect !== 'none') void playEffect(overlay.current, 'fade', 'entry', ENTRY_EFFECT_MS);
  }, [phase, properties.poptin_design_entry_effect]);

  // Exit: the reverse effect over the time the machine waits before it counts as closed.
  useLayoutEffect(() => {
    if (phase !== 'closing' || !dialog.current) return;
    const duration = exitAnimationMs(actor.getSnapshot().context);
    void playEffect(dialog.current, properties.poptin_design_exit_effect ?? 'fade', 'exit', duration);
    if (overlay.current) void playEffect(overlay.current, 'fade', 'exit', duration);
  }, [phase, actor, properties.poptin_design_exit_effect]);

  // Escape anywhere on the page closes a modal pop-up; the machine decides whether it may.
  useEffect(() => {
    if (phase !== 'shown' && phase !== 'submitted') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') actor.send({ type: 'ESCAPE' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, actor]);

  // The thank-you screen replaces the form and the control that had focus: keep focus in the dialog.
  useLayoutEffect(() => {
    if (!showThankYou || !dialog.current) return;
    if (!dialog.current.contains(container?.activeElement ?? null)) dialog.current.focus();
  }, [showThankYou, container]);

  if (phase === 'off') return null;

  /** Keeps Tab inside the dialog (WAI-ARIA dialog pattern). */
  function trapFocus(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (!focusable.length) return;
    const first = focusable[0]!;
    const last = focusable.at(-1)!;
    const active = container?.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const design = record.design;
  const [x = 'center', y = 'middle'] = (properties.poptin_location ?? 'center-middle').split('-');
  const closeType = properties.poptin_design_close_options_type ?? 'closing_options-x';
  const blocks = showThankYou ? design.thank_you! : design.blocks;
  const hasTitle = blocks.some((block) => block.type === 'title');
  const style = {
    ...(design.background_color && { '--kite-poptin-background': design.background_color }),
    ...(design.text_color && { '--kite-poptin-color': design.text_color }),
    ...(design.button_color && { '--kite-poptin-button-background': design.button_color }),
    ...(design.button_text_color && { '--kite-poptin-button-color': design.button_text_color }),
    ...(design.width && { '--kite-poptin-width': `${design.width}px` }),
    ...(design.height && { '--kite-poptin-max-height': `${design.height}px` }),
  } as CSSProperties;
  let titleLabelled = false;

  return (
    <div
      ref={overlay}
      part="overlay"
      data-x={x}
      data-y={y}
      data-state={phase}
      style={style}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === overlay.current;
        // A press on the backdrop must not take focus out of the modal dialog.
        if (pressedOnBackdrop.current) event.preventDefault();
      }}
      onClick={(event) => {
        // Only a press that began and ended on the backdrop is a background click: a text
        // selection dragged out of the dialog ends with a click on the backdrop too.
        if (event.target === overlay.current && pressedOnBackdrop.current) actor.send({ type: 'BACKGROUND.CLICK' });
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialog}
        part="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={hasTitle ? titleId : undefined}
        aria-label={hasTitle ? undefined : record.poptin_name || t(lang, 'dialogLabel')}
        tabIndex={-1}
        lang={lang}
        dir={isRightToLeft(lang) ? 'rtl' : 'ltr'}
        onKeyDown={trapFocus}
      >
        {closeType === 'closing_options-x' && (
          <button part="close" type="button" aria-label={t(lang, 'close')} onClick={() => actor.send({ type: 'CLOSE', closeTrigger: 'x_click' })}>
            <span aria-hidden="true">×</span>
          </button>
        )}
        {blocks.map((block, index) => {
          if (block.type !== 'form') {
            const labels = block.type === 'title' && !titleLabelled;
            if (labels) titleLabelled = true;
            return <BlockView key={index} block={block} titleId={labels ? titleId : undefined} />;
          }
          return (
            <PoptinForm
              key={index}
              fields={block.fields}
              buttonText={block.button.text}
              lang={lang}
              sent={submitted}
              busy={busy}
              error={errorMessage}
              onSubmit={(values) => actor.send({ type: 'SUBMIT', values })}
            />
          );
        })}
        {closeType === 'closing_options-button' && !submitted && (
          <button part="skip" type="button" onClick={() => actor.send({ type: 'CLOSE', closeTrigger: 'skip' })}>
            {properties.poptin_design_close_button_text || t(lang, 'skip')}
          </button>
        )}
      </div>
    </div>
  );
}
