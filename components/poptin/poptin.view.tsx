import { Component, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { exitAnimationMs } from '../../machines/poptin/poptin.machine.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { EFFECT, SECOND_MS, STORAGE_KEY, THANK_YOU } from '../../shared/constants/widget.ts';
import { getCookie } from '../../shared/storage/storage.ts';
import { isRightToLeft, pageLanguage, t } from '../../shared/i18n/index.ts';
import { playEffect, revealAfterHiddenFrame, revealImagesAsTheyLoad } from '../../shared/effects/effects.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { afterNextPaint } from '../../shared/dom/next-frame.ts';
import type { keepTabInside } from '../../shared/dom/focus-trap.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { deepActiveElement, designStyle, focusInOtherDialog, returnFocus, useFullpageScale, useScrollPadding, useTopBarSpace } from './poptin.frame.ts';
import { useRecord } from './poptin.record.ts';
import { emit, type PoptinSkipReason } from '../../shared/dom/events.ts';
import { formatOf, placementOf, type Placement } from '../../shared/logic/layout.ts';
import type { DisplayContext } from '../../shared/api/display-call.ts';
import { poptinMachineFor, type CallSettings } from './poptin.calls.ts';
import { PoptinContent } from './poptin.content.tsx';
import { Background, CloseNote, CreditBadge, Settings } from './poptin.parts.ts';
import { useMarkup } from './poptin.markup.ts';
import { needsCreditBadge, needsSettings } from '../../shared/widget/record-needs.ts';
import { refusedUnloaded } from '../../shared/widget/admit.ts';

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
  /** The visitor's country (the display answer's `cc`): the international phone field's default. */
  country?: string;
  /** The visit as the widget recorded it (property only): sent with the lead. */
  context?: Partial<DisplayContext>;
  /** `form`: the form variant, as another pop-up launches it: the form and its titles only. */
  variant?: string;
}


/** Says that an open pop-up will not show, so the widget frees the place it kept for it. */
const skip = (container: ShadowRoot | undefined, poptinId: unknown, reason: PoptinSkipReason) =>
  container && emit(container.host, 'kite-poptin-skip', { poptinId: String(poptinId), reason });

/** "600 when already shown" (widget spec section 4), read as: its seen cookie was set before this showing wrote it. */
const alreadySeen = (poptinId: string) => getCookie(STORAGE_KEY.SEEN_PREFIX + poptinId) !== null;

export function PoptinView(props: PoptinProps) {
  const admitted = useRecord(props.poptin, props.src, pageLanguage(props.lang), props.container, props.api ?? '');
  const record = admitted?.record;
  // Checked again when it is to show: a countdown date may have passed since the page started.
  useEffect(() => {
    if (admitted && !record && props.open) {
      skip(props.container, (admitted.raw as { poptin_id?: unknown }).poptin_id, refusedUnloaded(admitted.raw) ? 'load-failed' : 'invalid');
    }
  }, [admitted, record, props.open, props.container]);
  return record ? (
    // Any other part that fails costs the whole pop-up, not a blank one: said in the console and
    // with kite-poptin-skip (load-failed), so the widget frees its place for the page's other pop-ups.
    <LeftOutOnFailure
      key={record.poptin_id}
      onFailure={() => {
        console.warn(`Kite: pop-up ${record.poptin_id} skipped: load-failed`);
        skip(props.container, record.poptin_id, 'load-failed');
      }}
    >
      <PoptinSurface record={record} {...props} />
    </LeftOutOnFailure>
  ) : null;
}

/**
 * What renders in place of `children` once a part of them fails to render (its code did not
 * arrive: the visitor went offline, or a release replaced the files the page names): nothing,
 * after `onFailure`. React logs the error itself.
 */
