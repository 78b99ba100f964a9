/** Types of the counter machine (content-site spec 001, sections 2, 3 "Animated number" and 9). */

/** What the element reads from its attributes when it connects. */
export interface CounterInput {
  /** The number counted from (`start-from`). */
  from: number;
  /** The final number (`number`). */
  to: number;
  /** How long the count lasts, in ms (`timer`); `COUNTER.DURATION_MS` when absent. */
  durationMs?: number;
  /** The visitor asks for reduced motion: the final number shows at once. */
  reducedMotion: boolean;
}

export interface CounterContext {
  /** See {@link CounterInput.from}. */
  from: number;
  /** See {@link CounterInput.to}. */
  to: number;
  /** How long the count lasts, in ms. */
  durationMs: number;
  /** See {@link CounterInput.reducedMotion}. */
  reducedMotion: boolean;
}

export type CounterEvent =
  /** The counter was scrolled into view (first time; later ones change nothing). */
  { type: 'VIEW.ENTER' };

/** Emitted events; the element dispatches each as `kite-counter-<type>`. */
export type CounterEmitted =
  /** The count began, from `from`. */
  | { type: 'start'; from: number }
  /** The final number `value` is shown. */
  | { type: 'end'; value: number };
