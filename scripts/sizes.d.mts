// Types of the part of sizes.mjs that the TypeScript tests import.
/** One chunk of dist/chunk-graph.json. */
export interface Chunk {
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
  modules?: string[];
}
/** The lazy parts' tests (RECORD_CODE) and the modules each part loads (RECORD_CODE_MODULES). */
interface RecordCode {
  needs: Readonly<Record<string, (record: never, raw?: unknown) => boolean>>;
  modules: Readonly<Record<string, readonly string[]>>;
}
export function recordFileSet(graph: Chunk[], recordCode: RecordCode, record: unknown, raw: unknown): { files: string[]; missing: string[]; parts: string[] };
export const WIDGET_RUNTIME: string;
export function readChunkGraph(path?: string): Chunk[] | null;
export function staticClosure(graph: Chunk[], start: string): Set<string>;
export function chunkOfModule(graph: Chunk[], moduleId: string): Chunk | undefined;
export const POPTIN_ELEMENT_MODULE: string;
