/**
 * The site's ajax endpoint's live search against a real server and SQLite (FTS5): the pages of the
 * site indexed, ranked (title before body), matches highlighted, page text escaped, `0` for none,
 * per language; and the 400s with their reasons. The pages are written into the server's public dir.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LIVE_SEARCH } from '../../../shared/constants/site.ts';
import { AJAX_PATH, SEARCH_PAGE_PATH } from '../../../demo/server/routes/ajax.ts';
import { SITE_SEARCH } from '../../../demo/server/site-search.ts';
import { call, makeDirs, startHarness, type Harness } from './helpers.ts';

const page = (lang: string, title: string, body: string) =>
  `<!doctype html><html lang="${lang}"><head><title>${title}</title></head><body>\n<!-- kite:shell${lang === 'en' ? '' : ` ${lang}`} -->\n<main>${body}</main></body></html>`;

const PAGES: Record<string, string> = {
  'kites.html': page('en', 'Stunt kites', '<h1>Stunt kites</h1><img src="/media/stunt.svg" alt=""><p>Two lines, fast turns.</p>'),
  'guide.html': page('en', 'Flying guide', '<p>Before flying a stunt kite, check the wind &amp; the lines.</p>'),
  'evil.html': page('en', 'Evil &lt;script&gt;', '<p>Kitesurf &lt;img src=x onerror=alert(1)&gt; <code>&lt;b&gt;</code></p><script>secretkite()</script>'),
  'he.html': page('he', 'עפיפונים', '<p>עפיפון פעלולים עם שני חוטים.</p>'),
  // Not a page of the site (no theme shell): never found.
  'bare.html': '<!doctype html><html lang="en"><title>Stunt bare</title><p>stunt</p></html>',
};

let h: Harness;
before(async () => {
  const dirs = makeDirs();
  for (const [file, markup] of Object.entries(PAGES)) writeFileSync(join(dirs.publicDir, file), markup);
  h = await startHarness(dirs);
});
after(() => h.stop());

function post(fields: Record<string, string>, lang = 'en') {
  return call(h.base, `${AJAX_PATH}?lang=${lang}`, { method: 'POST', body: new URLSearchParams(fields) });
}
const search = (s: string, lang?: string) => post({ action: LIVE_SEARCH.ACTION, s }, lang);
const paths = (text: string) => [...text.matchAll(/class="av_ajax_search_entry[^"]*" href="([^"]+)"/g)].map((match) => match[1]);

describe('POST the ajax endpoint, action avia_ajax_search', () => {
  test('answers the result links, the title match ranked first, matches highlighted, as HTML', async () => {
    const answer = await search('stunt');
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type')!, /^text\/html/);
    assert.deepEqual(paths(answer.text), ['/kites', '/guide']);
    assert.match(answer.text, /<span class="av_ajax_search_title"><mark>Stunt<\/mark> kites<\/span>/);
    assert.match(answer.text, /<span class="av_ajax_search_excerpt">[^<]*<mark>stunt<\/mark>/);
    assert.match(answer.text, /<img src="\/media\/stunt.svg" alt=""/);
  });

  test('searches word prefixes, every word required, punctuation ignored', async () => {
    assert.deepEqual(paths((await search('stu')).text), ['/kites', '/guide']);
    assert.deepEqual(paths((await search('"stunt" wind!')).text), ['/guide']);
    assert.deepEqual(paths((await search('stunt AND OR NEAR(')).text), [], 'FTS5 syntax typed is only words');
  });

  test('page text is escaped: a page cannot inject markup, and scripts are not indexed', async () => {
    const answer = await search('kitesurf');
    assert.deepEqual(paths(answer.text), ['/evil']);
    assert.ok(!answer.text.includes('<img src=x'), answer.text);
    assert.match(answer.text, /&lt;img src=x onerror=alert\(1\)&gt;/);
    assert.match(answer.text, /Evil &lt;script&gt;/);
    assert.equal((await search('secretkite')).text, LIVE_SEARCH.NO_RESULTS_ANSWER);
  });

  test('answers 0 when nothing matches, or nothing is a word', async () => {
    for (const typed of ['zeppelin', '?!', '']) {
      const answer = await search(typed);
      assert.equal(answer.status, 200);
      assert.equal(answer.text, LIVE_SEARCH.NO_RESULTS_ANSWER, typed);
    }
  });

  test('searches the pages of the language the endpoint names', async () => {
    assert.deepEqual(paths((await search('עפיפון', 'he')).text), ['/he']);
    assert.equal((await search('stunt', 'he')).text, LIVE_SEARCH.NO_RESULTS_ANSWER);
  });

  test('the other fields of the form are accepted and ignored', async () => {
    assert.deepEqual(paths((await post({ action: LIVE_SEARCH.ACTION, s: 'stunt', post_type: 'page' })).text), ['/kites', '/guide']);
  });
});

describe('POST the ajax endpoint: what it refuses, with the reason', () => {
  const refusals: Array<[string, () => Promise<{ status: number; json: any }>, RegExp]> = [
    ['a missing action', () => post({ s: 'stunt' }), /action: missing/],
    ['an unknown action', () => post({ action: 'nope', s: 'stunt' }), /unknown action/],
    ['a repeated action', () => call(h.base, AJAX_PATH, { method: 'POST', body: 'action=a&action=b&s=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), /once/],
    ['a missing search field', () => post({ action: LIVE_SEARCH.ACTION }), /s: the search field is missing/],
    ['an oversize query', () => search('k'.repeat(SITE_SEARCH.MAX_QUERY_CHARS + 1)), /longer than/],
    ['a bad language', () => search('stunt', 'english'), /lang/],
  ];
  for (const [what, send, reason] of refusals) {
    test(`400 for ${what}`, async () => {
      const answer = await send();
      assert.equal(answer.status, 400);
      assert.match(answer.json.error, reason);
    });
  }

  test('415 for a JSON body, 405 for GET; the server keeps answering', async () => {
    assert.equal((await call(h.base, AJAX_PATH, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })).status, 415);
    assert.equal((await call(h.base, AJAX_PATH)).status, 405);
    assert.deepEqual(paths((await search('stunt')).text), ['/kites', '/guide']);
  });
});

describe('GET /search: the search form without JavaScript', () => {
  test('answers a whole page with the same results, the typed words escaped, in the language asked', async () => {
    const answer = await call(h.base, `${SEARCH_PAGE_PATH}?s=${encodeURIComponent('stunt <>')}`);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-security-policy')!, /script-src 'self'/);
    assert.deepEqual(paths(answer.text), ['/kites', '/guide']);
    assert.match(answer.text, /stunt &lt;&gt;/);
    const hebrew = await call(h.base, `${SEARCH_PAGE_PATH}?s=${encodeURIComponent('עפיפון')}&lang=he`);
    assert.match(hebrew.text, /<html lang="he" dir="rtl">/);
    assert.deepEqual(paths(hebrew.text), ['/he']);
    assert.equal((await call(h.base, `${SEARCH_PAGE_PATH}?lang=xyz`)).status, 400);
  });
});
