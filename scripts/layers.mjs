// `npm run layers` (a suite of `npm test`): the import rules between the layers, one verdict each.
// The rules are oxlint's `no-restricted-imports`, one override per folder in `.oxlintrc.json`
// (so `npm run lint` and an editor show them too); each distinct message there is one rule. This
// script runs oxlint with only that rule and prints `PASS`/`FAIL` per rule, the offending imports
// under a failure, and last `N passed, N failed` (scripts/test.mjs reads it). Exits 1 on a failure.
// The other layer checks: machines/ type-checks without the DOM library (machines/tsconfig.json, in
// `npm run typecheck`), and logic.js / machines.js reach no React in the built graph (`npm run size`).
//
// `node scripts/layers.mjs [ROOT]` checks another tree holding the same `.oxlintrc.json` (the test's
// deliberate violation); the default is this repository.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const OXLINT_BIN = join(REPO_ROOT, 'node_modules', 'oxlint', 'bin', 'oxlint');
const LAYER_RULE = 'no-restricted-imports';
/** oxlint prints a large tree's diagnostics as one JSON document; the default 1 MB pipe buffer is too small. */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** The config without its comments: the file is JSONC, and every comment in it is a whole line. */
function readConfig(root) {
  const text = readFileSync(join(root, '.oxlintrc.json'), 'utf8');
  return JSON.parse(text.replace(/^\s*\/\/.*$/gm, ''));
}

/** Each layering rule, by its message, in the order the config lists them. */
function layerRules(config) {
  const messages = (config.overrides ?? []).flatMap((override) => {
    const [, options] = override.rules?.[LAYER_RULE] ?? [];
    return (options?.patterns ?? []).map((pattern) => pattern.message);
  });
  return [...new Set(messages)];
}

/** oxlint's `no-restricted-imports` findings under `root`, each `{ filename, line, message, help }`. */
function findViolations(root) {
  const result = spawnSync(process.execPath, [OXLINT_BIN, '-A', 'all', '-D', LAYER_RULE, '--format', 'json', '.'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: MAX_OUTPUT_BYTES,
  });
  if (result.error) throw result.error;
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    throw new Error(`oxlint gave no report (exit ${result.status}):\n${result.stderr || result.stdout}`);
  }
  return report.diagnostics
    .filter((diagnostic) => diagnostic.code === `eslint(${LAYER_RULE})`)
    .map(({ filename, labels, message, help }) => ({ filename, line: labels[0]?.span.line, message, help }));
}

function main() {
  const root = resolve(process.argv[2] ?? REPO_ROOT);
  const rules = layerRules(readConfig(root));
  if (rules.length === 0) {
    console.error(`No ${LAYER_RULE} override in ${join(root, '.oxlintrc.json')}: the layering rules are gone.`);
    console.log('0 passed, 1 failed');
    return 1;
  }
  const violations = findViolations(root);
  let failed = 0;
  for (const rule of rules) {
    const broken = violations.filter((violation) => violation.help === rule);
    console.log(`${broken.length ? 'FAIL' : 'PASS'} ${rule}`);
    for (const { filename, line, message } of broken) console.log(`  ${filename}:${line}: ${message}`);
    if (broken.length) failed += 1;
  }
  console.log(`${rules.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = main();
