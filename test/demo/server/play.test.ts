/**
 * Server-authoritative play (issue 16 item 7): POST /api/display/play/{poptin_id} draws a gamified
 * pop-up's prize with the widget's weights and the server's random numbers, once per visitor per
 * pop-up. A real server on 127.0.0.1 and a real SQLite file; the server's random numbers seeded.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RATE_LIMIT } from '../../../demo/server/constants.ts';
import { API_ERROR_CODE, PLAY_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import { pickPrize } from '../../../shared/logic/prize.ts';
import type { Prize } from '../../../shared/schema/prize.ts';
import { seededRandom } from '../../seeded-random.ts';
import { adminHeaders, type Answer, call, fixtureRecord, harnessPerSuite, PLAIN, postJson } from './helpers.ts';

const CLIENT = 'demo-client';
const PRIZES: Prize[] = [
  { label: '10% off', code: 'KITE10', chances: 50, loosing_option: 0, prize_id: 'ten' },
  { label: 'Free shipping', code: 'SHIPFREE', chances: 30, loosing_option: 0, prize_id: 'ship' },
  { label: 'Try again', chances: 20, loosing_option: 1, prize_id: 'none' },
  { label: 'Never', code: 'NEVER', chances: 0, loosing_option: 0, prize_id: 'never' },
];
const wheel = (poptinId: string, extra: Record<string, unknown> = {}) =>
  fixtureRecord(poptinId, {
    poptin_type: 'gamified',
    poptin_format: 'gamified_format_3',
    design: { blocks: [{ type: 'title', text: 'Spin' }, { type: 'game', prizes: PRIZES }] },
    ...extra,
  });
const WHEEL = wheel('playwheel0001');
const SWITCHED_OFF = wheel('playwheel0002', { active: false });
/** A wheel whose owner shortens its prizes after visitors drew. */
const EDITED = wheel('playwheel0003');

/** Visitors in the weights test: enough that each share lands within TOLERANCE of its chance. */
const VISITORS = 1_000;
/** How far a prize's share of VISITORS draws may stray from its chance: about four standard deviations of the largest. */
const TOLERANCE = 0.065;
const SEED = 16;
/** Calls in flight together in the weights test. */
const CALLS_AT_ONCE = 25;

/** How many times each value occurs, by value. */
const countBy = (values: string[]) => new Map([...new Set(values)].sort().map((value) => [value, values.filter((other) => other === value).length]));

const playPath = (poptinId: string) => `/api/display/play/${poptinId}`;
const ask = (base: string, visitor: string, poptinId = WHEEL.poptin_id, client = CLIENT) =>
  postJson(base, playPath(poptinId), { client_id: client, visitor_id: visitor });
const rows = (h: ReturnType<typeof harnessPerSuite>, visitor: string) =>
  h.server.db.all('SELECT prize_index, prize_id, prize_label FROM game_plays WHERE poptin_id = ? AND visitor_id = ?', [WHEEL.poptin_id, visitor]);

describe('the server draws with the widget\'s weights', () => {
  const h = harnessPerSuite([WHEEL], { random: seededRandom(SEED) });

  test(`${VISITORS} visitors get pickPrize's draws on the server's numbers: each prize in the share of its chances, a 0 % prize never`, async () => {
    // Each draw takes one number, so the same seed gives the same draws in whatever order the calls land.
    const expected = seededRandom(SEED);
    const wanted = countBy(Array.from({ length: VISITORS }, () => pickPrize(PRIZES, expected)!.label));
    const answers: Answer[] = [];
    for (let visitor = 0; visitor < VISITORS; visitor += CALLS_AT_ONCE) {
      const batch = Array.from({ length: CALLS_AT_ONCE }, (_, offset) => ask(h.base, `visitor-${visitor + offset}`));
      answers.push(...(await Promise.all(batch)));
    }
    for (const { status, json } of answers) {
      assert.equal(status, 200);
      assert.deepEqual(json.prize, PRIZES[json.prize_index], 'the prize at the index answered');
    }
    const drawn = countBy(answers.map(({ json }) => json.prize.label as string));
    assert.deepEqual(drawn, wanted);
    for (const prize of PRIZES) {
      const share = (drawn.get(prize.label) ?? 0) / VISITORS;
      assert.ok(Math.abs(share - prize.chances / GAMIFIED.CHANCES_TOTAL) < TOLERANCE, `${prize.label}: ${share}`);
    }
    assert.equal(drawn.get('Never'), undefined, 'a 0 % prize is never drawn');
    const stored = (await h.server.db.one<{ plays: number }>('SELECT count(*) AS plays FROM game_plays'))!;
    assert.equal(stored.plays, VISITORS, 'one play stored per visitor');
  });
});

