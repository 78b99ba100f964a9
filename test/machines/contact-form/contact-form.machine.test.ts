import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { contactFormMachine, contactStateOf, successPhaseOf } from '../../../machines/contact-form/contact-form.machine.ts';
import type {
  ContactField,
  ContactFieldCheck,
  ContactFormEmitted,
  ContactFormInput,
  ContactSendResult,
} from '../../../machines/contact-form/contact-form.types.ts';
import { CONTACT_FORM } from '../../../shared/constants/site.ts';

const NAME_OK: ContactFieldCheck = { name: 'name', label: 'Name', valid: true, failed: null };
const EMAIL_OK: ContactFieldCheck = { name: 'email', label: 'E-Mail', valid: true, failed: null };
const NAME_BAD: ContactFieldCheck = { ...NAME_OK, valid: false, failed: 'is_empty' };
const EMAIL_BAD: ContactFieldCheck = { ...EMAIL_OK, valid: false, failed: 'is_email' };
const NOTE_UNCHECKED: ContactFieldCheck = { name: 'note', label: 'Note', valid: null, failed: null };
const FIELDS: ContactField[] = [
  ['name', 'Ada'],
  ['email', 'ada@example.com'],
  ['note', ''],
];

const submit = (checks: ContactFieldCheck[], inactive = false) => ({ type: 'SUBMIT' as const, checks, fields: FIELDS, inactive });
const VALID = submit([NAME_OK, EMAIL_OK, NOTE_UNCHECKED]);

/** Lets the promise actor's settlement reach the machine. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A started actor on a simulated clock whose `send` waits until the test answers it; every send's
 * input and every emitted event recorded.
 */
function start(input: ContactFormInput = {}) {
  const clock = new SimulatedClock();
  const sends: Array<{ fields: ContactField[] }> = [];
  let answer: { resolve: (result: ContactSendResult) => void; reject: (error: Error) => void } | undefined;
  const machine = contactFormMachine.provide({
    actors: {
      send: fromPromise<ContactSendResult, { fields: ContactField[] }>(({ input: sent }) => {
        sends.push(sent);
        return new Promise((resolve, reject) => (answer = { resolve, reject }));
      }),
    },
  });
  const actor = createActor(machine, { clock, input });
  const emitted: ContactFormEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const reply = async (result: ContactSendResult) => {
    answer!.resolve(result);
    await settle();
  };
  const fail = async (error = new Error('offline')) => {
    answer!.reject(error);
    await settle();
  };
  return { actor, clock, emitted, sends, reply, fail, state: () => contactStateOf(actor.getSnapshot()), phase: () => successPhaseOf(actor.getSnapshot()) };
}

