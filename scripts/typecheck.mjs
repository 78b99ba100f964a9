// `npm run typecheck` (a suite of `npm test`): the whole tree against the root tsconfig, then the
// machines and what they import without the DOM library (machines/tsconfig.json: docs/architecture.md,
// "Layers"). Prints each project's errors, then `N passed, N failed` (scripts/test.mjs reads it).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSC_BIN = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const PROJECTS = [
  { name: 'the whole tree (tsconfig.json)', config: 'tsconfig.json' },
  { name: 'machines/ without the DOM library (machines/tsconfig.json)', config: join('machines', 'tsconfig.json') },
];

let failed = 0;
for (const { name, config } of PROJECTS) {
  const { status } = spawnSync(process.execPath, [TSC_BIN, '--noEmit', '-p', config], { cwd: REPO_ROOT, stdio: 'inherit' });
  console.log(`${status === 0 ? 'PASS' : 'FAIL'} type check: ${name}`);
  if (status !== 0) failed += 1;
}
console.log(`${PROJECTS.length - failed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
