// The entry's dynamic imports preload everything their target imports (scripts/rollup/preload-imports.mjs):
// checked on a small tree of its own, minified as the real build is, where one element needs two
// shared chunks, one through the other, and a second element needs only the deeper one.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import terser from '@rollup/plugin-terser';
import { preloadImports } from '../../../scripts/rollup/preload-imports.mjs';

const TREE: Record<string, string> = {
  'page.js': "export const loaders = { slider: () => import('./slider.js'), counter: () => import('./counter.js') };\n",
  'slider.js': "import { helper } from './helpers.js';\nexport const slide = () => helper(2);\n",
  'counter.js': "import { core } from './core.js';\nexport const count = () => core(3);\n",
  'helpers.js': "import { core } from './core.js';\nexport const helper = (n) => core(n) + 1;\n",
  'core.js': 'export const core = (n) => n * 2;\n',
};

async function build(isUnhurried?: (id: string) => boolean) {
  const root = mkdtempSync(join(tmpdir(), 'kite-preload-imports-'));
  for (const [path, text] of Object.entries(TREE)) writeFileSync(join(root, path), text);
  const bundle = await rollup({ input: join(root, 'page.js') });
  const { output } = await bundle.write({
    dir: join(root, 'dist'),
    format: 'es',
    chunkFileNames: 'chunks/[name].js',
    manualChunks: (id) => (id.endsWith('helpers.js') ? 'helpers' : id.endsWith('core.js') ? 'core' : undefined),
    plugins: [terser({ format: { comments: false } }), preloadImports({ isEntry: (id) => id.endsWith('/page.js'), isUnhurried })],
  });
  await bundle.close();
  const entry = output.find((file) => file.type === 'chunk' && file.isEntry);
  return { root, code: entry && entry.type === 'chunk' ? entry.code : '' };
}

/** The file lists the entry's loaders preload, in order. */
const preloadLists = (code: string) => [...code.matchAll(/__kitePreload\((\[[^\]]*\])/g)].map(([, list]) => JSON.parse(list!) as string[]);

describe('preload imports (rollup plugin)', () => {
  it("preloads each target's imports all the way down, not the target itself, with paths from the entry", async () => {
    const { root, code } = await build();
    try {
      assert.deepEqual(preloadLists(code), [['./chunks/helpers.js', './chunks/core.js'], ['./chunks/core.js']]);
      assert.doesNotMatch(code, /kite-preload-files:/, 'every mark replaced');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('imports an unhurried target as it is, and still preloads the others', async () => {
    const { root, code } = await build((id) => id.endsWith('/slider.js'));
    try {
      assert.deepEqual(preloadLists(code), [['./chunks/core.js']]);
      assert.match(code, /slider:\(\)=>import\("\.\/chunks\/slider\.js"\)/, 'the slider imported without the helper');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('still imports the target (without a document there is nothing to preload)', async () => {
    const { root } = await build();
    try {
      const page = (await import(pathToFileURL(join(root, 'dist', 'page.js')).href)) as { loaders: Record<string, () => Promise<Record<string, () => number>>> };
      assert.equal((await page.loaders.slider!()).slide!(), 5);
      assert.equal((await page.loaders.counter!()).count!(), 6);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
