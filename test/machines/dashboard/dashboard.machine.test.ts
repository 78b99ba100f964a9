import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { dashboardMachine } from '../../../machines/dashboard/dashboard.machine.ts';
import { DRAFT_ROOT, newRecord } from '../../../machines/dashboard/dashboard.draft.ts';
import type { DailyStats, DashboardPoptin, LeadsPage, LeadsRequest, PreviewLink, SaveRequest } from '../../../machines/dashboard/dashboard.types.ts';
import { checkRecord } from '../../../demo/dashboard/record-check.ts';
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';

const TOKEN = 'the-admin-token';
const STORED: PoptinRecord = { ...newRecord('storedpop0001'), poptin_name: 'Stored' };
const LEADS = Array.from({ length: 5 }, (_, index) => ({
  conversion_id: `lead-${index}`,
  poptin_id: STORED.poptin_id,
  email: `lead${index}@example.com`,
  name: null,
  phone: null,
  created_at: '2026-03-10T12:00:00.000Z',
}));
/** Leads per page of the owner API the test plays. */
const PAGE = 2;

const unauthorized = { status: 401, message: 'missing bearer token' };

/**
 * The machine with actors over an owner API the test keeps in memory: a session flag, the stored
 * records and the leads. `failNext` makes the next call of an actor fail with the given error.
 */
function start({ session = false } = {}) {
  const server = {
    session,
    records: new Map<string, { record: PoptinRecord; active: boolean }>([[STORED.poptin_id, { record: STORED, active: true }]]),
    saved: [] as SaveRequest[],
    leadQueries: [] as LeadsRequest[],
    failNext: new Map<string, { status: number; message: string }>(),
  };
  const call = <T>(name: string, answer: () => T): Promise<T> => {
    const failure = server.failNext.get(name);
    if (failure) {
      server.failNext.delete(name);
      return Promise.reject(failure);
    }
    if (!server.session && name !== 'signIn') return Promise.reject(unauthorized);
    return Promise.resolve().then(answer);
  };
  const machine = dashboardMachine.provide({
    actors: {
      checkSession: fromPromise<boolean>(() => Promise.resolve(server.session)),
      signIn: fromPromise<void, { token: string }>(({ input }) =>
        call('signIn', () => {
          if (input.token !== TOKEN) throw { status: 401, message: 'wrong admin token' };
          server.session = true;
        }),
      ),
      signOut: fromPromise<void>(() => call('signOut', () => void (server.session = false))),
      loadPoptins: fromPromise<DashboardPoptin[]>(() =>
        call('loadPoptins', () =>
          [...server.records.values()].map(({ record, active }) => ({
            poptin_id: record.poptin_id,
            poptin_name: record.poptin_name ?? null,
            poptin_type: record.poptin_type,
            active,
            views: 4,
            conversions: 1,
            conversion_rate: 0.25,
          })),
        ),
      ),
      setActive: fromPromise<void, { id: string; active: boolean }>(({ input }) => call('setActive', () => void (server.records.get(input.id)!.active = input.active))),
      loadPoptin: fromPromise<PoptinRecord, { id: string }>(({ input }) =>
        call('loadPoptin', () => {
          const stored = server.records.get(input.id);
          if (!stored) throw { status: 404, message: 'unknown poptin id' };
          return stored.record;
        }),
      ),
      savePoptin: fromPromise<void, SaveRequest>(({ input }) =>
        call('savePoptin', () => {
          server.saved.push(input);
          server.records.set(input.record.poptin_id, { record: input.record, active: server.records.get(input.record.poptin_id)?.active ?? false });
        }),
      ),
      createPreviewLink: fromPromise<PreviewLink, { id: string; url: string }>(({ input }) =>
        call('createPreviewLink', () => ({ url: `${input.url}?ppt-preview=signed-${input.id}`, token: `signed-${input.id}`, expires_at: '2026-03-11T12:00:00.000Z' })),
      ),
      loadLeads: fromPromise<LeadsPage, LeadsRequest>(({ input }) =>
        call('loadLeads', () => {
          server.leadQueries.push(input);
          const found = LEADS.filter((lead) => lead.email.includes(input.search));
          const start = input.cursor === null ? 0 : Number(input.cursor);
          const end = start + PAGE;
          return { leads: found.slice(start, end), next_cursor: end < found.length ? String(end) : null };
        }),
      ),
      loadDaily: fromPromise<DailyStats>(() => call('loadDaily', () => ({ days: ['2026-03-10'], poptins: [{ poptin_id: STORED.poptin_id, poptin_name: null, views: [4], conversions: [1] }] }))),
    },
  });
  const actor = createActor(machine, { clock: new SimulatedClock(), input: { checkRecord } }).start();
  const reach = (state: string) => waitFor(actor, (snapshot) => snapshot.matches(state as never));
  const context = () => actor.getSnapshot().context;
  return { actor, server, reach, context };
}

