// What a page with one Kite element fetches: the kite.js autoloader and the element chunk's
// static-import closure, from dist/chunk-graph.json; and what a lazy chunk adds to a set already loaded.
import { KITE_ENTRY, chunkOfModule, measureDist, readChunkGraph, staticClosure, sumSizes } from '../../sizes.mjs';

/**
 * `{ js: { raw, gzip }, files, dynamic }` for the element whose source is `moduleId` (`dynamic`:
 * the chunks the element may import later, not counted), or `{ error }`.
 */
export function elementSizes(moduleId) {
  const graph = readChunkGraph();
  if (!graph) return { error: 'no dist/chunk-graph.json (run `npm run build`)' };
  const chunk = chunkOfModule(graph, moduleId);
  if (!chunk) return { error: `no chunk holds ${moduleId}` };
  const closure = staticClosure(graph, chunk.fileName);
  const files = new Set([KITE_ENTRY, ...closure]);
  const sum = sumSizes(measureDist(), files);
  if (sum.absent.length) return { error: `missing from dist: ${sum.absent.join(', ')}` };
  // The autoloader's own dynamic imports are the other elements: only the element's count.
  const dynamic = graph.filter((other) => closure.has(other.fileName)).flatMap((other) => other.dynamicImports ?? []);
  return { js: { raw: sum.raw, gzip: sum.gzip }, files: files.size, dynamic: [...new Set(dynamic)].filter((file) => !files.has(file)) };
}

/**
 * The files the chunk holding `moduleId` needs (its static-import closure) that are not in
 * `already`, and their min+gzip total from a `measureDist` result; no files and NaN when no chunk holds it.
 */
export function extraFiles(graph, measured, moduleId, already) {
  const chunk = chunkOfModule(graph, moduleId);
  if (!chunk) return { files: [], gzip: NaN };
  const files = [...staticClosure(graph, chunk.fileName)].filter((file) => !already.has(file));
  return { files, gzip: sumSizes(measured, files).gzip };
}