describe('contactFormMachine', () => {
  describe('start', () => {
    it('starts idle with no checks and nothing emitted', () => {
      const { actor, emitted, state } = start();
      assert.equal(state(), 'idle');
      assert.deepEqual(actor.getSnapshot().context, { checks: [], fields: [], redirect: null, response: null, error: null });
      assert.deepEqual(emitted, []);
    });

    it('keeps a safe redirect and drops an unsafe one', () => {
      assert.equal(start({ redirect: '/thanks' }).actor.getSnapshot().context.redirect, '/thanks');
      assert.equal(start({ redirect: 'javascript:alert(1)' }).actor.getSnapshot().context.redirect, null);
      assert.equal(start({ redirect: '' }).actor.getSnapshot().context.redirect, null);
    });
  });

  describe('checks', () => {
    it('stays idle on a failing check, keeps the checks, emits invalid with names and labels, sends nothing', () => {
      const { actor, emitted, sends, state } = start();
      const checks = [NAME_BAD, EMAIL_BAD, NOTE_UNCHECKED];
      actor.send(submit(checks));
      assert.equal(state(), 'idle');
      assert.deepEqual(actor.getSnapshot().context.checks, checks);
      assert.deepEqual(emitted, [{ type: 'invalid', fields: ['name', 'email'], labels: ['Name', 'E-Mail'] }]);
      assert.equal(sends.length, 0);
    });

    it('one failing field among valid ones is enough to send nothing', () => {
      const { actor, sends, state, emitted } = start();
      actor.send(submit([NAME_OK, EMAIL_BAD]));
      assert.equal(state(), 'idle');
      assert.equal(sends.length, 0);
      assert.deepEqual(emitted, [{ type: 'invalid', fields: ['email'], labels: ['E-Mail'] }]);
    });

    it('sends after the visitor fixed the fields', () => {
      const { actor, sends, state } = start();
      actor.send(submit([NAME_BAD]));
      actor.send(VALID);
      assert.equal(state(), 'sending');
      assert.equal(sends.length, 1);
    });

    it('updates a checked field on FIELD.CHECK, and leaves unchecked fields alone', () => {
      const { actor } = start();
      actor.send({ type: 'FIELD.CHECK', check: NAME_OK });
      assert.deepEqual(actor.getSnapshot().context.checks, [], 'no submit yet: nothing to update');
      actor.send(submit([NAME_BAD, EMAIL_BAD]));
      actor.send({ type: 'FIELD.CHECK', check: NAME_OK });
      assert.deepEqual(actor.getSnapshot().context.checks, [NAME_OK, EMAIL_BAD]);
    });
  });

  describe('inactive button', () => {
    it('sends nothing and stays idle when the button is marked inactive, though the checks pass', () => {
      const { actor, sends, state, emitted } = start();
      actor.send(submit([NAME_OK, EMAIL_OK], true));
      assert.equal(state(), 'idle');
      assert.equal(sends.length, 0);
      assert.deepEqual(emitted, []);
      assert.deepEqual(actor.getSnapshot().context.checks, [NAME_OK, EMAIL_OK], 'the valid styles still show');
    });

    it('still reports failing checks first', () => {
      const { actor, emitted } = start();
      actor.send(submit([NAME_BAD], true));
      assert.deepEqual(emitted, [{ type: 'invalid', fields: ['name'], labels: ['Name'] }]);
    });
  });

  describe('sending', () => {
    it('sends the fields once and emits sending', () => {
      const { actor, sends, emitted, state } = start();
      actor.send(VALID);
      assert.equal(state(), 'sending');
      assert.deepEqual(sends, [{ fields: FIELDS }]);
      assert.deepEqual(emitted, [{ type: 'sending', fields: ['name', 'email', 'note'] }]);
    });

    it('ignores a second submit while sending: no second send', () => {
      const { actor, sends, emitted, state } = start();
      actor.send(VALID);
      actor.send(VALID);
      actor.send(submit([NAME_BAD]));
      assert.equal(state(), 'sending');
      assert.equal(sends.length, 1);
      assert.equal(emitted.length, 1);
    });
  });

  describe('success', () => {
    it(`emits success, slides the form up for ${CONTACT_FORM.SLIDE_MS} ms, then the response down for as long`, async () => {
      const { actor, clock, emitted, reply, state, phase } = start();
      actor.send(VALID);
      await reply({ ok: true, response: '<p>Thanks</p>' });
      assert.equal(state(), 'success');
      assert.equal(actor.getSnapshot().context.response, '<p>Thanks</p>');
      assert.deepEqual(emitted.at(-1), { type: 'success', redirect: null });
      assert.equal(phase(), 'hiding');
      clock.increment(CONTACT_FORM.SLIDE_MS - 1);
      assert.equal(phase(), 'hiding');
      clock.increment(1);
      assert.equal(phase(), 'showing');
      clock.increment(CONTACT_FORM.SLIDE_MS - 1);
      assert.equal(phase(), 'showing');
      clock.increment(1);
      assert.equal(phase(), 'shown');
      assert.equal(actor.getSnapshot().status, 'active', 'the form stays usable as an actor; only the slide is done');
    });

    it('ignores submits after success', async () => {
      const { actor, sends, reply, state } = start();
      actor.send(VALID);
      await reply({ ok: true, response: '' });
      actor.send(VALID);
      assert.equal(state(), 'success');
      assert.equal(sends.length, 1);
    });

    it('with a redirect, emits redirect instead of sliding', async () => {
      const { actor, clock, emitted, reply, phase } = start({ redirect: 'https://example.com/thanks' });
      actor.send(VALID);
      await reply({ ok: true, response: '<p>Thanks</p>' });
      assert.deepEqual(emitted.slice(1), [
        { type: 'success', redirect: 'https://example.com/thanks' },
        { type: 'redirect', url: 'https://example.com/thanks' },
      ]);
      assert.equal(phase(), 'redirecting');
      clock.increment(CONTACT_FORM.SLIDE_MS * 2);
      assert.equal(phase(), 'redirecting');
    });

    it('takes a changed redirect, and never a script one', async () => {
      const { actor, emitted, reply, phase } = start({ redirect: '/thanks' });
      actor.send({ type: 'REDIRECT.SET', redirect: 'javascript:alert(1)' });
      assert.equal(actor.getSnapshot().context.redirect, null);
      actor.send(VALID);
      await reply({ ok: true, response: '' });
      assert.equal(phase(), 'hiding');
      assert.ok(!emitted.some((event) => event.type === 'redirect'));

      const other = start();
      other.actor.send({ type: 'REDIRECT.SET', redirect: '/danke' });
      other.actor.send(VALID);
      await other.reply({ ok: true, response: '' });
      assert.deepEqual(other.emitted.at(-1), { type: 'redirect', url: '/danke' });
    });

    it('slides for as long as provide({ delays }) says (0 under reduced motion)', async () => {
      const clock = new SimulatedClock();
      const actor = createActor(contactFormMachine.provide({ delays: { slide: 0 } }), { clock, input: {} });
      actor.start();
      actor.send(VALID);
      await settle();
      assert.equal(successPhaseOf(actor.getSnapshot()), 'hiding');
      clock.increment(0);
      clock.increment(0);
      assert.equal(successPhaseOf(actor.getSnapshot()), 'shown');
    });

    it('the default send sends nothing and succeeds with an empty response', async () => {
      const actor = createActor(contactFormMachine, { clock: new SimulatedClock(), input: {} });
      actor.start();
      actor.send(VALID);
      await settle();
      assert.equal(contactStateOf(actor.getSnapshot()), 'success');
      assert.equal(actor.getSnapshot().context.response, '');
    });
  });

  describe('error', () => {
    it('shows the returned error container, emits error, and goes back on the next submit', async () => {
      const { actor, emitted, sends, reply, state } = start();
      actor.send(VALID);
      await reply({ ok: false, error: '<div class="avia-form-error">No</div>' });
      assert.equal(state(), 'error');
      assert.equal(actor.getSnapshot().context.error, '<div class="avia-form-error">No</div>');
      assert.deepEqual(emitted.at(-1), { type: 'error', reason: 'rejected' });

      actor.send(VALID);
      assert.equal(state(), 'sending');
      assert.equal(actor.getSnapshot().context.error, null, 'the old container is gone while sending again');
      assert.equal(sends.length, 2);
      await reply({ ok: true, response: '' });
      assert.equal(state(), 'success');
    });

    it('a failing check after an error goes back to idle with the errors', async () => {
      const { actor, emitted, reply, state } = start();
      actor.send(VALID);
      await reply({ ok: false, error: null });
      actor.send(submit([NAME_BAD]));
      assert.equal(state(), 'idle');
      assert.equal(actor.getSnapshot().context.error, null);
      assert.deepEqual(emitted.at(-1), { type: 'invalid', fields: ['name'], labels: ['Name'] });
    });

    it('an inactive button after an error sends nothing and keeps the error', async () => {
      const { actor, sends, reply, state } = start();
      actor.send(VALID);
      await reply({ ok: false, error: '<p>x</p>' });
      actor.send(submit([NAME_OK], true));
      assert.equal(state(), 'error');
      assert.equal(sends.length, 1);
    });

    it('a network failure is an error without container', async () => {
      const { actor, emitted, fail, state } = start();
      actor.send(VALID);
      await fail();
      assert.equal(state(), 'error');
      assert.equal(actor.getSnapshot().context.error, null);
      assert.deepEqual(emitted.at(-1), { type: 'error', reason: 'network' });
    });
  });
});
