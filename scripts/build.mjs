// `npm run build`: writes dist/ in seven steps, each timed, stopping at the first failure:
//   1. rollup with rollup.config.mjs (ESM entries + lazy chunks, and the classic widget.js);
//   2. dist/chunk-graph.json, the import graph of the ESM chunks (scripts/size.mjs reads it);
//   3. type declarations into dist/types/ (tsc with tsconfig.build.json);
//   4. dist/custom-elements.json (Custom Elements Manifest analyzer);
//   5. docs/elements.md from the manifest (scripts/docs.mjs);
//   6. the typed JSX of the elements from the manifest (scripts/jsx-types.mjs): components/jsx.d.ts and its copy in dist/types/;
//   7. dist/element-files.json, each element's files for a page to name ahead (from the graph and the manifest).
// `--if-stale` skips everything when dist/ is newer than every source (`npm start` uses it).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { rollup } from 'rollup';
import { loadConfigFile } from 'rollup/loadConfigFile';
import { fileURLToPath } from 'node:url';
import { DASHBOARD_APP, DEMO_REACT_APP } from '../rollup.config.mjs';
import { ELEMENT_FILES, elementFiles } from './sizes.mjs';

// Paths below are relative to the repo root, wherever the script is started from.
process.chdir(fileURLToPath(new URL('..', import.meta.url)));

const ROOT = process.cwd();
const DIST_DIR = 'dist';
const ROLLUP_CONFIG = 'rollup.config.mjs';

/** What a finished build leaves in dist/: the entries of rollup.config.mjs and the generated files. */
const BUILD_OUTPUTS = [
  'kite.js',
  'machines.js',
  'logic.js',
  'widget-runtime.js',
  'widget.js',
  'chunk-graph.json',
  'custom-elements.json',
  ELEMENT_FILES,
].map((file) => join(DIST_DIR, file)).concat(DEMO_REACT_APP, DASHBOARD_APP);

/** What the build reads: a change to any of these makes dist/ stale. */
const BUILD_INPUTS = [
  'components',
  'machines',
  'shared',
  'demo/react-app',
  'demo/dashboard',
  ROLLUP_CONFIG,
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'custom-elements-manifest.config.mjs',
];

const toPosix = (path) => path.split(sep).join('/');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Newest modification time of a file, or of any file under a directory (0 when absent). */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only as a newer directory mtime
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/** True when every build output exists and is newer than every input. */
function isFresh() {
  if (!BUILD_OUTPUTS.every((path) => existsSync(path))) return false;
  const oldestOutput = Math.min(...BUILD_OUTPUTS.map((path) => statSync(path).mtimeMs));
  const newestInput = Math.max(...BUILD_INPUTS.map(newestMtime));
  return oldestOutput > newestInput;
}

/** Runs `node <args>` with the output shown; rejects when it exits non-zero. */
function runNode(args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`\`node ${args.join(' ')}\` exited with ${signal ?? `code ${code}`}`));
    });
  });
}

/** A module id as the chunk graph shows it: relative to the repo root; null for rollup's virtual modules. */
function moduleId(id) {
  if (!id || id.startsWith('\0')) return null;
  return toPosix(relative(ROOT, id));
}

/**
 * Runs every build of rollup.config.mjs and writes its outputs. Returns the ESM chunks, with file
 * names made relative to dist/ (an output may write into a subdirectory of it).
 */
async function runRollup() {
  const { options, warnings } = await loadConfigFile(resolve(ROLLUP_CONFIG), {});
  const esmChunks = [];
  try {
    for (const inputOptions of options) {
      const bundle = await rollup(inputOptions);
      try {
        for (const outputOptions of inputOptions.output) {
          const { output } = await bundle.write(outputOptions);
          if (outputOptions.format !== 'es' && outputOptions.format !== 'esm') continue;
          const outDir = outputOptions.dir ?? dirname(outputOptions.file);
          // The graph is the package's: the demo's React app, built outside dist/, is not in it.
          if (relative(DIST_DIR, outDir).startsWith('..')) continue;
          const inDist = (fileName) => toPosix(relative(DIST_DIR, join(outDir, fileName)));
          for (const item of output) {
            if (item.type === 'chunk') esmChunks.push({ ...item, inDist });
          }
        }
      } finally {
        await bundle.close();
      }
    }
  } finally {
    warnings.flush(); // rollup's own CLI prints the collected warnings the same way
  }
  return esmChunks;
}

