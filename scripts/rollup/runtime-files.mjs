// widget.js imports widget-runtime.js once the display call returns pop-ups; the runtime's own
// imports (the widget's element, its machines, XState) are found only once it has arrived and
// been parsed, and the pop-up's code (React with it) only once the runtime has run: two round
// trips more between the answer and the pop-up. widget.js, a classic script built after the ESM
// build, cannot know their hashed names by itself, so the ESM build records them and the widget.js
// build writes them into the module that holds the lists, and widget.js preloads them all in the
// same moment as the runtime.

/** The module whose empty list the widget.js build replaces (unbuilt, as in the element tests, it preloads nothing). */
const LIST_MODULE = /\/shared\/widget\/runtime-files\.ts$/;

/**
 * `entryName`: the ESM entry widget.js imports; `popUpModule`: the module of the pop-up's element
 * (the end of its id). Returns two plugins sharing what the first saw: `record` for the ESM
 * build, `inject` for widget.js's build, which must run after it.
 */
export function runtimeFiles({ entryName, popUpModule }) {
  let lists;
  return {
    record: {
      name: 'runtime-files:record',
      generateBundle(_, bundle) {
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === entryName);
        if (!entry) throw new Error(`runtime-files: the ESM build has no entry named ${entryName}`);
        const popUp = Object.values(bundle).find((file) => file.type === 'chunk' && file.moduleIds.some((id) => id.endsWith(popUpModule)));
        if (!popUp) throw new Error(`runtime-files: no chunk holds ${popUpModule}`);
        // `imports` go all the way down: rollup hoists transitive imports (its default).
        const runtime = [entry.fileName, ...entry.imports];
        lists = { RUNTIME_FILES: runtime, POPTIN_FILES: [popUp.fileName, ...popUp.imports].filter((file) => !runtime.includes(file)) };
      },
    },
    inject: {
      name: 'runtime-files:inject',
      load(id) {
        if (!LIST_MODULE.test(id)) return null;
        if (!lists) throw new Error('runtime-files: build the ESM entries before widget.js (rollup.config.mjs lists them first)');
        return Object.entries(lists).map(([name, files]) => `export const ${name} = ${JSON.stringify(files)};\n`).join('');
      },
    },
  };
}
