import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import type { GameBlock } from '../../../shared/schema/prize.ts';
import { gameOfFormat, postPlayMs, prizeFields, type GameKind } from '../../../shared/logic/prize.ts';
import { SECOND_MS, THANK_YOU } from '../../../shared/constants/widget.ts';
import { wheelMachine } from '../../../machines/gamified/wheel.machine.ts';
import { scratchCardMachine } from '../../../machines/gamified/scratch-card.machine.ts';
import { giftBoxMachine } from '../../../machines/gamified/gift-box.machine.ts';
import type { GameEmitted } from '../../../machines/gamified/gamified.types.ts';
import type { FormValues, PoptinEvent } from '../../../machines/poptin/poptin.types.ts';
import { emit } from '../../../shared/dom/events.ts';
import { prefersReducedMotion } from '../../../shared/dom/reduced-motion.ts';
import { adoptsStyles } from '../../../shared/dom/adopt-styles.ts';
import { t } from '../../../shared/i18n/blocks.ts';
import type { PoptinFormProps } from '../poptin.form.tsx';
import type { CallSettings } from '../poptin.calls.ts';
import { blockStyles } from '../blocks/blocks.styles.ts';
import { couponStyles } from '../blocks/coupon.styles.ts';
import { gameStyles } from './game.styles.ts';
import { Wheel } from './wheel.tsx';
import { ScratchCard } from './scratch-card.tsx';
import { GiftBoxes } from './gift-boxes.tsx';
import { GameResult } from './game-result.tsx';
import { useServerDraw } from './game-draw.ts';

const MACHINES = { wheel: wheelMachine, scratch_card: scratchCardMachine, gift_box: giftBoxMachine } as const;

/** One of the three game machines' actors: they share their context, events and emits. */
export type GameActor = ReturnType<typeof useActorRef<typeof wheelMachine>>;

export interface GameViewProps {
  block: GameBlock;
  lang: string;
  /**
   * The record's form, rendered by the pop-up with this submit and button text: filled in first,
   * its button plays (the wheel spins; the card and boxes unlock). None: the game plays at once.
   */
  renderForm?: (onSubmit: (values: FormValues) => void, buttonText: string) => ReactNode;
  /** The pop-up's form state and its submit (SUBMIT): a play is the pop-up's submit, prize included. */
  form: Pick<PoptinFormProps, 'onSubmit' | 'error'>;
  /** The pop-up: its machine hears the result; its element tells the host page. */
  poptin: GamePoptin;
}

export interface GamePoptin {
  record: PoptinRecord;
  /** The record's format number: which game it is (shared/logic/prize.ts gameOfFormat). */
  format: number;
  send: (event: PoptinEvent) => void;
  host?: Element;
  /** The pop-up's call settings, read when used: the game asks the display API for its draw with them (game-draw.ts). */
  calls?: { readonly current: CallSettings };
}

/** How long the result stays: the thank-you auto-close time is the base (widget spec sections 4 and 9). */
const postPlayMsOf = (record: PoptinRecord, game: GameKind) =>
  postPlayMs({
    game,
    baseMs: (record.design_properties.auto_close_sec ?? THANK_YOU.AUTO_CLOSE_DEFAULT_MS / SECOND_MS) * SECOND_MS,
    wheelHasCoupon: record.wheel_has_coupon,
    disablePostPlayScreen: record.design_properties.disable_post_play_screen,
  });

/** The game's CSS joins the pop-up's shadow root before it paints, with the coupon's (its play button looks like the coupon's Copy, and its prize is a coupon). */
const adoptGameStyles = adoptsStyles(blockStyles, couponStyles, gameStyles);

/**
 * A gamified pop-up's game (widget spec section 4 "Gamified"): the play screen of the wheel, the
 * scratch card or the gift boxes, then the winning or losing screen, announced politely. Its
 * machine decides; this renders its snapshot and sends it the visitor's moves. The prize is the
 * server's draw when the display API makes one (game-draw.ts), else the machine's. The draw is the
 * pop-up's submit: the lead (with the form's values, if any) goes through the outbox at the play,
 * so a visitor who closes during the spin loses nothing.
 */
