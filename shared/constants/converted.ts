/**
 * The converted values the conversion call answers (issue 13; ours). A file of their own, not
 * widget.ts: only the start and the outbox use them, so they stay out of the chunk every pop-up loads.
 */
export const CONVERTED = {
  /** Local-storage key of the values, a JSON list, newest last. */
  STORAGE_KEY: 'kite_converted',
  /** Newest kept, older dropped: one per pop-up converted on, so a site's few stop-showing pop-ups fit. */
  VALUES_MAX: 20,
} as const;
