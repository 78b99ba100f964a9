/**
 * widget-runtime.js and every chunk it imports, as paths from widget.js's folder, so widget.js can
 * fetch them all at once (scripts/rollup/runtime-files.mjs fills the list when widget.js is built;
 * unbuilt, it is empty and the runtime's imports load as the browser finds them).
 */
export const RUNTIME_FILES: readonly string[] = [];