export function GameView({ block, lang, renderForm, form, poptin }: GameViewProps) {
  const kind = gameOfFormat(poptin.format);
  const actor = useActorRef(MACHINES[kind] as typeof wheelMachine, { input: { prizes: block.prizes, reducedMotion: prefersReducedMotion() } });
  const phase = useSelector(actor, (snapshot) => (snapshot.matches('idle') ? 'idle' : snapshot.matches('playing') ? 'playing' : 'result'));
  const announcement = useSelector(actor, (snapshot) => {
    const { prize } = snapshot.context;
    if (!prize || !(snapshot.matches('won') || snapshot.matches('lost'))) return '';
    return t(lang, snapshot.matches('won') ? 'gameWonAnnouncement' : 'gameLostAnnouncement', { prize: prize.label });
  });
  /** The form's values once it is filled in; without a form, nothing to wait for. */
  const formValues = useRef<FormValues | null>(renderForm ? null : {});
  const [unlocked, setUnlocked] = useState(!renderForm);
  const latest = useRef({ submit: form.onSubmit, poptin });
  latest.current = { submit: form.onSubmit, poptin };

  useEffect(() => {
    const subscription = actor.on('*', (event: GameEmitted) => {
      const { submit, poptin: { record, send, host } } = latest.current;
      const poptinId = record.poptin_id;
      if (event.type === 'play') {
        submit({ ...formValues.current, ...(event.prize ? prizeFields(event.prize) : {}) });
        if (host) emit(host, 'kite-poptin-play', { poptinId, prize: event.prize });
      } else if (event.type === 'result') {
        send({ type: 'GAME.RESULT', postPlayMs: postPlayMsOf(record, kind) });
        if (host) emit(host, 'kite-poptin-result', { poptinId, prize: event.prize, won: event.won });
      } else {
        // Through the safe-redirect rules: `javascript:` and the like are never followed. Their code
        // comes with the first redirect, not before the game shows.
        import('../../../shared/widget/redirect.ts')
          .then(({ redirect }) => redirect(event.url))
          .catch(() => console.warn('Kite: the redirect could not load'));
        if (event.close) send({ type: 'CLOSE', closeTrigger: 'thank_you' });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, kind]);

  const withServerDraw = useServerDraw(poptin.record.poptin_id, block.prizes, poptin.calls);
  /** PLAY, with the server's draw when there is one, then `then` (the scratch card's measure or whole-card scratch). */
  const sendPlay = (event: { box?: number } = {}, then?: () => void) =>
    withServerDraw((prize) => {
      actor.send({ type: 'PLAY', ...event, ...(prize ? { prize } : {}) });
      then?.();
    });
  const play = (box?: number) => unlocked && sendPlay({ box });
  // The gift boxes are their own controls: only the wheel and the card have a play button.
  const playText = block.play_text || t(lang, kind === 'wheel' ? 'gameSpin' : 'gameScratch');
  const section = useRef<HTMLElement | null>(null);

  // The control that had focus (the form's button, Spin, Scratch) goes as the game moves on: focus
  // stays in the game. Not at the first paint: the pop-up itself moves focus in as it opens.
  const step = `${phase}:${unlocked}`;
  const firstStep = useRef(step);
  useLayoutEffect(() => {
    const root = section.current?.getRootNode() as ShadowRoot | Document | undefined;
    if (step !== firstStep.current && root && !root.activeElement) section.current!.focus();
  }, [step]);

  return (
    <section
      ref={(node) => {
        section.current = node;
        adoptGameStyles(node);
      }}
      tabIndex={-1}
      part="game" data-game={kind} data-phase={phase} aria-label={t(lang, kind === 'wheel' ? 'gameWheel' : kind === 'scratch_card' ? 'gameScratchCard' : 'gameGiftBoxes')}>
      {phase === 'result' ? (
        <GameResult actor={actor} lang={lang} />
      ) : (
        <>
          {kind === 'wheel' && <Wheel actor={actor} playText={playText} showPlay={!renderForm} onPlay={() => play()} />}
          {kind === 'scratch_card' && <ScratchCard actor={actor} lang={lang} playText={playText} unlocked={unlocked} onPlay={(then) => sendPlay({}, then)} />}
          {kind === 'gift_box' && <GiftBoxes actor={actor} lang={lang} unlocked={unlocked} onOpen={play} />}
          {!unlocked && <p part="game-locked">{t(lang, 'gameLocked')}</p>}
        </>
      )}
      {renderForm &&
        phase === 'idle' &&
        !unlocked &&
        renderForm(
          (values) => {
            formValues.current = values;
            setUnlocked(true);
            // The wheel's form button is its Spin; the card and the boxes wait for the visitor's move.
            if (kind === 'wheel') sendPlay();
          },
          kind === 'wheel' ? playText : '',
        )}
      {/* Present from the first paint, so the result is read out when it comes. */}
      <p role="status" aria-live="polite" className="kite-visually-hidden">
        {announcement}
      </p>
      {form.error && phase !== 'idle' && (
        <p part="form-error" role="alert">
          {form.error}
        </p>
      )}
    </section>
  );
}
