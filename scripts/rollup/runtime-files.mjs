// widget.js imports widget-runtime.js once the display call returns pop-ups; the runtime's own
// imports (the widget's element, its machines, XState) are found only once it has arrived and
// been parsed: a round trip more between the answer and the pop-up. widget.js, a classic script
// built after the ESM build, cannot know their hashed names by itself, so the ESM build records
// them and the widget.js build writes them into the module that holds the list, and widget.js
// preloads them all in the same moment as the runtime.

/** The module whose empty list the widget.js build replaces (unbuilt, as in the element tests, it preloads nothing). */
const LIST_MODULE = /\/shared\/widget\/runtime-files\.ts$/;

/**
 * `entryName`: the ESM entry widget.js imports. Returns two plugins sharing what the first saw:
 * `record` for the ESM build, `inject` for widget.js's build, which must run after it.
 */
export function runtimeFiles({ entryName }) {
  let files;
  return {
    record: {
      name: 'runtime-files:record',
      generateBundle(_, bundle) {
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === entryName);
        if (!entry) throw new Error(`runtime-files: the ESM build has no entry named ${entryName}`);
        // `imports` go all the way down: rollup hoists transitive imports (its default).
        files = [entry.fileName, ...entry.imports];
      },
    },
    inject: {
      name: 'runtime-files:inject',
      load(id) {
        if (!LIST_MODULE.test(id)) return null;
        if (!files) throw new Error('runtime-files: build the ESM entries before widget.js (rollup.config.mjs lists them first)');
        return `export const RUNTIME_FILES = ${JSON.stringify(files)};\n`;
      },
    },
  };
}
