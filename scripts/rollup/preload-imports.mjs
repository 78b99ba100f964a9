// An element's chunk imports others (lit, XState, the shared helpers), which the browser finds only
// once it has the chunk: a round trip more after kite.js asks for it, each waiting for the main
// thread, busy with the page's first layout then (issue 17's carousel bench). The entry's dynamic
// imports therefore first add a `<link rel="modulepreload">` for every chunk the target needs
// (its static imports, all the way down), so all of them are fetched and compiled at once.

import { posix, relative, resolve } from 'node:path';

/**
 * The helper each dynamic import of the entry calls with the files its target needs (paths from
 * the entry's folder; gzip takes the repeats): preloads each once, then imports.
 */
const HELPER = '__kitePreload';
const HELPER_CODE = `const ${HELPER}=(()=>{const a=new Set;return(f,i)=>{if(typeof document<"u")for(const p of f){const h=new URL(p,import.meta.url).href;if(!a.has(h)){a.add(h);const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}}return i()}})();`;
/** Stands for a target's file list until the bundle's file names are final. */
const MARK = 'kite-preload-files:';

/**
 * `isEntry(moduleId)`: whether a module is an entry (kite.js, or an element's first chunk) whose
 * dynamic imports preload; `isUnhurried(targetModuleId)`: a target imported as it is, its imports
 * found when it arrives (one round trip more), for one whose page works without it and whose
 * preload's cost at the page's start is not worth that trip.
 */
export const preloadImports = ({ isEntry, isUnhurried = () => false }) => {
  // By its modules, not its facade: a chunk that other chunks import from too (the lightbox's
  // first chunk, which its view imports from) has no facade module.
  const holdsEntry = (chunk) => chunk.moduleIds.some(isEntry);
  return {
    name: 'preload-imports',
    renderDynamicImport({ moduleId, targetModuleId }) {
      if (!isEntry(moduleId) || !targetModuleId || isUnhurried(targetModuleId)) return null;
      // Relative to the project, not absolute: the mark is in the text the chunk's file name is a hash
      // of, and a checkout elsewhere must get the same names.
      return { left: `${HELPER}(${JSON.stringify(MARK + relative(process.cwd(), targetModuleId))},()=>import(`, right: '))' };
    },
    // After terser (listed after it): the helper is written minified already.
    renderChunk(code, chunk) {
      if (!holdsEntry(chunk)) return null;
      // Under a compile hint the chunk starts with (compile-hints.mjs): V8 reads it on the first line.
      const hint = /^\/\/#[^\n]*\n/.exec(code)?.[0] ?? '';
      return { code: `${hint}${HELPER_CODE}${code.slice(hint.length)}`, map: null };
    },
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      // A chunk's `imports` go all the way down: rollup hoists transitive imports (its default).
      const needs = (fileName) => bundle[fileName]?.imports ?? [];
      for (const chunk of chunks) {
        if (!holdsEntry(chunk)) continue;
        // Not what the importing chunk has loaded already, itself included.
        const loaded = new Set([chunk.fileName, ...needs(chunk.fileName)]);
        const folder = posix.dirname(chunk.fileName);
        chunk.code = chunk.code.replace(new RegExp(`"${MARK}((?:[^"\\\\]|\\\\.)+)"`, 'g'), (_, id) => {
          const moduleId = resolve(JSON.parse(`"${id}"`));
          const target = chunks.find((other) => other.moduleIds.includes(moduleId));
          if (!target) throw new Error(`preload-imports: no chunk holds ${moduleId}`);
          // Not the target itself: the import asks for it in the same moment.
          const files = needs(target.fileName).filter((file) => !loaded.has(file));
          return JSON.stringify(files.map((file) => posix.relative(folder, file)).map((path) => (path.startsWith('.') ? path : `./${path}`)));
        });
      }
    },
  };
};
