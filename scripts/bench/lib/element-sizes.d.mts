// Types of element-sizes.mjs, for the TypeScript tests that import it.
interface Chunk {
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
  modules?: string[];
}
interface Measured {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}
export function elementSizes(moduleId: string): { js: { raw: number; gzip: number }; files: number; dynamic: string[] } | { error: string };
export function extraFiles(graph: Chunk[], measured: Measured[], moduleId: string, already: Set<string>): { files: string[]; gzip: number };
