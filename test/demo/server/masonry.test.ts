/**
 * The site's ajax endpoint's masonry load-more against a real server and SQLite: the demo
 * portfolio (migration 009) paged newest first, the theme's probe item, the `loaded` ids skipped,
 * one category, item text escaped, the marker alone at the end, the portfolio include of a page,
 * and the 400s with their reasons.
 */
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MASONRY } from '../../../shared/constants/site.ts';
import { AJAX_PATH } from '../../../demo/server/routes/ajax.ts';
import { PORTFOLIO } from '../../../demo/server/portfolio.ts';
import { call, countOf, makeDirs, startHarness, type Harness } from './helpers.ts';

/** Items a load asks for in these tests. */
const ITEMS = 5;
const PAGE = '<!doctype html><html lang="en"><head><title>Grid</title></head><body><div class="av-masonry-container">\n<!-- kite:portfolio 3 -->\n</div></body></html>';

let h: Harness;
before(async () => {
  const dirs = makeDirs();
  writeFileSync(join(dirs.publicDir, 'grid.html'), PAGE);
  writeFileSync(join(dirs.publicDir, 'grid-he.html'), PAGE.replace('<html lang="en">', '<html lang="he" dir="rtl">'));
  h = await startHarness(dirs);
});
after(() => h.stop());

function post(fields: Record<string, string | string[]>, lang = 'en') {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
  return call(h.base, `${AJAX_PATH}?lang=${lang}`, { method: 'POST', body });
}
const more = (extra: Record<string, string | string[]> = {}) => post({ action: MASONRY.ACTION, items: String(ITEMS), offset: '0', post_id: '7', ...extra });
const ids = (text: string) => [...text.matchAll(new RegExp(`${MASONRY.ITEM_ID_ATTRIBUTE}="(\\d+)"`, 'g'))].map((match) => Number(match[1]));

describe('POST the ajax endpoint, action avia_ajax_masonry_more', () => {
  test('answers the marker, then items + 1 (the probe) from the offset, newest first, as HTML', async () => {
    const answer = await more({ offset: String(ITEMS) });
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type')!, /^text\/html/);
    assert.ok(answer.text.startsWith(MASONRY.LOADED_MARKER));
    // Migration 009 dates item i (i - 1) days before the newest: ids run in listing order.
    assert.deepEqual(ids(answer.text), [6, 7, 8, 9, 10, 11]);
    assert.match(answer.text, new RegExp(`class="av-masonry-entry isotope-item ${MASONRY.ALL_FILTER} (kites|boards|workshops|events)_sort av-masonry-shape-`));
  });

  test('skips the ids already shown and fills the page up from further on', async () => {
    assert.deepEqual(ids((await more({ 'loaded[]': ['1', '3'] })).text), [2, 4, 5, 6, 7, 8]);
  });

  test('one category: only its items, paged within it', async () => {
    const answer = await more({ category: 'events' });
    const shown = ids(answer.text);
    assert.equal(shown.length, ITEMS + 1);
    assert.equal((answer.text.match(/events_sort/g) ?? []).length, ITEMS + 1);
    const next = ids((await more({ category: 'events', offset: String(ITEMS) })).text);
    assert.equal(next[0], shown[ITEMS], 'the probe of a page is the first of the next');
  });

  test('the marker alone once nothing is left; fewer at the end', async () => {
    const total = await countOf(h.server, 'SELECT count(*) AS n FROM portfolio_items');
    assert.equal(total, 500);
    assert.deepEqual(ids((await more({ offset: String(total - 2) })).text), [total - 1, total]);
    assert.equal((await more({ offset: String(total) })).text, MASONRY.LOADED_MARKER);
  });

  test('item text is escaped', async () => {
    const answer = await more();
    assert.doesNotMatch(answer.text.slice(MASONRY.LOADED_MARKER.length), /<script|onerror/);
    assert.match(answer.text, /<h3 class="av-masonry-entry-title">[^<]+<\/h3>/);
  });

  test('400 with a reason for bad input, and the server keeps answering', async () => {
    const cases: Array<[Record<string, string | string[]>, RegExp]> = [
      [{ items: '-1' }, /^items: must be a whole number from 1 to/],
      [{ items: '0' }, /^items: must be a whole number/],
      [{ items: '2.5' }, /^items: must be a whole number/],
      [{ items: String(PORTFOLIO.MAX_ITEMS + 1) }, /^items: must be a whole number from 1 to 100/],
      [{ offset: 'x' }, /^offset: must be a whole number/],
      [{ offset: ['1', '2'] }, /^offset: must be given once/],
      [{ post_id: '1e3' }, /^post_id: must be a whole number/],
      [{ 'loaded[]': Array.from({ length: PORTFOLIO.MAX_LOADED + 1 }, (_, index) => String(index)) }, /^loaded\[\]: more than 1000 ids/],
      [{ 'loaded[]': ['1', 'two'] }, /^loaded\[\]: ids must be whole numbers/],
      [{ category: 'secrets' }, /^category: must be one of kites, boards, workshops, events/],
    ];
    for (const [fields, reason] of cases) {
      const answer = await more(fields);
      assert.equal(answer.status, 400, JSON.stringify(fields).slice(0, 80));
      assert.match((JSON.parse(answer.text) as { error: string }).error, reason);
    }
    for (const missing of ['items', 'offset', 'post_id']) {
      const fields: Record<string, string> = { action: MASONRY.ACTION, items: '1', offset: '0', post_id: '1' };
      delete fields[missing];
      const answer = await post(fields);
      assert.equal(answer.status, 400);
      assert.match((JSON.parse(answer.text) as { error: string }).error, new RegExp(`^${missing}: missing`));
    }
    assert.equal((await more()).status, 200);
  });

  test('a page with the portfolio include gets the first items, printed by the server', async () => {
    const page = await call(h.base, '/grid');
    assert.equal(page.status, 200);
    assert.deepEqual(ids(page.text), [1, 2, 3]);
    assert.doesNotMatch(page.text, /kite:portfolio/);
  });

  test('in Hebrew: a Hebrew page and a load-more asked with lang=he get the same items in Hebrew (migration 013)', async () => {
    /** The items' titles and excerpts. */
    const texts = (html: string) => [...html.matchAll(/<h3 class="av-masonry-entry-title">([^<]*)<\/h3>[\s\S]*?<p class="av-masonry-excerpt">([^<]*)<\/p>/g)].flatMap(([, title, excerpt]) => [title, excerpt]);
    const hebrewOnly = (list: string[]) => list.every((text) => /[\u0590-\u05ff]/.test(text) && !/\b(?!Aero\b)[A-Za-z]{2,}/.test(text));
    const page = await call(h.base, '/grid-he');
    assert.deepEqual(ids(page.text), [1, 2, 3], 'the same items');
    assert.ok(hebrewOnly(texts(page.text)), `Hebrew: ${texts(page.text).join(' | ')}`);
    const hebrew = await post({ action: MASONRY.ACTION, items: String(ITEMS), offset: '0', post_id: '7' }, 'he');
    const english = await more();
    assert.deepEqual(ids(hebrew.text), ids(english.text), 'the same items as in English');
    assert.equal(texts(hebrew.text).length, 2 * (ITEMS + 1));
    assert.ok(hebrewOnly(texts(hebrew.text)), `Hebrew: ${texts(hebrew.text).join(' | ')}`);
    assert.ok(!hebrewOnly(texts(english.text)), 'English stays English');
  });
});