async function signedIn() {
  const run = start();
  await run.reach('signedOut');
  run.actor.send({ type: 'SIGN_IN', token: TOKEN });
  await run.reach({ signedIn: { poptins: 'loaded' } } as never);
  return run;
}

describe('dashboardMachine: signing in and out', () => {
  it('without a live session: signedOut; a wrong token stays there with the reason; the right one loads the list', async () => {
    const run = start();
    assert.ok(run.actor.getSnapshot().matches('checking'));
    await run.reach('signedOut');
    run.actor.send({ type: 'SIGN_IN', token: 'wrong' });
    assert.ok(run.actor.getSnapshot().matches('signingIn'));
    await run.reach('signedOut');
    assert.deepEqual(run.context().authError, { status: 401, message: 'wrong admin token' });
    assert.equal(run.context().sessionEnded, false);
    run.actor.send({ type: 'SIGN_IN', token: TOKEN });
    assert.equal(run.context().authError, null, 'the old reason goes as the owner tries again');
    await run.reach({ signedIn: { poptins: 'loaded' } } as never);
    assert.deepEqual(run.context().poptins.map((poptin) => poptin.poptin_id), [STORED.poptin_id]);
    assert.ok(!JSON.stringify(run.actor.getSnapshot().context).includes(TOKEN), 'the token is not kept');
  });

  it('a live session skips the sign-in; signing out ends it', async () => {
    const run = start({ session: true });
    await run.reach({ signedIn: 'poptins' } as never);
    run.actor.send({ type: 'SIGN_OUT' });
    await run.reach('signedOut');
    assert.equal(run.server.session, false);
  });

  it('a call answered 401 (the session ended) leads back to the sign-in with the reason', async () => {
    const run = await signedIn();
    run.server.session = false;
    run.actor.send({ type: 'SHOW.LEADS' });
    await run.reach('signedOut');
    assert.equal(run.context().authError?.status, 401);
    assert.equal(run.context().sessionEnded, true, 'told apart from a wrong token');
  });
});

describe('dashboardMachine: the pop-up list', () => {
  it('activates and deactivates, then shows the list as stored', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'POPTIN.SET_ACTIVE', id: STORED.poptin_id, active: false });
    assert.ok(run.actor.getSnapshot().matches({ signedIn: { poptins: 'changing' } }));
    await run.reach({ signedIn: { poptins: 'loaded' } } as never);
    assert.equal(run.context().poptins[0]!.active, false);
  });

  it('a failed load says why and loads again on RETRY', async () => {
    const run = await signedIn();
    run.server.failNext.set('loadPoptins', { status: 0, message: 'Failed to fetch' });
    run.actor.send({ type: 'SHOW.POPTINS' });
    await run.reach({ signedIn: { poptins: 'failed' } } as never);
    assert.equal(run.context().loadError?.message, 'Failed to fetch');
    run.actor.send({ type: 'RETRY' });
    await run.reach({ signedIn: { poptins: 'loaded' } } as never);
    assert.equal(run.context().loadError, null);
  });
});