class LeftOutOnFailure extends Component<{ onFailure?: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError = () => ({ failed: true });
  override componentDidCatch() {
    this.props.onFailure?.();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A decorative part (the background animation, the close note, the credit badge) that fails is left out: the pop-up and its form show without it. */
const Decoration = ({ children }: { children: ReactNode }) => (
  <LeftOutOnFailure>
    <Suspense fallback={null}>{children}</Suspense>
  </LeftOutOnFailure>
);

function PoptinSurface({ record, container, open, trigger, api, clientId, visitorId, lang: langProp, country, context, variant }: PoptinProps & { record: PoptinRecord }) {
  const properties = record.design_properties;
  const design = record.design;
  const lang = pageLanguage(langProp);
  const titleId = useId();
  const noteId = useId();
  const [noteShown, setNoteShown] = useState(false);
  const placement: Placement = placementOf(record.poptin_type, properties.poptin_location);
  const format = formatOf(record.poptin_type, record.poptin_format, design?.layout);
  const dialog = useRef<HTMLDivElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const [dialogNode, setDialogNode] = useState<HTMLDivElement | null>(null);
  /** Whether the current press began on the backdrop itself. */
  const pressedOnBackdrop = useRef(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const shownAt = useRef(new Date());
  const settings = useRef<CallSettings>({});
  settings.current = { api, clientId, visitorId, trigger, context };
  const markup = useMarkup(record);

  // "Then, by settings: thank-you screen, a redirect, or closing" (widget spec section 4): a
  // redirect after submit takes the thank-you screen's place, in a new tab as in this one.
  // A game's winning or losing screen is its post-play screen: no thank-you screen after it.
  const hasGame = design?.blocks.some((block) => block.type === 'game') ?? false;
  const thankYouScreen =
    !hasGame && (properties.poptin_design_thank_screen ?? false) && !(properties.poptin_design_redirect && properties.poptin_design_redirect_url);
  // Fullpage fades in (widget spec section 2); reduced motion plays no effect at all.
  const entryEffect = placement.frame === 'fullpage' ? 'fade' : (properties.poptin_design_entry_effect ?? 'fade');
  const exitEffect = properties.poptin_design_exit_effect ?? 'fade';
  const hold = record.landing_page ? 'landing_page' : properties.poptin_design_content_lock ? 'content_lock' : undefined;

  // It can show once it has something to show: its design, or its markup sanitized.
  const showable = design !== undefined || markup.status === 'ready';
  const showTrigger = trigger || 'page_load';
  // Made once per pop-up; its calls keep what a submit leads to (its redirect, the email) from the
  // send to `submitted`. Open as it mounts, it is shown from its first snapshot: the first render
  // is the pop-up itself, not an empty one followed by a second, synchronous one (issue 22: that
  // pair was the long task before a pop-up showed). Started below, once its listeners are there.
  const [actor] = useState(() =>
    createActor(poptinMachineFor(record, () => settings.current), {
      input: {
        poptinId: record.poptin_id,
        embedded: placement.frame === 'embedded',
        overPage: placement.modal || placement.frame === 'corner',
        fullpage: placement.frame === 'fullpage',
        gamified: record.poptin_type === 'gamified',
        // Reduced motion plays no exit effect, so there is nothing to wait for: close at once.
        exitEffect: prefersReducedMotion() ? 'none' : exitEffect,
        closeOnBackground: properties.poptin_design_close_on_screen_click ?? false,
        autoCloseMs: properties.poptin_design_auto_close ? (properties.poptin_design_auto_close_sec ?? 0) * SECOND_MS : null,
        thankYou: thankYouScreen,
        thankYouAutoCloseMs:
          properties.thank_screen_auto_close === false
            ? null
            : properties.auto_close_sec !== undefined
              ? properties.auto_close_sec * SECOND_MS
              : THANK_YOU.AUTO_CLOSE_DEFAULT_MS,
        game: hasGame,
        teasersOn: record.is_teasers_on ?? false,
        closeLockedSeconds: properties.poptin_design_show_x_after_sec ?? 0,
        hold,
        // The form variant another pop-up launches goes straight to the form.
        welcome: !!design?.welcome && variant !== 'form',
        shown: open && showable ? { trigger: showTrigger, alreadyShown: alreadySeen(record.poptin_id) } : undefined,
      },
    }),
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
  const closeLockedFor = useSelector(actor, (snapshot) => snapshot.context.closeLockedFor);
  const welcoming = useSelector(actor, (snapshot) => snapshot.context.welcome);
  // From the context, not the phase: the thank-you screen (or the sent button) stays on while the
  // pop-up fades out, instead of the form coming back for the exit animation.
  const submitted = useSelector(actor, (snapshot) => snapshot.context.submitted);
  const showThankYou = submitted && thankYouScreen && Boolean(design?.thank_you?.length);
  const visible = phase !== 'off' && showable;
  const scale = useFullpageScale(placement.frame === 'fullpage' && visible);
  useTopBarSpace(dialogNode, visible && placement.frame === 'bar' && placement.y === 'top');
  const edge = placement.y === 'top' || placement.y === 'bottom' ? placement.y : null;
  useScrollPadding(dialogNode, visible && (placement.frame === 'bar' || placement.frame === 'corner') ? edge : null);

  useEffect(() => {
    if (open && markup.status === 'refused') skip(container, record.poptin_id, 'markup');
    if (!open || !showable) return;
    shownAt.current = new Date();
    actor.send({ type: 'SHOW', trigger: showTrigger, alreadyShown: alreadySeen(record.poptin_id) });
  }, [open, showTrigger, actor, showable, markup.status, record.poptin_id, container]);

  // Submitted and redirected pop-ups do not fire poptinClose (widget spec section 4); gamified ones arrive reset.
  useEffect(() => {
    const subscription = actor.on('close', ({ submitted }) => {
      if (!submitted) window.dispatchEvent(new CustomEvent('poptinClose', { detail: { poptin_id: record.poptin_id } }));
      returnFocus(returnFocusTo.current, container);
      // `open` reflects the state, as on <dialog>: a closed pop-up moved in the page (which
      // re-creates its view) must not show again.
      container?.host.removeAttribute('open');
    });
    return () => subscription.unsubscribe();
  }, [actor, record.poptin_id, container, placement.modal]);

  // The shared focus trap is fetched as a modal pop-up mounts, apart from the code of its first
  // paint (the lightbox pop-up's size budget), and is here long before a visitor can press Tab in it.
  const trap = useRef<typeof keepTabInside | null>(null);
  useEffect(() => {
    if (placement.modal) void import('../../shared/dom/focus-trap.ts').then((module) => (trap.current = module.keepTabInside));
  }, [placement.modal]);

  // Its images first paint hidden too (its CSS hides them until revealed): listening from the first commit, before any image loads.
  useLayoutEffect(() => {
    if (container) revealImagesAsTheyLoad(container);
  }, [container]);

  // Entry: play the effect; a modal one remembers where focus was and moves it in (WAI-ARIA dialog pattern).
  useLayoutEffect(() => {
    if (phase !== 'shown' || !dialog.current || dialog.current.dataset.entered) return;
    dialog.current.dataset.entered = '';
    let cancelFocus: (() => void) | undefined;
    if (placement.modal) {
      returnFocusTo.current = deepActiveElement();
      const first = dialog.current.querySelector<HTMLElement>('input:not([type="hidden"]), textarea');
      const target = first ?? dialog.current;
      // After the first frame, which paints the pop-up hidden anyway: focusing now would lay the
      // page out inside this task (at 4x CPU a third of the long task before a pop-up showed).
      cancelFocus = afterNextPaint(() => {
        if (target.isConnected && !dialog.current?.contains(deepActiveElement())) target.focus();
      });
    }
    // The whole pop-up (a modal one's overlay holds its dialog) first paints hidden, so it does not
    // become the host page's largest paint; first, so the effect plays over it (the host is display: contents).
    revealAfterHiddenFrame(overlay.current ?? dialog.current);
    void playEffect(dialog.current, entryEffect, 'entry', EFFECT.ENTRY_MS);
    if (overlay.current && entryEffect !== 'none') void playEffect(overlay.current, 'fade', 'entry', EFFECT.ENTRY_MS);
    return cancelFocus;
  }, [phase, entryEffect, placement.modal, visible]);

  // Exit: the reverse effect over the time the machine waits before it counts as closed.
  useLayoutEffect(() => {
    if (phase !== 'closing' || !dialog.current) return;
    const duration = exitAnimationMs(actor.getSnapshot().context);
    void playEffect(dialog.current, exitEffect, 'exit', duration);
    if (overlay.current) void playEffect(overlay.current, 'fade', 'exit', duration);
  }, [phase, actor, exitEffect]);

  // Escape on the page goes to the machine, which closes a pop-up over the page (not a bar or an
  // embedded one). A key the page used (a menu, a search field, a native or another dialog) is not
  // taken; one the pop-up takes is marked used, so one Escape dismisses one thing.
  useEffect(() => {
    if (phase !== 'shown' && phase !== 'submitted') return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      const escape = { type: 'PAGE.ESCAPE' } as const;
      if (event.key !== 'Escape' || event.defaultPrevented || focusInOtherDialog(container) || !actor.getSnapshot().can(escape)) return;
      event.preventDefault();
      actor.send(escape);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase, actor, container]);

  // The thank-you screen replaces the form and the control that had focus: focus goes to its
  // title, which a screen reader then reads (the whole dialog, focused, would draw its ring
  // around the screen and be read again from the top), else to the dialog.
  useLayoutEffect(() => {
    if (!showThankYou || !dialog.current) return;
    const active = container?.activeElement ?? null;
    if (placement.modal ? dialog.current.contains(active) : active !== null) return;
    (dialog.current.querySelector<HTMLElement>("[part='title'][tabindex]") ?? dialog.current).focus();
  }, [showThankYou, container, placement.modal]);

  // Markup records: the sanitized markup goes in as nodes; its form and close marks are ours.
  useLayoutEffect(() => {
    const body = dialog.current?.querySelector<HTMLElement>('[data-markup]');
    if (body && markup.status === 'ready') return markup.mount(body, markup.fragment, actor.send);
  }, [markup, visible, actor]);

  // Last of the effects: what the actor emits as it starts (`show`, for one shown from its first
  // snapshot) reaches the listeners the effects above set up.
  useEffect(() => {
    actor.start();
    return () => void actor.stop();
  }, [actor]);

  // A non-modal pop-up takes no focus, so nothing would tell a screen-reader user it came: a
  // polite status, in the host from the first render (a live region must be there before its text).
  const titleBlock = design?.blocks.find((block) => block.type === 'title');
  const announcement = (
    <p part="announcement" role="status">
      {phase === 'shown' && !placement.modal && placement.frame !== 'embedded'
        ? t(lang, 'poptinShown', { name: (titleBlock?.type === 'title' && titleBlock.text) || record.poptin_name || t(lang, 'dialogLabel') })
        : ''}
    </p>
  );
  // One shape for every return, so React keeps the same status node from the first render on.
  if (!visible) return <>{announcement}</>;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // A non-modal pop-up closes on Escape only while focus is in it: it never takes the page's keys.
    if (event.key === 'Escape' && !placement.modal) {
      event.stopPropagation();
      actor.send({ type: 'ESCAPE' });
    }
    if (!placement.modal || !dialog.current) return;
    if (trap.current) trap.current(event, dialog.current, container?.activeElement ?? null);
    else if (event.key === 'Tab') {
      // The trap is not here yet (see `trap`): focus stays in the dialog all the same.
      event.preventDefault();
      dialog.current.focus();
    }
  }

  const closeType = properties.poptin_design_close_options_type ?? 'closing_options-x';
  const locked = closeLockedFor > 0;
  const closeLabel = locked ? t(lang, 'closeIn', { seconds: String(closeLockedFor) }) : t(lang, 'close');
  const note = properties.poptin_design_show_x_comment;
  // The form variant leaves out what is not the form or a title (a pop-up without a form shows whole).
  const formOnly = variant === 'form' && design?.blocks.some((block) => block.type === 'form');
  const main = welcoming ? design!.welcome!.blocks : formOnly ? design!.blocks.filter((block) => block.type === 'form' || block.type === 'title') : design?.blocks;
  const blocks = design ? (showThankYou ? design.thank_you! : main!) : [];
  const hasTitle = blocks.some((block) => block.type === 'title');
  const closeX = closeType === 'closing_options-x' && (
    <button
      part="close"
      type="button"
      aria-label={closeLabel}
      aria-disabled={locked ? true : undefined}
      aria-describedby={note && noteShown ? noteId : undefined}
      onClick={() => actor.send({ type: 'CLOSE', closeTrigger: 'x_click' })}
    >
      <span aria-hidden="true">{locked ? closeLockedFor : '×'}</span>
    </button>
  );

  const box = (
    <div
      ref={(node) => {
        dialog.current = node;
        setDialogNode(node);
      }}
      part="dialog"
      role="dialog"
      aria-modal={placement.modal ? 'true' : undefined}
      aria-labelledby={hasTitle ? titleId : undefined}
      aria-label={hasTitle ? undefined : record.poptin_name || t(lang, 'dialogLabel')}
      tabIndex={-1}
      lang={lang}
      dir={isRightToLeft(lang) ? 'rtl' : 'ltr'}
      data-type={record.poptin_type}
      data-frame={placement.frame}
      data-x={placement.x}
      data-y={placement.y}
      data-format={format.number}
      data-layout={format.layout}
      data-old-style={format.oldStyle ? '' : undefined}
      data-state={phase}
      data-screen={showThankYou ? 'thank-you' : undefined}
      style={placement.modal ? undefined : designStyle(design, scale)}
      onKeyDown={onKeyDown}
      // A non-modal pop-up does not take focus: a visitor who moves into it comes from somewhere, where it goes back on close.
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (!placement.modal && from instanceof HTMLElement && !event.currentTarget.contains(from)) returnFocusTo.current = from;
      }}
    >
      {design?.background_animation && (
        <Decoration>
          {/* It runs while the pop-up is open and stops as it starts to close. */}
          <Background kind={design.background_animation} animating={phase === 'shown' || phase === 'submitted'} />
        </Decoration>
      )}
      {closeX}
      {note && closeX && (
        <Decoration>
          <CloseNote id={noteId} text={note} onShown={setNoteShown} />
        </Decoration>
      )}
      {design ? (
        <div part="content">
          <PoptinContent
            blocks={blocks}
            lang={lang}
            titleId={titleId}
            shownAt={shownAt.current}
            form={{ sent: submitted, busy, country, error: errorMessage, onSubmit: (values) => actor.send({ type: 'SUBMIT', values }) }}
            onTimerExpire={() => actor.send({ type: 'CLOSE', closeTrigger: 'timer' })}
            onLinkButton={() => actor.send({ type: 'CLOSE', closeTrigger: 'link_click' })}
            onCloseButton={() => actor.send({ type: 'CLOSE', closeTrigger: 'close_button' })}
            game={{ record, format: format.number, send: actor.send, host: container?.host, calls: settings }}
          />
        </div>
      ) : (
        <div part="content" data-markup="" />
      )}
      {closeType === 'closing_options-button' && !submitted && (
        <button
          part="skip"
          type="button"
          aria-disabled={locked ? true : undefined}
          onClick={() => actor.send({ type: 'CLOSE', closeTrigger: 'cancel_click' })}
        >
          {properties.poptin_design_close_button_text || t(lang, 'skip')}
          {locked && <span aria-hidden="true"> ({closeLockedFor})</span>}
        </button>
      )}
      {needsSettings(record) && (
        <Suspense fallback={null}>
          <Settings actor={actor} start={design?.welcome?.button.text} properties={properties} lang={lang} root={container} />
        </Suspense>
      )}
      {needsCreditBadge(record) && (
        <Decoration>
          <CreditBadge show lang={lang} />
        </Decoration>
      )}
    </div>
  );

  if (!placement.modal) return <>{announcement}{box}</>;
  return (
    <>
    {announcement}
    <div
      ref={overlay}
      part="overlay"
      data-frame={placement.frame}
      data-x={placement.x}
      data-y={placement.y}
      data-state={phase}
      style={designStyle(design, scale)}
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
      {box}
    </div>
    </>
  );
}
