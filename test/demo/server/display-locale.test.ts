/**
 * The display call's `triggers` and the answer's `country`, `cc` and `lang` (issue 18 item 5),
 * against a real server and SQLite file.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { START } from '../../../shared/constants/widget.ts';
import { DISPLAY_DEFAULTS } from '../../../demo/server/constants.ts';
import { displayBody, harnessPerSuite, PLAIN, postJson } from './helpers.ts';

const h = harnessPerSuite();

const locale = async (acceptLanguage?: string) => {
  const res = await postJson(h.base, '/api/display/demo-client', displayBody(), acceptLanguage === undefined ? {} : { 'Accept-Language': acceptLanguage });
  assert.equal(res.status, 200);
  return { country: res.json.country, cc: res.json.cc, lang: res.json.lang };
};

describe('the display answer: country, cc and lang from the visitor\'s Accept-Language', () => {
  test('a Hebrew browser in Israel', async () => {
    assert.deepEqual(await locale('he-IL,he;q=0.9,en-US;q=0.8,en;q=0.7'), { country: 'IL', cc: 'il', lang: 'he' });
  });

  test('the most preferred language wins, whatever the order; the region comes from the first tag that has one', async () => {
    assert.deepEqual(await locale('en;q=0.5, fr, de-AT;q=0.8'), { country: 'AT', cc: 'at', lang: 'fr' });
    assert.deepEqual(await locale('pt-br'), { country: 'BR', cc: 'br', lang: 'pt' });
    assert.deepEqual(await locale('zh-Hant-TW'), { country: 'TW', cc: 'tw', lang: 'zh' });
  });

  test('nothing said, a wildcard, a refused language or junk: the defaults', async () => {
    const defaults = { country: DISPLAY_DEFAULTS.COUNTRY, cc: DISPLAY_DEFAULTS.COUNTRY.toLowerCase(), lang: DISPLAY_DEFAULTS.LANG };
    assert.deepEqual(await locale(), defaults);
    assert.deepEqual(await locale('*'), defaults);
    assert.deepEqual(await locale('he-IL;q=0'), defaults);
    assert.deepEqual(await locale('<script>, 12-34, ;q=x'), defaults);
  });
});

describe('the display call\'s triggers: the pop-up ids the page\'s links carry', () => {
  test('a list of ids is taken, and the answer is the same as without it', async () => {
    const without = await postJson(h.base, '/api/display/demo-client', displayBody());
    const res = await postJson(h.base, '/api/display/demo-client', displayBody({ triggers: [PLAIN.poptin_id, 'abcdefghijklm'] }));
    assert.equal(res.status, 200);
    assert.deepEqual(res.json.poptins, without.json.poptins);
    assert.equal((await postJson(h.base, '/api/display/demo-client', displayBody({ triggers: [] }))).status, 200);
  });

  test('a bad shape is 400 with its reason, and nothing else is decided', async () => {
    const refused = async (triggers: unknown, reason: RegExp) => {
      const res = await postJson(h.base, '/api/display/demo-client', displayBody({ triggers }));
      assert.equal(res.status, 400, JSON.stringify(triggers));
      assert.equal(res.json.code, 'invalid_request');
      assert.match(res.json.error, reason);
    };
    await refused('abcdefghijklm', /^triggers: expected an array/);
    await refused({ click: 'abcdefghijklm' }, /^triggers: expected an array/);
    await refused([42], /^triggers\[0\]: expected a string/);
    await refused(['ok_id', 'not an id'], /^triggers\[1\]: must be 1 to 64 letters, digits, _ or -/);
    await refused(Array.from({ length: START.TRIGGER_IDS_MAX + 1 }, (_, index) => `id${index}`), /^triggers: /);
  });
});
