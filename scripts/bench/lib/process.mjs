// Processes and clean-up: a command runner with a time limit, a promise with a time limit, and
// one registry of what to stop, run at the end, on a failure, on a signal or by the watchdog.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { LIMIT } from './settings.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

const cleanups = [];
/** Registers how to stop something started; the stops run last-started first. */
export const onCleanup = (fn) => cleanups.push(fn);
async function cleanUp() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      console.error(`bench: cleanup step failed: ${error.message}`);
    }
  }
}

/**
 * Runs `fn(onStop)`, where `onStop(stop)` registers a stop for something `fn` started; all of them run
 * when `fn` ends (a section's browser and server do not outlive it), or with the bench's clean-up.
 */
export async function withResources(fn) {
  const stops = [];
  const stopAll = async () => {
    while (stops.length) await stops.pop()().catch(() => {});
  };
  onCleanup(stopAll);
  try {
    return await fn((stop) => stops.push(stop));
  } finally {
    await stopAll();
  }
}

/** Rejects after `ms` with a message naming what took too long. */
export function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs a command; resolves `{ code, output }`, killing it after `timeoutMs`. */
export function run(command, args, { timeoutMs, cwd, inherit = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: inherit ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}` }));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output: signal ? `${output}\n(killed: ${signal}, limit ${timeoutMs / 1000} s)` : output });
    });
  });
}

/**
 * Runs `main` from the repo root (dist/, docs/ and the build are found from there) under a
 * watchdog; cleans up whatever happens and exits with 0, or 1 when `main` threw.
 */
export async function runMain(main) {
  const watchdog = setTimeout(() => {
    console.error(`bench: still running after ${LIMIT.WHOLE_RUN_MS / 60_000} min; stopping.`);
    cleanUp().finally(() => process.exit(1));
  }, LIMIT.WHOLE_RUN_MS);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(130)));
  let code = 0;
  try {
    process.chdir(REPO_ROOT);
    await main();
  } catch (error) {
    console.error(`bench: ${error.message}`);
    code = 1;
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
  process.exit(code);
}