/**
 * dist/chunk-graph.json: one record per ESM chunk, sorted by file name so that rebuilding the
 * same sources gives the same file. `modules` lists what rollup put in the chunk, so a tool can
 * find a module that has no chunk of its own.
 */
function writeChunkGraph(chunks) {
  const graph = chunks
    .map((chunk) => ({
      fileName: chunk.inDist(chunk.fileName),
      isEntry: chunk.isEntry,
      facadeModuleId: moduleId(chunk.facadeModuleId),
      imports: chunk.imports.map(chunk.inDist).sort(),
      dynamicImports: chunk.dynamicImports.map(chunk.inDist).sort(),
      modules: Object.keys(chunk.modules).map(moduleId).filter(Boolean).sort(),
    }))
    .sort((a, b) => a.fileName.localeCompare(b.fileName));
  writeFileSync(join(DIST_DIR, 'chunk-graph.json'), `${JSON.stringify(graph, null, 2)}\n`);
  return graph;
}

const STEPS = [
  {
    name: `rollup (${ROLLUP_CONFIG})`,
    run: async (state) => {
      // A clean dist/: chunk names carry content hashes, so old chunks would linger and be counted by `npm run size`.
      rmSync(DIST_DIR, { recursive: true, force: true });
      mkdirSync(DIST_DIR, { recursive: true });
      state.chunks = await runRollup();
    },
  },
  {
    name: 'chunk graph (dist/chunk-graph.json)',
    run: (state) => {
      const graph = (state.graph = writeChunkGraph(state.chunks));
      console.log(`  ${graph.length} ESM chunks, ${graph.filter((chunk) => chunk.isEntry).length} entries`);
    },
  },
  {
    name: 'type declarations (dist/types/, tsc -p tsconfig.build.json)',
    run: () => runNode([join('node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']),
  },
  {
    name: 'custom elements manifest (dist/custom-elements.json)',
    run: () =>
      runNode([
        join('node_modules', '@custom-elements-manifest', 'analyzer', 'cem.js'),
        'analyze',
        '--config',
        'custom-elements-manifest.config.mjs',
      ]),
  },
  {
    name: 'element reference (docs/elements.md)',
    run: () => runNode([join('scripts', 'docs.mjs')]),
  },
  {
    name: 'typed JSX (components/jsx.d.ts, kite-elements/jsx)',
    run: () => runNode([join('scripts', 'jsx-types.mjs')]),
  },
  {
    name: `element files (dist/${ELEMENT_FILES})`,
    run: (state) => {
      const manifest = JSON.parse(readFileSync(join(DIST_DIR, 'custom-elements.json'), 'utf8'));
      const files = elementFiles(state.graph, manifest);
      writeFileSync(join(DIST_DIR, ELEMENT_FILES), `${JSON.stringify(files, null, 2)}\n`);
      console.log(`  ${Object.keys(files).length} elements`);
    },
  },
];

async function main() {
  const started = performance.now();
  if (process.argv.includes('--if-stale') && isFresh()) {
    console.log('build: dist/ is newer than every source, nothing to do.');
    return 0;
  }
  const state = {};
  for (const [index, step] of STEPS.entries()) {
    const stepStarted = performance.now();
    console.log(`build: [${index + 1}/${STEPS.length}] ${step.name}`);
    try {
      await step.run(state);
    } catch (error) {
      console.error(`build: FAILED at ${step.name}: ${error?.message ?? error}`);
      if (error?.frame) console.error(error.frame);
      if (error?.id) console.error(`  in ${error.id}`);
      return 1;
    }
    console.log(`build:       done in ${seconds(performance.now() - stepStarted)}`);
  }
  console.log(`build: finished in ${seconds(performance.now() - started)}`);
  return 0;
}

process.exitCode = await main();
