// widget.js learns the runtime's chunk names from the ESM build (scripts/rollup/runtime-files.mjs):
// checked on a small tree of its own, built as rollup.config.mjs builds, the ESM entries first and
// the classic loader after them.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rollup, type Plugin } from 'rollup';
import { runtimeFiles } from '../../../scripts/rollup/runtime-files.mjs';

const TREE: Record<string, string> = {
  'runtime.js': "import { helper } from './helpers.js';\nexport const run = () => helper(2);\nexport const show = () => import('./popup.js');\n",
  'popup.js': "import { helper } from './helpers.js';\nimport { render } from './big.js';\nexport const popUp = () => render(helper(1));\n",
  'big.js': 'export const render = (n) => String(n);\n',
  'helpers.js': "import { core } from './core.js';\nexport const helper = (n) => core(n) + 1;\n",
  'core.js': 'export const core = (n) => n * 2;\n',
  'loader.js': "import { POPTIN_FILES, RUNTIME_FILES } from './shared/widget/runtime-files.ts';\nconsole.log(RUNTIME_FILES, POPTIN_FILES);\n",
  'shared/widget/runtime-files.ts': 'export const RUNTIME_FILES = [];\nexport const POPTIN_FILES = [];\n',
};

function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'kite-runtime-files-'));
  mkdirSync(join(root, 'shared', 'widget'), { recursive: true });
  for (const [path, text] of Object.entries(TREE)) writeFileSync(join(root, path), text);
  return root;
}

async function buildLoader(root: string, inject: Plugin): Promise<string> {
  const bundle = await rollup({ input: join(root, 'loader.js'), plugins: [inject] });
  try {
    const { output } = await bundle.generate({ format: 'iife' });
    return output[0].code;
  } finally {
    await bundle.close();
  }
}

const OPTIONS = { entryName: 'widget-runtime', popUpModule: '/popup.js' };
/** A list the loader's build wrote, by its name. */
const listOf = (code: string, name: string) => JSON.parse(new RegExp(`${name} = (\\[[^\\]]*\\])`).exec(code)?.[1] ?? 'null') as unknown;

describe('runtime files (rollup plugin)', () => {
  it("writes the runtime entry with every chunk it imports, and the pop-up's chunk with what it adds, into the loader's lists", async () => {
    const root = tree();
    try {
      const { record, inject } = runtimeFiles(OPTIONS);
      const esm = await rollup({ input: { 'widget-runtime': join(root, 'runtime.js') }, plugins: [record] });
      await esm.generate({
        format: 'es',
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name].js',
        // As React is a chunk of its own in the real build.
        manualChunks: (id) => ['helpers', 'core', 'big'].find((name) => id.endsWith(`/${name}.js`)),
      });
      await esm.close();
      const code = await buildLoader(root, inject);
      assert.deepEqual(listOf(code, 'RUNTIME_FILES'), ['widget-runtime.js', 'chunks/helpers.js', 'chunks/core.js']);
      assert.deepEqual(listOf(code, 'POPTIN_FILES'), ['chunks/popup.js', 'chunks/big.js']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses to build the loader before the ESM build has named the files, rather than preload nothing', async () => {
    const root = tree();
    try {
      await assert.rejects(buildLoader(root, runtimeFiles(OPTIONS).inject), /build the ESM entries before widget\.js/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