/** Numbers that draw the first prize, then the third, then the first...: a second draw always differs from the first. */
function alternating(): () => number {
  const draws = [0, 0.99];
  let next = 0;
  return () => draws[next++ % draws.length]!;
}

describe('one play per visitor per pop-up', () => {
  const h = harnessPerSuite([WHEEL, SWITCHED_OFF, PLAIN, EDITED], { random: alternating() });

  test('asking again answers the first draw, and stores nothing new', async () => {
    const first = await ask(h.base, 'visitor-again');
    const again = await ask(h.base, 'visitor-again');
    assert.equal(first.status, 200);
    assert.deepEqual(again.json, first.json);
    assert.deepEqual(await rows(h, 'visitor-again'), [{ prize_index: first.json.prize_index, prize_id: first.json.prize.prize_id, prize_label: first.json.prize.label }]);
  });

  test('two calls at once: one row, and both answer its draw', async () => {
    const [one, two] = await Promise.all([ask(h.base, 'visitor-racing'), ask(h.base, 'visitor-racing')]);
    assert.equal(one.status, 200);
    assert.deepEqual(two.json, one.json);
    assert.equal((await rows(h, 'visitor-racing')).length, 1);
  });

  test('another visitor draws afresh', async () => {
    const first = await ask(h.base, 'visitor-first');
    const other = await ask(h.base, 'visitor-other');
    assert.notEqual(other.json.prize_index, first.json.prize_index);
  });

  const refused = (answer: Answer, status: number, code: string) => {
    assert.equal(answer.status, status, answer.text);
    assert.equal(answer.json.code, code);
    assert.equal(typeof answer.json.error, 'string');
  };

  test('a draw the owner has since removed from the prizes answers 409 no_game; the others still stand', async () => {
    const drawn = await Promise.all(['visitor-kept', 'visitor-removed'].map(async (visitor) => ({ visitor, answer: await ask(h.base, visitor, EDITED.poptin_id) })));
    const kept = PRIZES.slice(0, Math.max(...drawn.map(({ answer }) => answer.json.prize_index)));
    assert.ok(drawn.some(({ answer }) => answer.json.prize_index < kept.length), 'one draw stays among the prizes, the other does not');
    const edit = await call(h.base, `/api/admin/poptins/${EDITED.poptin_id}`, {
      method: 'PUT',
      headers: { ...adminHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ record: { ...EDITED, design: { blocks: [{ type: 'game', prizes: kept }] } } }),
    });
    assert.equal(edit.status, 200, edit.text);
    for (const { visitor, answer } of drawn) {
      const again = await ask(h.base, visitor, EDITED.poptin_id);
      if (answer.json.prize_index < kept.length) assert.deepEqual(again.json, answer.json, visitor);
      else refused(again, 409, PLAY_ERROR_CODE.NO_GAME);
    }
  });

  test('4xx with a reason for bad input, and nothing stored', async () => {
    refused(await ask(h.base, 'visitor-bad', 'nosuchpoptin1'), 404, API_ERROR_CODE.UNKNOWN_POPTIN);
    refused(await ask(h.base, 'visitor-bad', PLAIN.poptin_id), 409, PLAY_ERROR_CODE.NO_GAME);
    refused(await ask(h.base, 'visitor-bad', SWITCHED_OFF.poptin_id), 403, API_ERROR_CODE.INACTIVE_POPTIN);
    refused(await ask(h.base, 'visitor-bad', WHEEL.poptin_id, 'nosuchclient'), 404, API_ERROR_CODE.UNKNOWN_CLIENT);
    refused(await ask(h.base, '', WHEEL.poptin_id), 400, API_ERROR_CODE.INVALID_REQUEST);
    refused(await postJson(h.base, playPath(WHEEL.poptin_id), { client_id: CLIENT }), 400, API_ERROR_CODE.INVALID_REQUEST);
    refused(await postJson(h.base, playPath(WHEEL.poptin_id), '{ not json'), 400, API_ERROR_CODE.INVALID_REQUEST);
    assert.deepEqual(await rows(h, 'visitor-bad'), []);
  });
});

describe('rate limited like the other visitor writes', () => {
  const WRITES = 2;
  const h = harnessPerSuite([WHEEL], { rateLimits: { perAddress: { max: WRITES, windowMs: RATE_LIMIT.WINDOW_MS } } });

  test(`the network's write over its limit answers 429`, async () => {
    for (let write = 0; write < WRITES; write += 1) assert.equal((await ask(h.base, `visitor-${write}`)).status, 200);
    const over = await ask(h.base, 'visitor-over');
    assert.equal(over.status, 429);
    assert.equal(over.json.code, API_ERROR_CODE.RATE_LIMITED);
    assert.deepEqual(await rows(h, 'visitor-over'), []);
  });
});
