// The build asks V8 to compile the code a surface runs on its first use ahead, off the main thread
// (scripts/rollup/compile-hints.mjs): checked on a small tree of its own, minified as the real
// build is, so the hint is seen to survive terser and to stay the file's first line.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rollup } from 'rollup';
import terser from '@rollup/plugin-terser';
import { COMPILE_HINT, compileHints } from '../../../scripts/rollup/compile-hints.mjs';

const TREE: Record<string, string> = {
  'page.js': "export const open = () => import('./view.js').then((view) => view.render(3));\nexport const play = () => import('./stream.js');\n",
  // Runs as soon as the visitor uses the surface: compiled ahead.
  'view.js': '/** The view. */\nexport function render(count) { return Array.from({ length: count }, (_, index) => index * 2); }\n',
  // A library for one case only: left to lazy compilation.
  'stream.js': 'export function decode(bytes) { return bytes.length; }\n',
};

async function build() {
  const root = mkdtempSync(join(tmpdir(), 'kite-compile-hints-'));
  for (const [path, text] of Object.entries(TREE)) writeFileSync(join(root, path), text);
  const bundle = await rollup({ input: join(root, 'page.js') });
  const { output } = await bundle.generate({
    format: 'es',
    chunkFileNames: '[name].js',
    plugins: [terser({ format: { comments: false } }), compileHints({ runsEarly: (id) => id.endsWith('/view.js') })],
  });
  await bundle.close();
  const files = Object.fromEntries(output.map((chunk) => [chunk.fileName, chunk.type === 'chunk' ? chunk.code : '']));
  return { root, files };
}

describe('compile hints (rollup plugin)', () => {
  it('starts the chunks of early code with the hint, after minification, and leaves the others alone', async () => {
    const { root, files } = await build();
    try {
      assert.deepEqual(Object.keys(files).sort(), ['page.js', 'stream.js', 'view.js']);
      assert.ok(files['view.js']!.startsWith(`${COMPILE_HINT}\n`), files['view.js']);
      assert.ok(!files['view.js']!.includes('The view'), 'still minified: the other comments are gone');
      assert.ok(!files['stream.js']!.includes(COMPILE_HINT));
      assert.ok(!files['page.js']!.includes(COMPILE_HINT));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('is a comment: the hinted chunk runs as before', async () => {
    const { root, files } = await build();
    try {
      for (const [file, code] of Object.entries(files)) writeFileSync(join(root, `out-${file}`), code.replaceAll('./', './out-'));
      const page = await import(pathToFileURL(join(root, 'out-page.js')).href);
      assert.deepEqual(await page.open(), [0, 2, 4]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
