// Size measurement shared by `npm run size` (budgets) and `npm run bench` (BENCHMARKS.md): the
// compressed size of each built file, and the set of chunks a surface needs, read from the chunk
// graph that scripts/build.mjs writes. The build is already minified, so "gzip of a dist file" is
// the usual "min+gzip".
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export const DIST_DIR = 'dist';
export const CHUNK_GRAPH_FILE = join(DIST_DIR, 'chunk-graph.json');

/** The classic-script loader a site owner puts on every page (CONTRACT.md, `dist/widget.js`). */
export const WIDGET_LOADER = 'widget.js';
/** The ESM entry the loader imports when there is a pop-up to run (rollup.config.mjs). */
export const WIDGET_RUNTIME = 'widget-runtime.js';
/** The module whose chunk renders a pop-up with its form; it is loaded on demand. */
export const POPTIN_ELEMENT_MODULE = 'components/poptin/poptin.element.ts';

/** Compressed sizes of one file's bytes: gzip at level 9 and brotli at its best quality. */
export function compressedSizes(bytes) {
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }).length,
  };
}

/** Every `.js` file under `dir`, as paths relative to it with forward slashes, sorted. */
export function listJsFiles(dir = DIST_DIR) {
  const out = [];
  const walk = (current) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.js')) out.push(relative(dir, path).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** `{ file, raw, gzip, brotli }` for every JS file in dist. */
export function measureDist(dir = DIST_DIR) {
  return listJsFiles(dir).map((file) => ({ file, ...compressedSizes(readFileSync(join(dir, file))) }));
}

/** The chunk graph written by the build, or null when there is none. */
export function readChunkGraph(path = CHUNK_GRAPH_FILE) {
  if (!existsSync(path)) return null;
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * Files reachable from `start` through static imports only: what the browser must fetch before
 * that chunk can run. Dynamic imports are left out on purpose: they load later, on demand.
 */
export function staticClosure(graph, start) {
  const byFile = new Map(graph.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set();
  const visit = (fileName) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) visit(imported);
  };
  visit(start);
  return seen;
}

/**
 * The chunk that holds `moduleId`: the chunk it is the facade of, else (when rollup merged it into
 * another chunk) the chunk whose module list contains it. Undefined when no chunk has it.
 */
export function chunkOfModule(graph, moduleId) {
  return (
    graph.find((chunk) => chunk.facadeModuleId === moduleId) ??
    graph.find((chunk) => chunk.modules?.includes(moduleId))
  );
}

/** dist/element-files.json: what a page can name ahead of kite.js for each element (README "Naming an element's files ahead"). */
export const ELEMENT_FILES = 'element-files.json';

/**
 * Each element's files as kite.js loads them when its tag appears, from the chunk graph and the
 * Custom Elements Manifest: tag to the element's chunk, then every chunk it imports statically
 * (paths from dist/). A page that lists them as `<link rel="modulepreload">` beside kite.js fetches
 * them all at once, instead of a round trip after kite.js has run.
 */
export function elementFiles(graph, manifest) {
  const files = {};
  for (const module of manifest.modules) {
    for (const { tagName } of module.declarations ?? []) {
      if (!tagName) continue;
      const chunk = chunkOfModule(graph, module.path);
      if (!chunk) throw new Error(`no chunk holds ${module.path} (${tagName})`);
      files[tagName] = [...staticClosure(graph, chunk.fileName)];
    }
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Every file needed to show the lightbox pop-up with its form, counted once each:
 * widget.js, the static closure of widget-runtime.js and the static closure of the poptin
 * element's chunk. Returns `{ files, missing }`; `missing` explains what could not be found.
 */
export function lightboxFileSet(graph) {
  const files = new Set([WIDGET_LOADER]);
  const missing = [];
  if (!graph) return { files: [...files], missing: [`${CHUNK_GRAPH_FILE} (run \`npm run build\`)`] };
  if (!graph.some((chunk) => chunk.fileName === WIDGET_RUNTIME)) missing.push(`chunk ${WIDGET_RUNTIME}`);
  else for (const file of staticClosure(graph, WIDGET_RUNTIME)) files.add(file);
  const poptin = chunkOfModule(graph, POPTIN_ELEMENT_MODULE);
  if (!poptin) missing.push(`a chunk holding ${POPTIN_ELEMENT_MODULE}`);
  else for (const file of staticClosure(graph, poptin.fileName)) files.add(file);
  return { files: [...files].sort(), missing };
}

/**
 * Every file a page fetches before `record`'s pop-up is visible: the lightbox set's loader,
 * runtime and pop-up (what every pop-up loads) and, for each lazy part the record `needs`
 * (`RECORD_CODE` in shared/widget/record-code.ts, the tests the widget itself decides by), the
 * chunk holding each of the part's `modules` (scripts/record-code-modules.mjs) with that chunk's
 * static imports. `raw` is the record as stored, `record` as parsed. Returns
 * `{ files, missing, parts }`; `parts` names the lazy parts counted.
 */
export function recordFileSet(graph, { needs, modules }, record, raw) {
  const { files, missing } = lightboxFileSet(graph);
  const all = new Set(files);
  const parts = Object.keys(needs).filter((name) => needs[name](record, raw));
  for (const name of graph ? parts : []) {
    if (!modules[name]) missing.push(`the modules of part ${name}`);
    for (const moduleId of modules[name] ?? []) {
      const chunk = chunkOfModule(graph, moduleId);
      if (!chunk) missing.push(`a chunk holding ${moduleId}`);
      else for (const file of staticClosure(graph, chunk.fileName)) all.add(file);
    }
  }
  return { files: [...all].sort(), missing, parts };
}

/** The identity SDK's entry (`kite-elements/identity`, CONTRACT.md). */
export const IDENTITY_ENTRY = 'identity.js';
/** The entries usable without React (`kite-elements/logic`, `/machines` and `/identity`), so none may import it. */
export const REACT_FREE_ENTRIES = ['logic.js', 'machines.js', IDENTITY_ENTRY];
const REACT_MODULE = /(^|\/)node_modules\/(react|react-dom)\//;

/** The files in `entry`'s static closure that hold React (its own chunk, or React merged elsewhere). */
export function reactFilesIn(graph, entry) {
  const byFile = new Map(graph.map((chunk) => [chunk.fileName, chunk]));
  return [...staticClosure(graph, entry)].filter((file) => byFile.get(file)?.modules?.some((id) => REACT_MODULE.test(id)));
}

/** The lit elements' modules: a page using only these must load neither React nor r2wc. */
export const LIT_ELEMENT_MODULES = [
  'components/header/header.element.ts',
  'components/preloader/preloader.element.ts',
  'components/scroll-top/scroll-top.element.ts',
  'components/post-nav/post-nav.element.ts',
  'components/video-embed/video-embed.element.ts',
  'components/counter/counter.element.ts',
  'components/gallery/gallery.element.ts',
  'components/parallax/parallax.element.ts',
  'components/tabs/tabs.element.ts',
  'components/tooltip/tooltip.element.ts',
  'components/animate/animate.element.ts',
  'components/slider/slider.element.ts',
  'components/live-search/live-search.element.ts',
  'components/masonry/masonry.element.ts',
];
/** The ESM entry that registers every element (`kite-elements`). */
export const KITE_ENTRY = 'kite.js';
const REACT_OR_R2WC_MODULE = /(^|\/)node_modules\/(react|react-dom|@r2wc\/[^/]+)\//;

/**
 * Every file a page with only the lit elements fetches: kite.js and the static closure of each lit
 * element's chunk. Returns `{ files, missing, react }`; `react` lists the files among them holding
 * React or r2wc (there must be none).
 */
export function litPageFileSet(graph) {
  const files = new Set([KITE_ENTRY]);
  const missing = [];
  if (!graph) return { files: [...files], missing: [`${CHUNK_GRAPH_FILE} (run \`npm run build\`)`], react: [] };
  for (const file of staticClosure(graph, KITE_ENTRY)) files.add(file);
  for (const moduleId of LIT_ELEMENT_MODULES) {
    const chunk = chunkOfModule(graph, moduleId);
    if (!chunk) missing.push(`a chunk holding ${moduleId}`);
    else for (const file of staticClosure(graph, chunk.fileName)) files.add(file);
  }
  const byFile = new Map(graph.map((chunk) => [chunk.fileName, chunk]));
  const react = [...files].filter((file) => byFile.get(file)?.modules?.some((id) => REACT_OR_R2WC_MODULE.test(id)));
  return { files: [...files].sort(), missing, react };
}

/** Sums the sizes of `files` (paths relative to dist) from a `measureDist` result. */
export function sumSizes(measured, files) {
  const byFile = new Map(measured.map((entry) => [entry.file, entry]));
  const total = { raw: 0, gzip: 0, brotli: 0 };
  const absent = [];
  for (const file of files) {
    const entry = byFile.get(file);
    if (!entry) {
      absent.push(file);
      continue;
    }
    total.raw += entry.raw;
    total.gzip += entry.gzip;
    total.brotli += entry.brotli;
  }
  return { ...total, absent };
}

/** Bytes as KB with one decimal (1 KB = 1024 bytes, as the budgets are written). */
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
