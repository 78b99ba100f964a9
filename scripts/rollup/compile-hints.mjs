// V8 compiles a function lazily, on the main thread, the first time it runs: a visitor's first
// click on a lightbox paid for compiling React's update and commit paths, the machine's transition
// code and the view's handlers, on top of running them (at 4x CPU about a third of the click).
// The magic comment `//# allFunctionsCalledOnLoad` (V8's explicit compile hints, Chromium 136+;
// other engines read a comment) asks for every function of the file to be compiled as the
// script streams in, off the main thread. It goes on the chunks whose code a surface runs as it
// starts and on its first use (React, XState, the elements, views and machines), not on the
// libraries a page may never call (hls.js, the phone library, DOMPurify) nor on data chunks.
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** `runsEarly(moduleId)`: whether a module's code runs when its surface starts or is first used. */
export const compileHints = ({ runsEarly }) => ({
  name: 'compile-hints',
  // After terser (listed after it), which drops comments.
  renderChunk(code, chunk) {
    if (!chunk.moduleIds.some(runsEarly)) return null;
    return { code: `${COMPILE_HINT}\n${code}`, map: null };
  },
});
