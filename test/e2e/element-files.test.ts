// End to end: dist/element-files.json (README "Naming an element's files ahead"), the files a
// theme names in its head so the browser fetches an element's code beside kite.js instead of a
// round trip after it. For every element: a page with kite.js and the tag fetches exactly the
// files the list names by the time the element is defined, and a page that names them ahead has
// asked for every one before kite.js has even arrived. Resource Timing is read in the page as the
// element is defined, so what loads later on (a lightbox's rest, a machine on first use) is not
// counted. Served by the reference server; needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { newVisitor, serverAndBrowser, STATE_DEADLINE_MS as SLACK_MS } from './harness.ts';

const e2e = serverAndBrowser('element-files', 'e2e-element-files-token-0123456789abcdef');
const DIST = process.env.KITE_DIST_DIR ?? 'dist';
const elementFiles: Record<string, string[]> = JSON.parse(readFileSync(join(DIST, 'element-files.json'), 'utf8'));
const TEST_PAGE = 'element-files-test/';

/** A page with kite.js in its head (and, with `hints`, those files of dist/ as modulepreload links) and one `tag`. */
const pageWith = (tag: string, hints: string[]) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${tag}</title>
${hints.map((file) => `<link rel="modulepreload" href="/kite/${file}">`).join('\n')}
<script type="module" src="/kite/kite.js"></script></head><body><${tag}></${tag}></body></html>`;

interface Fetched {
  /** Path under /kite/. */
  file: string;
  startTime: number;
  responseEnd: number;
}

/**
 * Opens the page for `tag` and resolves to the files of /kite/ fetched by the moment the element
 * is defined, read in the page at that moment.
 */
async function fetchedByDefinition(page: Page, tag: string, hints: string[]): Promise<Fetched[]> {
  await page.addInitScript((name) => {
    const define = customElements.define;
    customElements.define = function (defined: string, ...rest: [CustomElementConstructor, ElementDefinitionOptions?]) {
      if (defined === name) {
        (window as unknown as { __fetched: unknown }).__fetched = performance
          .getEntriesByType('resource')
          .map((entry) => entry as PerformanceResourceTiming)
          .filter((entry) => new URL(entry.name).pathname.startsWith('/kite/'))
          .map((entry) => ({ file: new URL(entry.name).pathname.slice('/kite/'.length), startTime: entry.startTime, responseEnd: entry.responseEnd }));
      }
      return define.call(this, defined, ...rest);
    };
  }, tag);
  await page.route(`**/${TEST_PAGE}${tag}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: pageWith(tag, hints) }));
  await page.goto(e2e.at(`${TEST_PAGE}${tag}`));
  await page.waitForFunction(() => '__fetched' in window, undefined, { timeout: SLACK_MS });
  return page.evaluate(() => (window as unknown as { __fetched: Fetched[] }).__fetched);
}

describe('dist/element-files.json: each element\'s files, to name ahead of kite.js', () => {
  it('lists every element of the Custom Elements Manifest', () => {
    const manifest = JSON.parse(readFileSync(join(DIST, 'custom-elements.json'), 'utf8')) as { modules: Array<{ declarations?: Array<{ tagName?: string }> }> };
    const tags = manifest.modules.flatMap((module) => (module.declarations ?? []).flatMap((declaration) => (declaration.tagName ? [declaration.tagName] : [])));
    assert.deepEqual(Object.keys(elementFiles).sort(), tags.sort());
  });

  for (const [tag, files] of Object.entries(elementFiles)) {
    it(`${tag}: kite.js alone fetches exactly the listed files; named ahead, each is asked for before kite.js has arrived`, async () => {
      const alone = await newVisitor(e2e.browser);
      try {
        const fetched = await fetchedByDefinition(alone.page, tag, []);
        assert.deepEqual(fetched.map(({ file }) => file).filter((file) => file !== 'kite.js').sort(), [...files].sort());
      } finally {
        await alone.context.close();
      }

      const ahead = await newVisitor(e2e.browser);
      try {
        const fetched = await fetchedByDefinition(ahead.page, tag, ['kite.js', ...files]);
        const kite = fetched.find(({ file }) => file === 'kite.js')!;
        const late = fetched.filter(({ file, startTime }) => file !== 'kite.js' && startTime >= kite.responseEnd).map(({ file }) => file);
        assert.deepEqual(late, [], 'asked for after kite.js arrived');
        assert.deepEqual(fetched.map(({ file }) => file).filter((file) => file !== 'kite.js').sort(), [...files].sort());
      } finally {
        await ahead.context.close();
      }
    });
  }
});
