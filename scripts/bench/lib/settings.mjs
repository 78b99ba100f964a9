// The bench's command-line options and the limits every section shares.

/** Default fresh visitors per timing row, and default length of each autocannon run. */
export const DEFAULT_RUNS = 20;
export const DEFAULT_LOAD_SECONDS = 10;

/** A whole-number option (`--runs 5`), or undefined when absent; exits with a message when malformed. */
function option(name) {
  const index = process.argv.indexOf(name);
  if (index < 0) return undefined;
  const value = process.argv[index + 1];
  if (!/^[1-9]\d*$/.test(value ?? '')) {
    console.error(`bench: ${name} takes a whole number above 0, got ${JSON.stringify(value)}`);
    process.exit(2);
  }
  return Number(value);
}

/** Whether the command line has `flag`. */
export const hasFlag = (flag) => process.argv.includes(flag);
/** Every value given to `name` on the command line (`--page /a.html --page /b.html`), in order. */
export const valuesOf = (name) => process.argv.flatMap((argument, index) => (argument === name && index + 1 < process.argv.length ? [process.argv[index + 1]] : []));
/** The first of `flags` on the command line, or undefined. */
export const firstFlag = (flags) => flags.find(hasFlag);

/** Fresh visitors per timing row. */
export const RUNS = option('--runs') ?? DEFAULT_RUNS;
/** Length of each autocannon run. */
export const LOAD_SECONDS = option('--seconds') ?? DEFAULT_LOAD_SECONDS;
/** The CPU slowdown of the throttled rows: a mid-range phone, as Lighthouse's mobile preset uses. */
export const CPU_SLOWDOWN = 4;

/** Limits that keep a broken step from hanging the run. */
export const LIMIT = {
  BUILD_MS: 5 * 60_000,
  NPM_INSTALL_MS: 3 * 60_000,
  PAGE_MS: 20_000,
  LOAD_SLACK_MS: 15_000,
  WHOLE_RUN_MS: 40 * 60_000,
};
