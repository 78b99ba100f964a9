import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { afterSubmitMs, poptinMachine } from '../../../machines/poptin/poptin.machine.ts';
import { REDIRECT_LINK, type ConversionInput, type ConversionResult } from '../../../machines/poptin/poptin.types.ts';
import { flush, start } from './poptin.harness.ts';
import { CLOSE, FORM, SECOND_MS, THANK_YOU } from '../../../shared/constants/widget.ts';

describe('poptinMachine', () => {
  it('starts hidden; SHOW records the view once and emits show with the trigger', () => {
    const { actor, calls, emitted, state } = start();
    assert.equal(state(), 'hidden');
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    assert.equal(state(), 'form');
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    assert.deepEqual(calls, ['view']);
    assert.deepEqual(emitted, [{ type: 'show', poptinId: 'abcdefghijklm', trigger: 'page_load' }]);
  });

  it('given `shown` in its input it starts shown: its first snapshot is shown, and the view and show come as it starts', () => {
    const clock = new SimulatedClock();
    const calls: string[] = [];
    const machine = poptinMachine.provide({ actions: { recordView: () => void calls.push('view') } });
    const actor = createActor(machine, { clock, input: { poptinId: 'abcdefghijklm', shown: { trigger: 'exit_intent', alreadyShown: true } } });
    const emitted: unknown[] = [];
    actor.on('*', (event) => void emitted.push(event));
    // The snapshot a view renders first, before the actor starts.
    assert.ok(actor.getSnapshot().matches({ shown: { content: 'form' } }));
    assert.equal(actor.getSnapshot().context.trigger, 'exit_intent');
    assert.equal(actor.getSnapshot().context.alreadyShown, true);
    assert.deepEqual(calls, [], 'nothing runs before the start');
    actor.start();
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    assert.deepEqual(calls, ['view']);
    assert.deepEqual(emitted, [{ type: 'show', poptinId: 'abcdefghijklm', trigger: 'exit_intent' }]);
    // Closed, it stays closed: the start's trigger does not show it again.
    actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
    clock.increment(CLOSE.REMOVE_MS);
    assert.ok(actor.getSnapshot().matches('closed') || actor.getSnapshot().matches('removed'));
  });

  it('X click closes after the exit animation, then emits close, then removal', () => {
    const { actor, clock, calls, emitted, state } = start();
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
    assert.equal(state(), 'closing');
    assert.deepEqual(calls, ['view', 'closed-call']);
    clock.increment(CLOSE.EXIT_ANIMATION_MS - 1);
    assert.equal(state(), 'closing');
    clock.increment(1);
    assert.equal(state(), 'closed');
    assert.deepEqual(emitted.at(-1), { type: 'close', poptinId: 'abcdefghijklm', closeTrigger: 'x_click', submitted: false });
    clock.increment(CLOSE.REMOVE_MS - 1);
    assert.equal(state(), 'closed');
    clock.increment(1);
    assert.equal(actor.getSnapshot().status, 'done');
    assert.equal(emitted.at(-1)!.type, 'removed');
  });

  it('effect none closes at once and is removed after the immediate removal delay', () => {
    const { actor, clock, state } = start({ exitEffect: 'none' });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
    clock.increment(0);
    assert.equal(state(), 'closed');
    clock.increment(CLOSE.REMOVE_IMMEDIATE_MS);
    assert.equal(actor.getSnapshot().status, 'done');
  });

  it('with teasers on, removal waits the teaser delay', () => {
    const { actor, clock } = start({ teasersOn: true });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
    clock.increment(CLOSE.EXIT_ANIMATION_MS);
    clock.increment(CLOSE.REMOVE_WITH_TEASER_MS - 1);
    assert.equal(actor.getSnapshot().status, 'active');
    clock.increment(1);
    assert.equal(actor.getSnapshot().status, 'done');
  });

  it('Escape closes after the escape delay, even with effect none; never for embedded pop-ups', () => {
    const { actor, clock, state, emitted } = start({ exitEffect: 'none' });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'ESCAPE' });
    clock.increment(CLOSE.ESCAPE_MS - 1);
    assert.equal(state(), 'closing');
    clock.increment(1);
    assert.equal(state(), 'closed');
    assert.equal(emitted.at(-1)!.closeTrigger, 'escape');

    const embedded = start({ embedded: true });
    embedded.actor.send({ type: 'SHOW', trigger: 'page_load' });
    embedded.actor.send({ type: 'ESCAPE' });
    assert.equal(embedded.state(), 'form');
  });

  it('Escape on the page closes a pop-up over the page after the escape delay; never a bar, an embedded or a held one', () => {
    const over = start({ overPage: true });
    over.actor.send({ type: 'SHOW', trigger: 'page_load' });
    over.actor.send({ type: 'PAGE.ESCAPE' });
    over.clock.increment(CLOSE.ESCAPE_MS - 1);
    assert.equal(over.state(), 'closing');
    over.clock.increment(1);
    assert.equal(over.state(), 'closed');
    assert.equal(over.emitted.at(-1)!.closeTrigger, 'escape');

    for (const input of [{}, { overPage: true, embedded: true }, { overPage: true, hold: 'content_lock' as const }]) {
      const kept = start(input);
      kept.actor.send({ type: 'SHOW', trigger: 'page_load' });
      kept.actor.send({ type: 'PAGE.ESCAPE' });
      assert.equal(kept.state(), 'form', `kept: ${JSON.stringify(input)}`);
      assert.equal(kept.actor.getSnapshot().can({ type: 'PAGE.ESCAPE' }), false, 'the view can tell the key is not used');
    }
    // A bar still closes on Escape with focus inside it.
    const bar = start();
    bar.actor.send({ type: 'SHOW', trigger: 'page_load' });
    bar.actor.send({ type: 'ESCAPE' });
    assert.equal(bar.state(), 'closing');
  });

  it('Escape on the page closes the thank-you screen of a pop-up over the page', async () => {
    const { actor, state } = start({ overPage: true, thankYou: true });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'SUBMIT', values: { email: 'a@example.com' } });
    await flush();
    assert.equal(state(), 'submitted');
    actor.send({ type: 'PAGE.ESCAPE' });
    assert.equal(state(), 'closing');
  });

  it('a background click closes only when close on screen click is set', () => {
    const off = start();
    off.actor.send({ type: 'SHOW', trigger: 'page_load' });
    off.actor.send({ type: 'BACKGROUND.CLICK' });
    assert.equal(off.state(), 'form');
    const on = start({ closeOnBackground: true });
    on.actor.send({ type: 'SHOW', trigger: 'page_load' });
    on.actor.send({ type: 'BACKGROUND.CLICK' });
    assert.equal(on.state(), 'closing');
  });

  it('closes automatically after the configured seconds', () => {
    const { actor, clock, state, emitted } = start({ autoCloseMs: 7_000 });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    clock.increment(6_999);
    assert.equal(state(), 'form');
    clock.increment(1);
    assert.equal(state(), 'closing');
    clock.increment(CLOSE.EXIT_ANIMATION_MS);
    assert.equal(emitted.at(-1)!.closeTrigger, 'auto_close');
  });

  it('a sent lead marks the visitor converted and closes after the thank-you default', async () => {
    const { actor, clock, calls, emitted, state } = start({ thankYou: true, thankYouAutoCloseMs: THANK_YOU.AUTO_CLOSE_DEFAULT_MS });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'VIEW.RECORDED', viewId: 'v9' });
    actor.send({ type: 'SUBMIT', values: { email: 'a@b.co' } });
    assert.equal(state(), 'submitting');
    await flush();
    assert.equal(state(), 'submitted');
    assert.ok(calls.includes('converted-cookie'));
    assert.deepEqual(emitted.at(-1), { type: 'convert', poptinId: 'abcdefghijklm', conversionId: 'c1' });
    clock.increment(THANK_YOU.AUTO_CLOSE_DEFAULT_MS - 1);
    assert.equal(state(), 'submitted');
    clock.increment(1);
    assert.equal(state(), 'closing');
    clock.increment(CLOSE.EXIT_ANIMATION_MS);
    assert.deepEqual(emitted.at(-1), { type: 'close', poptinId: 'abcdefghijklm', closeTrigger: 'thank_you', submitted: true });
  });

  describe('thank-you screen close (THANK_YOU)', () => {
    const cases = [
      { name: 'the default auto-close', autoClose: THANK_YOU.AUTO_CLOSE_DEFAULT_MS, alreadyShown: undefined, closesAt: THANK_YOU.AUTO_CLOSE_DEFAULT_MS },
      { name: 'its own auto-close, even when already shown', autoClose: THANK_YOU.AUTO_CLOSE_DEFAULT_MS, alreadyShown: true, closesAt: THANK_YOU.AUTO_CLOSE_DEFAULT_MS },
      { name: 'the fallback without auto-close', autoClose: null, alreadyShown: false, closesAt: THANK_YOU.FALLBACK_CLOSE_MS },
      { name: 'the fallback without auto-close, when shown to the visitor before', autoClose: null, alreadyShown: true, closesAt: THANK_YOU.FALLBACK_CLOSE_ALREADY_SHOWN_MS },
    ];
    for (const { name, autoClose, alreadyShown, closesAt } of cases) {
      it(`closes after ${name}: ${closesAt} ms`, async () => {
        const { actor, clock, state, emitted } = start({ thankYou: true, thankYouAutoCloseMs: autoClose, exitEffect: 'none' });
        actor.send({ type: 'SHOW', trigger: 'page_load', alreadyShown });
        actor.send({ type: 'SUBMIT', values: { email: 'a@b.co' } });
        await flush();
        clock.increment(closesAt - 1);
        assert.equal(state(), 'submitted');
        clock.increment(1);
        clock.increment(0); // effect none: the exit's zero delay
        assert.equal(state(), 'closed');
        assert.deepEqual(emitted.at(-1), { type: 'close', poptinId: 'abcdefghijklm', closeTrigger: 'thank_you', submitted: true });
      });
    }
  });

  it("without a thank-you screen the 'Sent successfully!' state closes after its delay", async () => {
    const { actor, clock, state } = start();
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'SUBMIT', values: { email: 'a@b.co' } });
    await flush();
    clock.increment(THANK_YOU.SENT_BUTTON_CLOSE_MS - 1);
    assert.equal(state(), 'submitted');
    clock.increment(1);
    assert.equal(state(), 'closing');
  });

  it('without the sent button (another target, a markup form, a redirect leaving the page) the quick close', async () => {
    // As the view supplies it (components/poptin/poptin.calls.ts) when the button shows no 'Sent successfully!'.
    const clock = new SimulatedClock();
    const machine = poptinMachine.provide({ delays: { afterSubmit: ({ context }) => afterSubmitMs(context, false) } });
    const actor = createActor(machine, { clock, input: { poptinId: 'abcdefghijklm', exitEffect: 'none' } }).start();
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'SUBMIT', values: { email: 'a@b.co' } });
    await flush();
    clock.increment(THANK_YOU.SENT_QUICK_CLOSE_MS - 1);
    assert.equal(actor.getSnapshot().value, 'submitted');
    clock.increment(1);
    clock.increment(0); // effect none: the exit's zero delay
    assert.equal(actor.getSnapshot().value, 'closed');
    assert.equal(actor.getSnapshot().context.closeTrigger, 'thank_you');
  });

  it('passes the view id to the conversion; a queued lead still counts as submitted', async () => {
    let seen: unknown;
    const clock = new SimulatedClock();
    const actor = createActor(
      poptinMachine.provide({
        actors: {
          sendConversion: fromPromise(async ({ input }) => {
            seen = input;
            return { status: 'queued' } as ConversionResult;
          }),
        },
      }),
      { clock, input: { poptinId: 'abcdefghijklm' } },
    ).start();
    actor.send({ type: 'SHOW', trigger: 'seconds' });
    actor.send({ type: 'VIEW.RECORDED', viewId: 'v1' });
    actor.send({ type: 'SUBMIT', values: { email: 'x@y.io' } });
    await flush();
    assert.deepEqual(seen, { values: { email: 'x@y.io' }, viewId: 'v1', delayMs: 0 });
    assert.equal(actor.getSnapshot().value, 'submitted');
  });

  it('a refused lead returns to the form with the reason and can be sent again', async () => {
    let tries = 0;
    const { actor, state } = start({}, async () =>
      ++tries === 1 ? { status: 'rejected', message: 'email: expected an email' } : { status: 'sent', conversionId: 'c2' },
    );
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    actor.send({ type: 'SUBMIT', values: { email: 'bad' } });
    await flush();
    assert.equal(state(), 'form');
    assert.equal(actor.getSnapshot().context.errorMessage, 'email: expected an email');
    actor.send({ type: 'SUBMIT', values: { email: 'good@x.io' } });
    await flush();
    assert.equal(state(), 'submitted');
    assert.equal(actor.getSnapshot().context.errorMessage, null);
  });

  it('the X and skip buttons (x_click, cancel_click) start disabled and count down to enabled; other ways to close still work', () => {
    const { actor, clock, state } = start({ closeLockedSeconds: 3 });
    actor.send({ type: 'SHOW', trigger: 'page_load' });
    const lockedFor = () => actor.getSnapshot().context.closeLockedFor;
    assert.equal(lockedFor(), 3);
    actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
    actor.send({ type: 'CLOSE', closeTrigger: 'cancel_click' });
    assert.equal(state(), 'form', 'X and skip are disabled');
    clock.increment(SECOND_MS);
    assert.equal(lockedFor(), 2);
    clock.increment(SECOND_MS);
    clock.increment(SECOND_MS - 1);
    assert.equal(lockedFor(), 1);
    actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
    assert.equal(state(), 'form');
    clock.increment(1);
    assert.equal(lockedFor(), 0);
    assert.ok(actor.getSnapshot().matches({ shown: { closeButton: 'enabled' } }));
    actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
    assert.equal(state(), 'closing');

    const other = start({ closeLockedSeconds: 3 });
    other.actor.send({ type: 'SHOW', trigger: 'page_load' });
    other.actor.send({ type: 'CLOSE', closeTrigger: 'timer' });
    assert.equal(other.state(), 'closing', 'a timer close does not wait for the X countdown');
  });

  for (const frame of ['fullpage', 'embedded'] as const) {
    it(`${frame} closes without the exit delay and is removed after the immediate removal delay`, () => {
      const { actor, clock, state, emitted } = start({ [frame]: true });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
      clock.increment(0);
      assert.equal(state(), 'closed', 'no 800 ms exit delay');
      assert.equal(emitted.at(-1)!.type, 'close');
      clock.increment(CLOSE.REMOVE_IMMEDIATE_MS - 1);
      assert.equal(actor.getSnapshot().status, 'active');
      clock.increment(1);
      assert.equal(actor.getSnapshot().status, 'done');
    });
  }

  for (const closeTrigger of ['link_click', 'close_button', 'timer'] as const) {
    it(`${closeTrigger} closes after the exit animation, even while the X counts down, and is recorded`, () => {
      const { actor, clock, state, calls, emitted } = start({ closeLockedSeconds: 3 });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'CLOSE', closeTrigger });
      assert.equal(state(), 'closing');
      assert.deepEqual(calls, ['view', 'closed-call']);
      clock.increment(CLOSE.EXIT_ANIMATION_MS - 1);
      assert.equal(state(), 'closing');
      clock.increment(1);
      assert.deepEqual(emitted.at(-1), { type: 'close', poptinId: 'abcdefghijklm', closeTrigger, submitted: false });
      clock.increment(CLOSE.REMOVE_MS);
      assert.equal(actor.getSnapshot().status, 'done');
    });
  }

  it('a submitted pop-up closes as submitted; a gamified one resets the flag, so its close reads as not submitted', async () => {
    for (const gamified of [false, true]) {
      const { actor, clock, emitted } = start({ gamified, exitEffect: 'none' });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'SUBMIT', values: { email: 'a@b.co' } });
      await flush();
      assert.equal(actor.getSnapshot().context.submitted, true, 'submitted while open');
      actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
      clock.increment(0);
      assert.deepEqual(emitted.at(-1), { type: 'close', poptinId: 'abcdefghijklm', closeTrigger: 'x_click', submitted: !gamified });
      assert.equal(actor.getSnapshot().context.submitted, !gamified);
    }
  });

  describe("a game's pop-up (game, GAME.RESULT)", () => {
    const POST_PLAY_MS = 15_000;
    it('its play is the submit; it closes its post-play time after the result, however long the game took', async () => {
      const { actor, clock, emitted, state } = start({ gamified: true, game: true, exitEffect: 'none' });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'SUBMIT', values: { prize: 'Gift' } });
      await flush();
      assert.equal(state(), 'submitted');
      assert.equal(emitted.filter((event) => event.type === 'convert').length, 1);
      clock.increment(POST_PLAY_MS * 3);
      assert.equal(state(), 'submitted', 'the game is still on: no post-play time yet');
      actor.send({ type: 'GAME.RESULT', postPlayMs: POST_PLAY_MS });
      clock.increment(POST_PLAY_MS - 1);
      assert.equal(state(), 'submitted');
      clock.increment(1);
      clock.increment(0); // the exit without an effect
      assert.equal(emitted.at(-1)!.type, 'close');
      assert.equal(emitted.at(-1)!.closeTrigger, 'thank_you');
    });

    it('a result before the lead is answered is kept: the post-play time starts as the pop-up counts as submitted', async () => {
      let answer: (result: ConversionResult) => void = () => {};
      const { actor, clock, emitted, state } = start({ gamified: true, game: true, exitEffect: 'none' }, () => new Promise((resolve) => (answer = resolve)));
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'SUBMIT', values: { prize: 'Gift' } });
      actor.send({ type: 'GAME.RESULT', postPlayMs: POST_PLAY_MS });
      clock.increment(POST_PLAY_MS);
      assert.equal(state(), 'submitting');
      answer({ status: 'queued' });
      await flush();
      clock.increment(POST_PLAY_MS);
      clock.increment(0); // the exit without an effect
      assert.equal(emitted.at(-1)!.type, 'close');
    });
  });

  describe('repeat-submit guard (FORM.SUBMIT_GUARD_MS)', () => {
    it('100 submits of the same values in a row send one conversion', async () => {
      let sends = 0;
      const { actor, state } = start({}, async () => (++sends, { status: 'queued' }));
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      for (let i = 0; i < 100; i++) actor.send({ type: 'SUBMIT', values: { email: 'a@b.io' } });
      await flush();
      assert.equal(sends, 1);
      assert.equal(state(), 'submitted');
    });

    it('after a quick refusal the same values are ignored until the guard is released; other values go at once', async () => {
      const sent: string[] = [];
      const clock = new SimulatedClock();
      const machineWithLog = poptinMachine.provide({
        actors: {
          sendConversion: fromPromise(async ({ input }: { input: ConversionInput }) => {
            sent.push(String(input.values.email));
            return { status: 'rejected', message: 'no' } as ConversionResult;
          }),
        },
      });
      const logged = createActor(machineWithLog, { clock, input: { poptinId: 'abcdefghijklm' } }).start();
      logged.send({ type: 'SHOW', trigger: 'page_load' });
      logged.send({ type: 'SUBMIT', values: { email: 'same@b.io' } });
      await flush();
      logged.send({ type: 'SUBMIT', values: { email: 'same@b.io' } });
      await flush();
      assert.deepEqual(sent, ['same@b.io'], 'the repeat within the guard is ignored');
      clock.increment(FORM.SUBMIT_GUARD_MS - 1);
      logged.send({ type: 'SUBMIT', values: { email: 'same@b.io' } });
      await flush();
      assert.deepEqual(sent, ['same@b.io']);
      clock.increment(1);
      logged.send({ type: 'SUBMIT', values: { email: 'same@b.io' } });
      await flush();
      assert.deepEqual(sent, ['same@b.io', 'same@b.io'], 'released after the guard delay');
      logged.send({ type: 'SUBMIT', values: { email: 'fixed@b.io' } });
      await flush();
      assert.deepEqual(sent, ['same@b.io', 'same@b.io', 'fixed@b.io'], 'corrected values are not a repeat');
    });
  });

  describe('redirect link (THANK_YOU.REDIRECT_LINK_SUBMIT_MS)', () => {
    it('a submit by a redirect link is handed over at once with its delay (stored at the click), then the redirect runs with the link', async () => {
      const redirects: unknown[] = [];
      const handed: ConversionInput[] = [];
      let answer: (result: ConversionResult) => void = () => {};
      const clock = new SimulatedClock();
      const actor = createActor(
        poptinMachine.provide({
          actions: { redirect: ({ context }) => void redirects.push(context.redirectTo) },
          actors: {
            sendConversion: fromPromise(({ input }: { input: ConversionInput }) => {
              handed.push(input);
              return new Promise<ConversionResult>((resolve) => (answer = resolve));
            }),
          },
        }),
        { clock, input: { poptinId: 'abcdefghijklm' } },
      ).start();
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      const link = { url: 'https://example.com/offer', target: '_self' as const };
      actor.send({ type: 'SUBMIT', values: { email: 'a@b.io', [REDIRECT_LINK]: link } });
      await flush();
      assert.equal(handed.length, 1, 'handed to the outbox at the click, before the delay');
      assert.equal(handed[0]!.delayMs, THANK_YOU.REDIRECT_LINK_SUBMIT_MS);
      assert.equal(handed[0]!.values.email, 'a@b.io');
      assert.deepEqual(handed[0]!.values[REDIRECT_LINK], link, 'the link travels with the values');
      answer({ status: 'sent', conversionId: 'c1' });
      await flush();
      assert.equal(actor.getSnapshot().value, 'submitted');
      assert.deepEqual(redirects, [link]);
    });

    it('a plain submit is sent without delay', async () => {
      const handed: ConversionInput[] = [];
      const actor = createActor(
        poptinMachine.provide({
          actors: { sendConversion: fromPromise(async ({ input }: { input: ConversionInput }) => (handed.push(input), { status: 'sent', conversionId: 'c1' }) as ConversionResult) },
        }),
        { clock: new SimulatedClock(), input: { poptinId: 'abcdefghijklm' } },
      ).start();
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'SUBMIT', values: { email: 'a@b.io' } });
      await flush();
      assert.equal(handed[0]!.delayMs, 0);
    });

    it('a plain submit redirects with no link (the pop-up setting decides)', async () => {
      const redirects: unknown[] = [];
      const clock = new SimulatedClock();
      const actor = createActor(
        poptinMachine.provide({ actions: { redirect: ({ context }) => void redirects.push(context.redirectTo) } }),
        { clock, input: { poptinId: 'abcdefghijklm' } },
      ).start();
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'SUBMIT', values: { email: 'a@b.io' } });
      await flush();
      assert.deepEqual(redirects, [null]);
    });
  });

  it("closing after a submit: the thank-you's own time, 2 s with 'Sent successfully!', else the quick close", () => {
    const first = { alreadyShown: false, postPlayMs: null };
    assert.equal(afterSubmitMs({ ...first, thankYou: true, thankYouAutoCloseMs: 3 * SECOND_MS }), 3 * SECOND_MS);
    assert.equal(afterSubmitMs({ ...first, thankYou: true, thankYouAutoCloseMs: null }), THANK_YOU.FALLBACK_CLOSE_MS);
    assert.equal(afterSubmitMs({ alreadyShown: true, thankYou: true, thankYouAutoCloseMs: null, postPlayMs: null }), THANK_YOU.FALLBACK_CLOSE_ALREADY_SHOWN_MS);
    assert.equal(afterSubmitMs({ ...first, thankYou: false, thankYouAutoCloseMs: null }), THANK_YOU.SENT_BUTTON_CLOSE_MS);
    assert.equal(afterSubmitMs({ ...first, thankYou: false, thankYouAutoCloseMs: null }, false), THANK_YOU.SENT_QUICK_CLOSE_MS);
    assert.equal(afterSubmitMs({ ...first, thankYou: true, thankYouAutoCloseMs: null, postPlayMs: 4 * SECOND_MS }), 4 * SECOND_MS, "a game's post-play time");
  });
});
