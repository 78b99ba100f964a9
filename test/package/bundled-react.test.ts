// The build bundles the React of shared/react-renderer (rollup.config.mjs), not the root's React 19
// that the demo apps use: one React chunk, of that version.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { version } = createRequire(join(REPO_ROOT, 'shared/react-renderer/package.json'))('react/package.json') as { version: string };

describe('the React in dist/', () => {
  it("is shared/react-renderer's, in one chunk", () => {
    const chunks = readdirSync(join(REPO_ROOT, 'dist/chunks')).filter((name) => name.startsWith('react-'));
    assert.equal(chunks.length, 1, `one React chunk: ${chunks.join(', ')}`);
    const versions = new Set(readFileSync(join(REPO_ROOT, 'dist/chunks', chunks[0]!), 'utf8').match(/"1[89]\.\d+\.\d+"/g));
    assert.deepEqual([...versions], [`"${version}"`]);
  });
});
