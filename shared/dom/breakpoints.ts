import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { BREAKPOINT_QUERIES, type Breakpoint } from '../logic/page-classes.ts';

/**
 * The theme's breakpoint (spec 001, section 9), observed once for the whole page whatever the
 * number of elements: one media query list per boundary. Their `change` events fire only when a
 * boundary is crossed, never while the width changes within a range, so nothing needs the resize
 * debounce (`RESIZE.THEME_DEBOUNCE_MS`) that a resize listener would.
 */
const listeners = new Set<(breakpoint: Breakpoint) => void>();
let lists: Array<readonly [Breakpoint, MediaQueryList]> | null = null;
let current: Breakpoint = 'desktop';

const read = (): Breakpoint => lists!.find(([, list]) => list.matches)?.[0] ?? 'desktop';

function onChange(): void {
  const next = read();
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener(current);
}

/** The breakpoint now; the first call starts observing. */
export function currentBreakpoint(): Breakpoint {
  if (!lists) {
    lists = BREAKPOINT_QUERIES.map(([name, query]) => [name, matchMedia(query)] as const);
    for (const [, list] of lists) list.addEventListener('change', onChange);
    current = read();
  }
  return current;
}

/** Calls `listener` with each new breakpoint; returns the unsubscribe. */
export function onBreakpoint(listener: (breakpoint: Breakpoint) => void): () => void {
  currentBreakpoint();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A lit controller: `breakpoint` is the page's breakpoint, and the host renders again when it changes. */
export class BreakpointController implements ReactiveController {
  #unsubscribe: (() => void) | null = null;

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  get breakpoint(): Breakpoint {
    return currentBreakpoint();
  }

  hostConnected(): void {
    this.#unsubscribe = onBreakpoint(() => this.host.requestUpdate());
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
  }
}
