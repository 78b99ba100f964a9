import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CLOSE, SECOND_MS, THANK_YOU } from '../../../shared/constants/widget.ts';
import { flush, start } from './poptin.harness.ts';

const VALUES = { email: 'reader@example.com' };

describe('poptinMachine: record settings', () => {
  describe('welcome screen (welcome)', () => {
    it('opens on the welcome screen; WELCOME.START leads to the form, and only then can it submit', async () => {
      const { actor, clock, calls } = start({ welcome: true });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      assert.ok(actor.getSnapshot().matches({ shown: { content: 'welcome' } }));
      assert.equal(actor.getSnapshot().context.welcome, true);
      actor.send({ type: 'SUBMIT', values: VALUES });
      assert.ok(actor.getSnapshot().matches({ shown: { content: 'welcome' } }), 'no submit from the welcome screen');
      // It waits for the visitor, however long.
      clock.increment(THANK_YOU.FALLBACK_CLOSE_ALREADY_SHOWN_MS);
      assert.ok(actor.getSnapshot().matches({ shown: { content: 'welcome' } }));
      actor.send({ type: 'WELCOME.START' });
      assert.ok(actor.getSnapshot().matches({ shown: { content: 'form' } }));
      assert.equal(actor.getSnapshot().context.welcome, false);
      actor.send({ type: 'SUBMIT', values: VALUES });
      await flush();
      assert.ok(actor.getSnapshot().matches('submitted'));
      assert.deepEqual(calls, ['view', 'converted-cookie']);
    });

    it('without a welcome screen the content starts on the form; WELCOME.START changes nothing', () => {
      const { actor } = start();
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      assert.ok(actor.getSnapshot().matches({ shown: { content: 'form' } }));
      actor.send({ type: 'WELCOME.START' });
      assert.ok(actor.getSnapshot().matches({ shown: { content: 'form' } }));
    });

    it('the welcome screen can be closed as the form can; it stays the shown screen through the exit', () => {
      const { actor, clock, state } = start({ welcome: true });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
      assert.equal(state(), 'closing');
      assert.equal(actor.getSnapshot().context.welcome, true);
      clock.increment(CLOSE.EXIT_ANIMATION_MS);
      assert.equal(state(), 'closed');
    });
  });

  describe('content lock (hold: content_lock)', () => {
    it('no X, skip, Escape, background click, timer, link or auto close closes it before the lead', () => {
      const { actor, clock, state, calls } = start({ hold: 'content_lock', closeOnBackground: true, autoCloseMs: SECOND_MS });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      for (const closeTrigger of ['x_click', 'cancel_click', 'close_button', 'timer', 'link_click'] as const) {
        actor.send({ type: 'CLOSE', closeTrigger });
      }
      actor.send({ type: 'ESCAPE' });
      actor.send({ type: 'BACKGROUND.CLICK' });
      clock.increment(SECOND_MS);
      assert.equal(state(), 'form');
      assert.deepEqual(calls, ['view']);
    });

    it('a refused lead keeps it held; once the lead went through it closes as any pop-up', async () => {
      let refuse = true;
      const { actor, clock, state } = start({ hold: 'content_lock', thankYou: true, thankYouAutoCloseMs: THANK_YOU.AUTO_CLOSE_DEFAULT_MS }, async () =>
        refuse ? { status: 'rejected', message: 'Invalid email' } : { status: 'sent', conversionId: 'c1' },
      );
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'SUBMIT', values: VALUES });
      await flush();
      actor.send({ type: 'ESCAPE' });
      assert.equal(state(), 'form');
      refuse = false;
      actor.send({ type: 'SUBMIT', values: { email: 'other@example.com' } });
      await flush();
      assert.ok(actor.getSnapshot().matches('submitted'));
      clock.increment(THANK_YOU.AUTO_CLOSE_DEFAULT_MS - 1);
      assert.ok(actor.getSnapshot().matches('submitted'));
      clock.increment(1);
      assert.equal(state(), 'closing');
    });

    it('after the lead the X closes the thank-you screen', async () => {
      const { actor, state } = start({ hold: 'content_lock', thankYou: true });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'SUBMIT', values: VALUES });
      await flush();
      actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
      assert.equal(state(), 'closing');
    });
  });

  describe('landing-page mode (hold: landing_page)', () => {
    it('nothing closes it, before or after the lead; the thank-you screen stays past every close delay', async () => {
      const { actor, clock, emitted } = start({ hold: 'landing_page', thankYou: true, thankYouAutoCloseMs: null, closeOnBackground: true });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'ESCAPE' });
      actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
      assert.ok(actor.getSnapshot().matches('shown'));
      actor.send({ type: 'SUBMIT', values: VALUES });
      await flush();
      assert.ok(actor.getSnapshot().matches('submitted'));
      clock.increment(THANK_YOU.FALLBACK_CLOSE_ALREADY_SHOWN_MS);
      actor.send({ type: 'ESCAPE' });
      actor.send({ type: 'BACKGROUND.CLICK' });
      actor.send({ type: 'CLOSE', closeTrigger: 'x_click' });
      assert.ok(actor.getSnapshot().matches('submitted'));
      assert.deepEqual(emitted.map((event) => event.type), ['show', 'convert']);
    });

    it('without the landing page the same pop-up closes at the thank-you fallback', async () => {
      const { actor, clock, state } = start({ thankYou: true, thankYouAutoCloseMs: null });
      actor.send({ type: 'SHOW', trigger: 'page_load' });
      actor.send({ type: 'SUBMIT', values: VALUES });
      await flush();
      clock.increment(THANK_YOU.FALLBACK_CLOSE_MS - 1);
      assert.ok(actor.getSnapshot().matches('submitted'));
      clock.increment(1);
      assert.equal(state(), 'closing');
    });
  });
});
