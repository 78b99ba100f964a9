import type { PoptinLifeEvent } from '../../machines/tab-teaser/tab-teaser.types.ts';

/**
 * Every pop-up's life on this page, heard from `window` from the moment this module loads: the
 * `kite-poptin-show`, `kite-poptin-close`, `kite-poptin-convert` and `kite-poptin-skip` events as
 * tab teaser events.
 *
 * Why not listen in the view: React mounts a tab a task or more after the element connects, and
 * its effects run later still, so a pop-up that shows at page load could show before a tab
 * listens (a `before_show` tab would then stay up beside its pop-up). Heard here, nothing is
 * missed: a tab starts from what happened so far and then hears the rest. `kite-widget` loads this
 * module before it places a pop-up that has a tab, as the tab's own code may come later.
 */

const logs = new Map<string, PoptinLifeEvent[]>();
const listeners = new Map<string, Set<(event: PoptinLifeEvent) => void>>();

function record(poptinId: unknown, event: PoptinLifeEvent): void {
  if (typeof poptinId !== 'string' || !poptinId) return;
  let log = logs.get(poptinId);
  if (!log) logs.set(poptinId, (log = []));
  log.push(event);
  for (const listener of listeners.get(poptinId) ?? []) listener(event);
}

if (typeof window !== 'undefined') {
  window.addEventListener('kite-poptin-show', (event) => record(event.detail?.poptinId, { type: 'POPTIN.SHOWN' }));
  window.addEventListener('kite-poptin-close', (event) => {
    const detail: { poptinId?: unknown; closeTrigger?: unknown; submitted?: unknown } = event.detail ?? {};
    record(detail.poptinId, { type: 'POPTIN.CLOSED', closeTrigger: String(detail.closeTrigger ?? ''), submitted: detail.submitted === true });
  });
  window.addEventListener('kite-poptin-convert', (event) => record(event.detail?.poptinId, { type: 'POPTIN.CONVERTED' }));
  window.addEventListener('kite-poptin-skip', (event) => record(event.detail?.poptinId, { type: 'POPTIN.SKIPPED' }));
}

/** The events of pop-up `poptinId` so far on this page, oldest first. */
export function poptinLog(poptinId: string): readonly PoptinLifeEvent[] {
  return logs.get(poptinId) ?? [];
}

/** Calls `listener` with each later event of pop-up `poptinId`; returns how to stop. */
export function onPoptinLife(poptinId: string, listener: (event: PoptinLifeEvent) => void): () => void {
  let set = listeners.get(poptinId);
  if (!set) listeners.set(poptinId, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

/** Resolves true once pop-up `poptinId` has shown on this page, or false if it was skipped first. */
export function poptinShows(poptinId: string): Promise<boolean> {
  return new Promise((resolve) => {
    const settles = (event: PoptinLifeEvent) => {
      const settled = event.type === 'POPTIN.SHOWN' || event.type === 'POPTIN.SKIPPED';
      if (settled) {
        stop();
        resolve(event.type === 'POPTIN.SHOWN');
      }
      return settled;
    };
    const stop = onPoptinLife(poptinId, settles);
    poptinLog(poptinId).some(settles);
  });
}
