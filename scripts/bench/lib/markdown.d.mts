// Types of markdown.mjs, for the TypeScript tests that import it.
type Bucket = { results: unknown[]; errors: string[] };
export const section: (title: string, ...blocks: string[]) => string;
export function replaceSection(markdown: string, title: string, replacement: string): string;
export function mergeSections(markdown: string, measured: string, provenance: string): { report: string; titles: string[] };
export const unavailable: (title: string, error: string) => string;
export function table(headers: string[], rows: unknown[][]): string;
export const ms: (value: number) => string;
export const count: (value: number) => string;
export const ratio: (a: number, b: number) => string;
export const bytes: (value: number) => string;
export const cell: (text: unknown) => string;
export function runsCell(bucket: Bucket, runs?: number): string;
export function timingCells<T>(bucket: { results: T[]; errors: string[] }, pick: (result: T) => number, runs?: number): string[];
export const addNote: (text: string) => number;
export const notesSection: () => string;
export function addFailure(text: string): void;
export const failedChecks: () => string[];
