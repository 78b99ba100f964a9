// Every bench section loads: `npm run bench` is not part of `npm test`, so an import a section
// lost (a helper the server stopped exporting, say) would otherwise show only at the next bench.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';

const BENCH = join(import.meta.dirname, '../../../scripts/bench');
/** The runner itself starts measuring as it loads; it only imports the sections. */
const RUNNER = 'index.mjs';

describe('bench sections', () => {
  for (const file of readdirSync(BENCH).filter((name) => name.endsWith('.mjs') && name !== RUNNER)) {
    it(`${file} loads and exports its section`, async () => {
      const section = await import(pathToFileURL(join(BENCH, file)).href);
      assert.ok(Object.values(section).some((value) => typeof value === 'function'), `${file} exports a function`);
    });
  }
});
