/** Record settings are in seconds; timers in milliseconds. */
export const SECOND_MS = 1_000;
