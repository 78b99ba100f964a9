/**
 * What widget.js fetches at once when the display call returns pop-ups, as paths from its folder
 * (scripts/rollup/runtime-files.mjs fills the lists when widget.js is built; unbuilt, they are
 * empty and the code loads as the browser finds it): widget-runtime.js and every chunk it imports,
 * and, for a pop-up due at once, the pop-up's element and what it imports beyond those (React).
 */
export const RUNTIME_FILES: readonly string[] = [];
export const POPTIN_FILES: readonly string[] = [];
