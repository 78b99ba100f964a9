// Repeated runs and their statistics.
import { RUNS } from './settings.mjs';

/** Nearest-rank percentile of a list of numbers (p in 0..100). */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}
/** The nearest-rank median: of an even count, the lower middle value. */
export const median = (values) => percentile(values, 50);

/** The first line of an error's message. */
export const firstLine = (error) => error.message.split('\n')[0];

/** Runs `once` into `bucket` (`{ results, errors }`): its result, or its first error line (the first one logged). */
export async function record(bucket, label, once) {
  try {
    bucket.results.push(await once());
  } catch (error) {
    if (!bucket.errors.length) console.log(`bench: ${label}: ${firstLine(error)}`);
    bucket.errors.push(firstLine(error));
  }
}

/** `runs` (default `RUNS`) runs of `once`; failures are counted and the first reason kept, never hidden. */
export async function repeat(label, once, runs = RUNS) {
  const bucket = { results: [], errors: [] };
  for (let i = 0; i < runs; i += 1) await record(bucket, label, once);
  console.log(`bench: ${label}: ${bucket.results.length}/${runs} runs`);
  return bucket;
}

/** Runs `once` and returns its result, or `{ error }` with the first line of what went wrong. */
export async function attempt(label, once) {
  try {
    return await once();
  } catch (error) {
    console.log(`bench: ${label} failed: ${firstLine(error)}`);
    return { error: firstLine(error) };
  }
}

/** The median of `key` over a bucket's results (those with a figure for it). */
export const medianOf = (bucket, key) => median(bucket.results.map((result) => result[key]).filter(Number.isFinite));

/** A time budget for a section's timed runs: `allows()` is false once `ms` have passed, and counts the runs it refused in `skipped`. */
export function timeBudget(ms) {
  const deadline = Date.now() + ms;
  const budget = {
    skipped: 0,
    allows: () => Date.now() <= deadline || ((budget.skipped += 1), false),
  };
  return budget;
}
