/**
 * Timeouts behind a clock, so the content blocks' timings run on a simulated clock in tests
 * (xstate's `SimulatedClock` fits this shape) and on the browser's timers in the page.
 */
export interface TimerClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

export const browserClock: TimerClock = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** A timeout that `restart` starts over (the coupon's Copied tooltip stays `ms` after the last copy). */
export function restartableTimeout(ms: number, onEnd: () => void, clock: TimerClock = browserClock) {
  let id: unknown;
  const stop = () => clock.clearTimeout(id);
  return {
    restart() {
      stop();
      id = clock.setTimeout(onEnd, ms);
    },
    stop,
  };
}
