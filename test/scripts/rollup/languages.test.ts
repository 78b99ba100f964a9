// Every language is one file (shared/i18n/languages/<code>.ts): these check that each file gives
// exactly English's messages, and that the build makes a third language work from its file alone
// (scripts/rollup/language-files.mjs), on a small tree of its own built by rollup.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import { languageFiles } from '../../../scripts/rollup/language-files.mjs';
import type { Language } from '../../../shared/i18n/language.ts';

const LANGUAGES_DIR = fileURLToPath(new URL('../../../shared/i18n/languages/', import.meta.url));
const AREAS = ['widget', 'owner', 'blocks', 'site'] as const;

const languageFilesHere = () => readdirSync(LANGUAGES_DIR).filter((file) => file.endsWith('.ts'));

describe('language files', () => {
  it('English and Hebrew are there, one file each', () => {
    assert.deepEqual(languageFilesHere().sort(), ['en.ts', 'he.ts']);
  });

  for (const file of languageFilesHere()) {
    it(`${file} gives a direction and exactly English's keys in every area, none empty`, async () => {
      const english = (await import(join(LANGUAGES_DIR, 'en.ts'))) as Language;
      const language = (await import(join(LANGUAGES_DIR, file))) as Language;
      assert.ok(['ltr', 'rtl'].includes(language.direction), language.direction);
      for (const area of AREAS) {
        assert.deepEqual(Object.keys(language[area]).sort(), Object.keys(english[area]).sort(), area);
        for (const [key, text] of Object.entries(language[area])) assert.ok(text.trim(), `${area}.${key} is empty`);
      }
    });
  }

  it('Hebrew is right to left and English left to right', async () => {
    assert.equal(((await import(join(LANGUAGES_DIR, 'he.ts'))) as Language).direction, 'rtl');
    assert.equal(((await import(join(LANGUAGES_DIR, 'en.ts'))) as Language).direction, 'ltr');
  });
});

describe('the build of language files (rollup plugin)', () => {
  /** A tree like shared/i18n: English, Hebrew and a third language added as one file. */
  const TREE: Record<string, string> = {
    'i18n/languages/en.ts': "export const direction = 'ltr';\nexport const widget = { hello: 'Hello' };\nexport const site = { bye: 'Goodbye' };\n",
    'i18n/languages/he.ts': "export const direction = 'rtl';\nexport const widget = { hello: 'שלום' };\nexport const site = { bye: 'להתראות' };\n",
    'i18n/languages/fr.ts': "export const direction = 'ltr';\nexport const widget = { hello: 'Bonjour' };\nexport const site = { bye: 'Au revoir' };\n",
    'i18n/translate.ts': 'export const load = (lang) => import(`./languages/${lang}.ts`).catch(() => null);\n',
    'widget.ts': "import { widget as en } from './i18n/languages/en.ts';\nexport { load } from './i18n/translate.ts';\nexport const hello = en.hello;\n",
    'site.ts': "import { site as en } from './i18n/languages/en.ts';\nexport const bye = en.bye;\n",
  };

  async function build() {
    const root = mkdtempSync(join(tmpdir(), 'kite-languages-'));
    for (const [path, text] of Object.entries(TREE)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const bundle = await rollup({ input: { widget: join(root, 'widget.ts'), site: join(root, 'site.ts') }, plugins: [languageFiles()] });
    const out = join(root, 'dist');
    await bundle.write({ dir: out, format: 'es', chunkFileNames: '[name].js' });
    await bundle.close();
    const files = Object.fromEntries(readdirSync(out).map((file) => [file, readFileSync(join(out, file), 'utf8')]));
    return { root, out, files };
  }

  it('puts each area\'s English only in the chunk that uses it', async () => {
    const { root, files } = await build();
    try {
      const withHello = Object.keys(files).filter((file) => files[file].includes('Hello'));
      const withGoodbye = Object.keys(files).filter((file) => files[file].includes('Goodbye'));
      assert.deepEqual(withHello, ['widget.js']);
      assert.deepEqual(withGoodbye, ['site.js']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('makes every other language file a chunk fetched by its code, with nothing listing it', async () => {
    const { root, out, files } = await build();
    try {
      assert.deepEqual(Object.keys(files).sort(), ['fr.js', 'he.js', 'site.js', 'widget.js']);
      const widget = await import(pathToFileURL(join(out, 'widget.js')).href);
      const french = await widget.load('fr');
      assert.equal(french.widget.hello, 'Bonjour');
      assert.equal(french.site.bye, 'Au revoir');
      assert.equal((await widget.load('he')).direction, 'rtl');
      assert.equal(await widget.load('de'), null, 'a language without a file reads English');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
