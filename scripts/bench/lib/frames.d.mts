// Types of frames.mjs, for the TypeScript tests that import it.
export const SMOOTH_FRAME_MS: number;
export const MISSED_REFRESH_MS: number;
export function shareUnder(deltas: number[], limitMs: number): number;
export function frameStats(deltas: number[]): { frames: number; smoothShare: number; noMissShare: number; medianMs: number; p95Ms: number };
export function percent(share: number): string;
