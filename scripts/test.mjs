// `npm test`: every suite in turn, output streamed, then one closing line summing them all:
// `N passed, N failed`. Exits non-zero when anything failed or a suite could not run.
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './chromium.mjs';
import { startPostgresCluster } from './postgres-cluster.mjs';

/** Test files under `dir` ending in `.test.ts` (or other `endings`), sorted, for `node --test` (which on Node 20 does not find .ts itself). */
function testFiles(dir, endings = ['.test.ts']) {
  const out = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...testFiles(path, endings));
    else if (endings.some((ending) => name.endsWith(ending))) out.push(path);
  }
  return out.sort();
}

/**
 * Which runner each folder of test/ goes to (test/ mirrors the source tree, docs/architecture.md).
 * The Chromium folders are web-test-runner.config.mjs's `files`.
 */
const FOLDERS = {
  logic: ['test/machines', 'test/shared/logic', 'test/shared/api', 'test/shared/identity', 'test/shared/storage', 'test/shared/store', 'test/shared/widget', 'test/demo/public'],
  checks: ['test/scripts'],
  package: ['test/package'],
  server: ['test/demo/server'],
  e2e: ['test/e2e'],
  chromium: ['test/components', 'test/shared/dom', 'test/shared/effects', 'test/shared/i18n'],
};
/**
 * A surface's pure parts (its connect: machine state to part props, keys to events) are tested in
 * node beside its Chromium tests: `test/components/<surface>/*.node.test.ts`.
 */
const NODE_ENDING = '.node.test.ts';
/** Test files in no runner's folder: they would silently never run. */
const unrun = testFiles('test', ['.test.ts', '.test.tsx']).filter((file) => !Object.values(FOLDERS).flat().some((folder) => file.startsWith(`${folder}/`)));

/** Counts from node's spec reporter: `ℹ pass N`, `ℹ fail N`, `ℹ skipped N`; a cancelled test (its hook failed) failed. */
function nodeCounts(output) {
  const read = (word) => Number(output.match(new RegExp(`^ℹ ${word} (\\d+)$`, 'm'))?.[1] ?? NaN);
  return { passed: read('pass'), failed: read('fail') + (read('cancelled') || 0), skipped: (read('skipped') || 0) + (read('todo') || 0) };
}

/** web-test-runner prints its counts inside a progress line; the last one is the final tally. */
function wtrCounts(output) {
  const all = [...output.matchAll(/(\d+) passed, (\d+) failed(?:, (\d+) skipped)?/g)];
  const last = all.at(-1);
  return last ? { passed: Number(last[1]), failed: Number(last[2]), skipped: Number(last[3] ?? 0) } : { passed: NaN, failed: NaN, skipped: 0 };
}

/** A step that is not a test runner counts as one test: it passed or it failed. */
const stepCounts = (_output, code) => ({ passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });

/** Counts from our own scripts (type check, layering, size), which print `N passed, N failed` alone on their last line. */
function plainCounts(output) {
  const match = [...output.matchAll(/^(\d+) passed, (\d+) failed/gm)].at(-1);
  return match ? { passed: Number(match[1]), failed: Number(match[2]), skipped: 0 } : { passed: NaN, failed: NaN, skipped: 0 };
}

/** `node --test` over test folders and single test files. */
const nodeTest = (...paths) => [
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', ...paths.flatMap((path) => (path.endsWith('.ts') ? [path] : testFiles(path)))],
];
const npx = (bin, ...args) => [process.execPath, [join('node_modules', '.bin', bin), ...args]];