describe('dashboardMachine: the editor', () => {
  it('creates a pop-up: a valid first draft, saved as new, then stored', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'POPTIN.CREATE', id: 'newpopup00001' });
    assert.ok(run.actor.getSnapshot().matches({ signedIn: { editor: 'draft' } }));
    assert.equal(run.context().problem, null);
    assert.equal(run.context().draft?.poptin_id, 'newpopup00001');
    run.actor.send({ type: 'PREVIEW_LINK.REQUEST', url: 'http://shop.example/' });
    assert.ok(run.actor.getSnapshot().matches({ signedIn: { editor: 'draft' } }), 'no preview link before it is stored');
    run.actor.send({ type: 'DRAFT.SAVE' });
    assert.ok(run.actor.getSnapshot().matches({ signedIn: { editor: 'saving' } }));
    await run.reach({ signedIn: { editor: 'saved' } } as never);
    assert.deepEqual(run.server.saved.map(({ record, isNew }) => [record.poptin_id, isNew]), [['newpopup00001', true]]);
    assert.equal(run.context().editing?.isNew, false);
    run.actor.send({ type: 'PREVIEW_LINK.REQUEST', url: 'http://shop.example/' });
    await run.reach({ signedIn: { editor: 'saved' } } as never);
    assert.equal(run.context().previewLink?.url, 'http://shop.example/?ppt-preview=signed-newpopup00001');
  });

  it('a form change or JSON text the schema refuses is a problem at its field, and cannot be saved', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'POPTIN.EDIT', id: STORED.poptin_id });
    await run.reach({ signedIn: { editor: 'draft' } } as never);
    run.actor.send({ type: 'DRAFT.SET', path: ['design_properties', 'poptin_location'], value: 'nowhere' });
    assert.equal(run.context().problem?.path, 'design_properties.poptin_location');
    assert.match(run.context().problem!.message, /center-middle/);
    run.actor.send({ type: 'DRAFT.SAVE' });
    assert.ok(run.actor.getSnapshot().matches({ signedIn: { editor: 'draft' } }), 'an invalid draft is not sent');
    run.actor.send({ type: 'DRAFT.SET', path: ['design_properties', 'poptin_location'], value: 'left-bottom' });
    assert.equal(run.context().problem, null);
    assert.match(run.context().draftText, /"poptin_location": "left-bottom"/, 'the JSON view follows the form');

    run.actor.send({ type: 'DRAFT.EDIT_JSON', text: '{ "poptin_id": ' });
    assert.equal(run.context().problem?.path, DRAFT_ROOT);
    assert.match(run.context().problem!.message, /^not JSON/);
    assert.equal(run.context().draft, null);
    run.actor.send({ type: 'DRAFT.EDIT_JSON', text: JSON.stringify({ ...STORED, design: { blocks: [{ type: 'title', text: 7 }] } }) });
    assert.deepEqual(run.context().problem, { path: 'design.blocks[0].text', message: 'expected a string' });
    assert.equal(run.context().draft?.poptin_id, STORED.poptin_id, 'the form still edits a draft the schema refuses');
  });

  it('duplicates: the copy gets the new id, a copy name and its own viewer id; the original is untouched', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'POPTIN.DUPLICATE', id: STORED.poptin_id, newId: 'copypopup0001' });
    await run.reach({ signedIn: { editor: 'draft' } } as never);
    const copy = run.context().draft!;
    assert.equal(copy.poptin_id, 'copypopup0001');
    assert.equal(copy.poptin_name, `${STORED.poptin_name} (copy)`);
    assert.equal(copy.viewer_id, 'viewer-copypopup0001');
    assert.deepEqual(copy.design, STORED.design);
    run.actor.send({ type: 'DRAFT.SAVE' });
    await run.reach({ signedIn: { editor: 'saved' } } as never);
    assert.equal(run.server.records.get(STORED.poptin_id)!.record, STORED);
    assert.equal(run.server.saved[0]!.isNew, true);
  });

  it('a refused save keeps the draft and says why', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'POPTIN.EDIT', id: STORED.poptin_id });
    await run.reach({ signedIn: { editor: 'draft' } } as never);
    run.actor.send({ type: 'DRAFT.SET', path: ['poptin_name'], value: 'Renamed' });
    run.server.failNext.set('savePoptin', { status: 400, message: 'record.poptin_id: must equal the pop-up id in the path' });
    run.actor.send({ type: 'DRAFT.SAVE' });
    await run.reach({ signedIn: { editor: 'saveFailed' } } as never);
    assert.equal(run.context().saveError?.status, 400);
    assert.equal(run.context().draft?.poptin_name, 'Renamed');
  });
});

describe('dashboardMachine: leads and the chart', () => {
  it('pages forward and back, and a search starts again at the first page', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'SHOW.LEADS' });
    await run.reach({ signedIn: { leads: 'loaded' } } as never);
    assert.deepEqual(run.context().leads.map((lead) => lead.conversion_id), ['lead-0', 'lead-1']);
    run.actor.send({ type: 'LEADS.PREVIOUS' });
    assert.ok(run.actor.getSnapshot().matches({ signedIn: { leads: 'loaded' } }), 'no page before the first');
    run.actor.send({ type: 'LEADS.NEXT' });
    await run.reach({ signedIn: { leads: 'loaded' } } as never);
    assert.deepEqual(run.context().leads.map((lead) => lead.conversion_id), ['lead-2', 'lead-3']);
    run.actor.send({ type: 'LEADS.NEXT' });
    await run.reach({ signedIn: { leads: 'loaded' } } as never);
    assert.deepEqual(run.context().leads.map((lead) => lead.conversion_id), ['lead-4']);
    run.actor.send({ type: 'LEADS.NEXT' });
    assert.ok(run.actor.getSnapshot().matches({ signedIn: { leads: 'loaded' } }), 'no page after the last');
    run.actor.send({ type: 'LEADS.PREVIOUS' });
    await run.reach({ signedIn: { leads: 'loaded' } } as never);
    assert.deepEqual(run.context().leads.map((lead) => lead.conversion_id), ['lead-2', 'lead-3']);
    run.actor.send({ type: 'LEADS.SEARCH', search: ' lead3 ' });
    await run.reach({ signedIn: { leads: 'loaded' } } as never);
    assert.deepEqual(run.server.leadQueries.at(-1), { search: 'lead3', cursor: null });
    assert.deepEqual(run.context().leads.map((lead) => lead.email), ['lead3@example.com']);
  });

  it('the chart loads the views and conversions per day', async () => {
    const run = await signedIn();
    run.actor.send({ type: 'SHOW.CHART' });
    await run.reach({ signedIn: { chart: 'loaded' } } as never);
    assert.deepEqual(run.context().daily?.poptins[0]?.views, [4]);
    assert.equal(run.context().chartPoptin, null, 'the first pop-up until the owner picks one');
    run.actor.send({ type: 'CHART.SELECT', id: STORED.poptin_id });
    assert.equal(run.context().chartPoptin, STORED.poptin_id);
  });
});
