// Types of element-sizes.mjs, for the TypeScript tests that import it.
import type { Chunk } from '../../sizes.d.mts';
interface Measured {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}
export function elementSizes(moduleId: string): { js: { raw: number; gzip: number }; files: number; dynamic: string[] } | { error: string };
export function extraFiles(graph: Chunk[], measured: Measured[], moduleId: string, already: Set<string>): { files: string[]; gzip: number };