const suites = [
  // Both projects: the tree, and machines/ without the DOM library (scripts/typecheck.mjs).
  { name: 'type check', command: [process.execPath, ['scripts/typecheck.mjs']], count: plainCounts },
  { name: 'lint (oxlint)', command: npx('oxlint'), count: stepCounts },
  // One verdict per import rule between the layers (scripts/layers.mjs, rules in .oxlintrc.json).
  { name: 'layering (import rules)', command: [process.execPath, ['scripts/layers.mjs']], count: plainCounts },
  { name: 'machines and logic (node)', command: nodeTest(...FOLDERS.logic, ...testFiles('test/components', [NODE_ENDING])), count: nodeCounts },
  // That the lint and the layering checks fail on a deliberate violation.
  { name: 'lint and layering checks (node)', command: nodeTest(...FOLDERS.checks), count: nodeCounts },
  { name: 'build', command: [process.execPath, ['scripts/build.mjs']], count: stepCounts },
  // The built package packed and installed into an empty TypeScript project (needs the build).
  { name: 'package (npm pack, a TypeScript integrator)', command: nodeTest(...FOLDERS.package), count: nodeCounts },
  {
    name: 'elements (Chromium)',
    command: npx('wtr'),
    count: wtrCounts,
    browser: true,
    // A file whose page ended before it reported a single test runs once more (see rerunCutShort).
    cutShort: { env: 'KITE_WTR_INTERRUPTED', rerun: (files) => npx('wtr', '--files', ...files) },
  },
  { name: 'reference server (node, SQLite)', command: nodeTest(...FOLDERS.server), count: nodeCounts },
  // The same files once more on PostgreSQL: a throwaway cluster for the suite (scripts/postgres-cluster.mjs).
  { name: 'reference server (node, PostgreSQL)', command: nodeTest(...FOLDERS.server), count: nodeCounts, postgres: true },
  { name: 'end to end (playwright-core)', command: nodeTest(...FOLDERS.e2e), count: nodeCounts, browser: true },
  // The same files once more, every page policy requiring Trusted Types (test/e2e/harness.ts).
  {
    name: 'end to end under Trusted Types',
    command: nodeTest(...FOLDERS.e2e),
    env: { KITE_E2E_TRUSTED_TYPES: '1' },
    count: nodeCounts,
    browser: true,
  },
  { name: 'size budgets', command: [process.execPath, ['scripts/size.mjs']], count: plainCounts },
];

function run([command, args], env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, FORCE_COLOR: '0' } });
    let output = '';
    const relay = (stream) => (chunk) => {
      output += chunk;
      stream.write(chunk);
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output: stripVTControlCharacters(output) }));
  });
}

/**
 * The files of a browser suite whose page ended before it reported a single test (the renderer
 * crashed or hung: "Tests were interrupted", "did not finish"), run once more on their own. That is
 * the browser failing, not a test: a file with a failed test is never run again. Their counts are
 * the second run's; the first run's message stays in the output above. When nothing else failed,
 * the first run's exit code was theirs, and is left to the second run.
 */
async function rerunCutShort(suite, env) {
  const dir = mkdtempSync(join(tmpdir(), 'kite-cut-short-'));
  const reportFile = join(dir, 'sessions.json');
  try {
    const first = await run(suite.command, { ...env, [suite.cutShort.env]: reportFile });
    const { cutShort = [], failedOtherwise = 0 } = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : {};
    if (!cutShort.length) return { ...first, rerun: null };
    console.log(`\n=== ${suite.name}: ${cutShort.length} file(s) whose page ended before reporting a test, run once more ===\n${cutShort.join('\n')}`);
    const again = await run(suite.cutShort.rerun(cutShort), env);
    return { ...first, code: failedOtherwise ? first.code : 0, rerun: { files: cutShort, ...again } };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FAILURE_CONTEXT_LINES = 10;
const MAX_FAILURES_SHOWN = 12;

/**
 * The lines that name a failed test and the few after them (the reason), so the end of the
 * output, often all a CI log keeps, says what failed and not only how many.
 */
function failureExcerpts(output) {
  const lines = output.split('\n');
  const excerpts = [];
  for (let index = 0; index < lines.length; index += 1) {
    if (!/^\s*(❌|✖)/.test(lines[index]) || /failing tests:/.test(lines[index])) continue;
    const block = lines.slice(index, index + FAILURE_CONTEXT_LINES).filter((line) => line.trim());
    excerpts.push(block.join('\n'));
    index += FAILURE_CONTEXT_LINES - 1;
  }
  return [...new Set(excerpts)];
}

/**
 * Why no browser suite can run, or null when a Chromium is there. Asked once, before the first
 * browser suite (findChromium may install one): without it every browser suite would crash on its
 * own, each with a stack trace burying the one thing to fix.
 */
let chromiumProblem;
function noChromium() {
  if (chromiumProblem === undefined) {
    try {
      findChromium();
      chromiumProblem = null;
    } catch (error) {
      chromiumProblem = error.message;
    }
  }
  return chromiumProblem;
}

// `npm test -- lint layering` runs only the suites whose names contain one of the words given.
const words = process.argv.slice(2);
const chosen = words.length ? suites.filter((suite) => words.some((word) => suite.name.includes(word))) : suites;

const totals = { passed: 0, failed: 0, skipped: 0 };
/** Stops the PostgreSQL cluster of the suite running now, if any: also on an interrupt. */
let stopCluster;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    Promise.resolve(stopCluster?.()).finally(() => process.exit(1));
  });
}
/** A run's counts; one that crashed, printed no tally or exited non-zero with none failed counts as one failure, never as silence. */
function countsOf(suite, output, code) {
  const counts = suite.count(output, code);
  if (!Number.isFinite(counts.passed) || !Number.isFinite(counts.failed)) return { passed: 0, failed: 1, skipped: 0 };
  return code !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
}

