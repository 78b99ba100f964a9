// What sections need before they measure, each made once per run: a fresh build, the run's temp
// directory, and the reference server (in this process, on a free loopback port, its own database).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMIT } from './settings.mjs';
import { onCleanup, run } from './process.mjs';

export async function ensureBuild() {
  const build = await run(process.execPath, ['scripts/build.mjs', '--if-stale'], { timeoutMs: LIMIT.BUILD_MS, inherit: true });
  if (build.code !== 0) throw new Error('the build failed (see above); fix it or run `npm run build`');
}

let tempDir;
/** `name` inside the run's temp directory (created, and removed at clean-up); the directory itself without a name. */
export function benchTempDir(name) {
  if (!tempDir) {
    tempDir = mkdtempSync(join(tmpdir(), 'kite-bench-'));
    onCleanup(() => rmSync(tempDir, { recursive: true, force: true }));
  }
  if (!name) return tempDir;
  const dir = join(tempDir, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

let reference;
/** The reference server, started on first use: resolves `{ server, clientId }`. */
export function referenceServer() {
  reference ??= (async () => {
    try {
      const { startServer } = await import('../../../demo/server/server.ts');
      const { DEMO_CLIENT_ID } = await import('../../../demo/server/constants.ts');
      const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: benchTempDir('data'), quiet: true });
      onCleanup(() => server.close());
      console.log(`bench: reference server on ${server.url}`);
      return { server, clientId: DEMO_CLIENT_ID };
    } catch (error) {
      // Without tsx, Node cannot load the server's TypeScript: say how to run the bench instead.
      const hint = error.code === 'ERR_UNKNOWN_FILE_EXTENSION' ? ' (run the bench as `npm run bench`, which loads tsx)' : '';
      throw new Error(`the reference server did not start: ${error.message.split('\n')[0]}${hint}`);
    }
  })();
  return reference;
}
