// Each section file runs alone too: `node --import tsx scripts/bench/<section>.mjs [--runs N]`
// builds if stale, measures that section only and prints its markdown (nothing is written).
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failedChecks, notesSection } from './markdown.mjs';
import { runMain } from './process.mjs';
import { ensureBuild } from './setup.mjs';

/** When `moduleUrl` is the script node was started with, runs `bench` (resolving markdown) and prints it with the run's notes. */
export function runAlone(moduleUrl, bench) {
  if (!process.argv[1] || resolve(process.argv[1]) !== fileURLToPath(moduleUrl)) return;
  runMain(async () => {
    await ensureBuild();
    const markdown = await bench();
    console.log(`\n${[markdown, notesSection()].filter(Boolean).join('\n\n')}`);
    const failed = failedChecks();
    if (failed.length) throw new Error(`${failed.length} check(s) failed: ${failed.join('; ')}`);
  });
}