let chromiumReported = false;
const report = [];
const failures = [];
if (unrun.length) {
  // Not run is not passed: each file no suite runs counts as one failure.
  failures.push(`[test folders]\nin no runner's folder (scripts/test.mjs FOLDERS):\n${unrun.join('\n')}`);
  totals.failed += unrun.length;
  report.push(`- test folders: ${unrun.length} file(s) in no runner's folder (failed ${unrun.length})`);
}
for (const suite of chosen) {
  console.log(`\n=== ${suite.name} ===`);
  if (suite.browser && noChromium()) {
    // Not run is not passed: the missing browser counts as one failure, said once.
    console.log(chromiumReported ? 'Not run: no Chromium (above).' : noChromium());
    if (!chromiumReported) {
      failures.push(`[${suite.name}]\n${noChromium()}`);
      totals.failed += 1;
    }
    report.push(`- ${suite.name}: not run, no Chromium${chromiumReported ? '' : ' (failed 1)'}`);
    chromiumReported = true;
    continue;
  }
  let env = suite.env;
  let cluster;
  if (suite.postgres) {
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      // Not run is not passed: no PostgreSQL counts as one failure.
      console.log(`Not run: ${error.message}`);
      failures.push(`[${suite.name}]\n${error.message}`);
      totals.failed += 1;
      report.push(`- ${suite.name}: not run, ${error.message} (failed 1)`);
      continue;
    }
    stopCluster = cluster.stop;
    env = { ...env, KITE_TEST_DATABASE_URL: cluster.url };
  }
  const { code, output, rerun: again } = await (suite.cutShort ? rerunCutShort(suite, env) : run(suite.command, env)).finally(() => cluster?.stop());
  stopCluster = undefined;
  const counts = countsOf(suite, output, code);
  if (again) {
    // The cut-short files are not in the first run's tally: the second run's counts stand for them.
    const rerunCounts = countsOf(suite, again.output, again.code);
    counts.passed += rerunCounts.passed;
    counts.failed += rerunCounts.failed;
    counts.skipped += rerunCounts.skipped;
  }
  if (counts.failed > 0) failures.push(...failureExcerpts(output + (again?.output ?? '')).map((excerpt) => `[${suite.name}]\n${excerpt}`));
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  const rerunNote = again ? ` (run once more, the page having ended before reporting a test: ${again.files.join(', ')})` : '';
  // Worded differently from the closing line, so a reader of the last line sees only the total.
  report.push(`- ${suite.name}: passed ${counts.passed}, failed ${counts.failed}${counts.skipped ? `, skipped ${counts.skipped}` : ''}${rerunNote}`);
}

if (failures.length) {
  console.log('\n=== failures ===');
  for (const excerpt of failures.slice(0, MAX_FAILURES_SHOWN)) console.log(`${excerpt}\n`);
  if (failures.length > MAX_FAILURES_SHOWN) console.log(`… and ${failures.length - MAX_FAILURES_SHOWN} more above`);
}

console.log('\n=== summary ===');
for (const line of report) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
