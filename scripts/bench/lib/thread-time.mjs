// Main-thread CPU time between two `performance.mark`s of a page, read from a Chromium trace.
// Wall-clock time on this machine's 2 shared cores includes the moments the renderer waits for a
// core (the browser and GPU processes want one too); the thread time of the renderer's tasks does
// not, so it tells the work a library does apart from the machine's load.

const TASK_EVENTS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/**
 * Traces while `run()` resolves (a navigation, say) on the page behind `cdp`, then sums the thread
 * time of the main thread's tasks between the marks `from` and `to` (a task that straddles a mark
 * counts for the share of it inside). Milliseconds; NaN when a mark is missing.
 */
export async function threadTimeBetween(cdp, run, { from, to }) {
  const events = [];
  const collect = ({ value }) => events.push(...value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((done) => cdp.once('Tracing.tracingComplete', done));
  await cdp.send('Tracing.start', { categories: 'toplevel,blink.user_timing', transferMode: 'ReportEvents' });
  try {
    await run();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
  }
  const start = events.find((event) => event.name === from);
  const end = events.find((event) => event.name === to);
  if (!start || !end) return NaN;
  let microseconds = 0;
  for (const task of events) {
    if (task.ph !== 'X' || !TASK_EVENTS.has(task.name) || task.pid !== start.pid || task.tid !== start.tid || !task.dur) continue;
    const inside = Math.min(task.ts + task.dur, end.ts) - Math.max(task.ts, start.ts);
    if (inside > 0) microseconds += ((task.tdur ?? task.dur) * inside) / task.dur;
  }
  return microseconds / 1000;
}
