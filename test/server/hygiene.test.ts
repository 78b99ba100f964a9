/** Server hygiene: who can read the database on disk. */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_MODES } from '../../demo/server/constants.ts';
import { PLAIN, conversionForm, makeDirs, postForm, startHarness } from './helpers.ts';

const PERMISSION_BITS = 0o777;
const modeOf = (path: string) => statSync(path).mode & PERMISSION_BITS;
const octal = (mode: number) => mode.toString(8);

describe('database files on disk', () => {
  test('the data directory is owner-only, and the database, its WAL and its shared memory are readable by the owner only', async () => {
    const dirs = makeDirs();
    const h = await startHarness(dirs);
    try {
      const res = await postForm(h.base, `/api/display/conversion/${PLAIN.viewer_id}`, conversionForm(PLAIN, 'key-perms-00001'));
      assert.equal(res.status, 200);
      assert.equal(octal(modeOf(h.dataDir)), octal(DATA_MODES.DIR), 'data directory');
      const files = readdirSync(h.dataDir);
      for (const suffix of ['', '-wal', '-shm']) assert.ok(files.some((file) => file.endsWith(`.sqlite${suffix}`)), `a .sqlite${suffix} file exists after a write`);
      for (const file of files) assert.equal(octal(modeOf(join(h.dataDir, file))), octal(DATA_MODES.FILE), file);
    } finally {
      await h.stop();
    }
  });
});
