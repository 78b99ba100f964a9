// `npm run size`: the compressed size of every built JS file, then the size budgets of the widget
// and of the identity SDK, that the React-free entries (logic.js, machines.js, identity.js) import
// no React, and that a page with only the lit elements (kite.js, kite-header, kite-preloader, kite-scroll-top, kite-post-nav) loads no React and no r2wc.
// The last line is exactly `N passed, N failed` (scripts/test.mjs reads it). Exits 1 when a budget
// fails or when there is no build to measure.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DIST_DIR,
  IDENTITY_ENTRY,
  REACT_FREE_ENTRIES,
  WIDGET_LOADER,
  kb,
  lightboxFileSet,
  litPageFileSet,
  measureDist,
  reactFilesIn,
  readChunkGraph,
  staticClosure,
  sumSizes,
} from './sizes.mjs';

// dist/ is looked up from the repo root, wherever the script is started from.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

/** The loader on every page of a customer's site must stay tiny: 4 KB min+gzip. */
const WIDGET_LOADER_BUDGET_BYTES = 4 * 1024;
/**
 * Everything needed to show the lightbox pop-up with its form, min+gzip: the loader, the widget's
 * runtime and the pop-up with their static imports (React and XState included). What only some
 * pop-ups need (content blocks, other field kinds, effects other than the default fade, Hebrew) is
 * lazy, not counted.
 */
const LIGHTBOX_BUDGET_BYTES = 110 * 1024;
/**
 * `kite-elements/identity` with its static imports, min+gzip: the SDK a site loads to sign members
 * in. Set from the measured size plus about 10 % (issue 20: 4752 B with the calls, the silent flow,
 * the API client and the service plugins; the enumerations' chunk, shared with machines.js, counted in).
 */
const IDENTITY_BUDGET_BYTES = 5200;

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

function printTable(measured) {
  const width = Math.max(4, ...measured.map((entry) => entry.file.length));
  console.log(`${pad('file', width)}  ${padLeft('bytes', 9)}  ${padLeft('gzip -9', 9)}  ${padLeft('brotli', 9)}`);
  for (const { file, raw, gzip, brotli } of measured) {
    console.log(`${pad(file, width)}  ${padLeft(raw, 9)}  ${padLeft(gzip, 9)}  ${padLeft(brotli, 9)}`);
  }
}

/** One budget's verdict: `{ name, ok, line }`. */
function verdict(name, gzipBytes, limit, problem) {
  if (problem) return { name, ok: false, line: `FAIL ${name}: ${problem}` };
  const ok = gzipBytes <= limit;
  const figures = `${gzipBytes} B (${kb(gzipBytes)}) min+gzip, budget ${limit} B (${kb(limit)})`;
  return { name, ok, line: `${ok ? 'PASS' : 'FAIL'} ${name}: ${figures}` };
}

function checkBudgets(measured, graph) {
  const loader = measured.find((entry) => entry.file === WIDGET_LOADER);
  const results = [
    verdict('widget.js', loader?.gzip, WIDGET_LOADER_BUDGET_BYTES, loader ? null : `${DIST_DIR}/${WIDGET_LOADER} is missing`),
  ];

  const { files, missing } = lightboxFileSet(graph);
  const total = sumSizes(measured, files);
  const problems = [...missing.map((what) => `${what} not found`), ...total.absent.map((file) => `${DIST_DIR}/${file} is missing`)];
  results.push(
    verdict(`lightbox pop-up with form (${files.length} files)`, total.gzip, LIGHTBOX_BUDGET_BYTES, problems.join('; ') || null),
  );
  if (!problems.length) console.log(`\nlightbox set: ${files.join(', ')}`);

  const identityFiles = graph ? [...staticClosure(graph, IDENTITY_ENTRY)] : [IDENTITY_ENTRY];
  const identity = sumSizes(measured, identityFiles);
  const identityProblem = identity.absent.length ? identity.absent.map((file) => `${DIST_DIR}/${file} is missing`).join('; ') : null;
  results.push(verdict(`${IDENTITY_ENTRY} with its imports (${identityFiles.length} files)`, identity.gzip, IDENTITY_BUDGET_BYTES, identityProblem));
  return results;
}

/** One verdict per pure entry: a page importing only helpers or machines must not fetch React. */
function checkReactFree(graph) {
  return REACT_FREE_ENTRIES.map((entry) => {
    const name = `${entry} without React`;
    if (!graph?.some((chunk) => chunk.fileName === entry)) return { name, ok: false, line: `FAIL ${name}: ${DIST_DIR}/${entry} is missing` };
    const react = reactFilesIn(graph, entry);
    const line = react.length ? `FAIL ${name}: its static imports reach ${react.join(', ')}` : `PASS ${name}: no React in its static imports`;
    return { name, ok: react.length === 0, line };
  });
}

/** A page with only lit elements fetches neither React nor r2wc (issue 14, item 1). */
function checkLitPage(measured, graph) {
  const name = 'lit-only page without React or r2wc';
  const { files, missing, react } = litPageFileSet(graph);
  const absent = sumSizes(measured, files).absent;
  const problems = [...missing.map((what) => `${what} not found`), ...absent.map((file) => `${DIST_DIR}/${file} is missing`)];
  if (problems.length) return { name, ok: false, line: `FAIL ${name}: ${problems.join('; ')}` };
  if (react.length) return { name, ok: false, line: `FAIL ${name}: its files ${react.join(', ')} hold React or r2wc` };
  const total = sumSizes(measured, files);
  return { name, ok: true, line: `PASS ${name}: ${files.length} files, ${total.gzip} B (${kb(total.gzip)}) min+gzip` };
}

function main() {
  if (!existsSync(join(DIST_DIR, WIDGET_LOADER)) && !existsSync(join(DIST_DIR, 'chunk-graph.json'))) {
    console.error(`No build found in ${DIST_DIR}/: run \`npm run build\` first.`);
    console.log(`0 passed, ${4 + REACT_FREE_ENTRIES.length} failed`);
    return 1;
  }
  const measured = existsSync(DIST_DIR) ? measureDist(DIST_DIR) : [];
  printTable(measured);
  const graph = readChunkGraph();
  const results = [...checkBudgets(measured, graph), ...checkReactFree(graph), checkLitPage(measured, graph)];
  console.log('');
  for (const { line } of results) console.log(line);
  const passed = results.filter((result) => result.ok).length;
  const failed = results.length - passed;
  if (results.some((result) => result.line.includes('missing') || result.line.includes('not found'))) {
    console.log('Something the budgets need is missing from the build: run `npm run build`.');
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = main();
