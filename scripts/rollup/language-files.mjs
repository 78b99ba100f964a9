// Every language is one file, shared/i18n/languages/<code>.ts: its direction and one set of
// messages per area (widget, owner, blocks, site). This rollup plugin is what keeps it one file:
// - Each area imports its own English statically. Rollup never splits a module between chunks, so
//   each such import is pointed at its own copy of the file, named after what it imports
//   (`en.ts?names=site`): tree-shaking keeps just those exports, and each chunk carries only its
//   area's English.
// - The other languages are fetched by code (`import(`./languages/${lang}.ts`)` in
//   shared/i18n/translate.ts), which browsers and node resolve as written; here it becomes a
//   lookup in the files the folder holds, so each file is a chunk and nothing lists them.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { transform } from 'esbuild';

const NAMES = '?names=';
const LANGUAGES_DIR = 'languages';
const LANGUAGE_FILE = /^([a-z]{2,3})\.ts$/;
/** English is in every chunk that needs it (the static imports above), never fetched. */
const BUILT_IN = 'en';
const STATIC_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])([^"']*\/languages\/[a-z]{2,3}\.ts)\2/g;
const DYNAMIC_IMPORT = /import\(\s*`\.\/languages\/\$\{(\w+)\}\.ts`\s*\)/;

/** `widget as en, direction` → `direction,widget`: the same names give the same copy. */
const importedNames = (list) =>
  list
    .split(',')
    .map((entry) => entry.trim().split(/\s+as\s+/)[0])
    .filter(Boolean)
    .sort()
    .join(',');

/** The codes of the language files in `dir`, English excepted. */
function languageCodes(dir) {
  return readdirSync(dir)
    .map((file) => LANGUAGE_FILE.exec(file)?.[1])
    .filter((code) => code && code !== BUILT_IN)
    .sort();
}

/** The fetch by code over `codes`; an unknown code rejects, as a missing file would. */
function languageLookup(variable, codes) {
  const loaders = codes.map((code) => `${JSON.stringify(code)}: () => import(${JSON.stringify(`./${LANGUAGES_DIR}/${code}.ts`)})`);
  return `(({ ${loaders.join(', ')} })[${variable}]?.() ?? Promise.reject())`;
}

export const languageFiles = () => ({
  name: 'language-files',
  async resolveId(source, importer, options) {
    const at = source.indexOf(NAMES);
    if (at < 0) return null;
    const resolved = await this.resolve(source.slice(0, at), importer, { ...options, skipSelf: true });
    return resolved && `${resolved.id}${source.slice(at)}`;
  },
  async load(id) {
    const at = id.indexOf(NAMES);
    if (at < 0) return null;
    return (await transform(readFileSync(id.slice(0, at), 'utf8'), { loader: 'ts', format: 'esm' })).code;
  },
  transform: {
    // After the TypeScript compile: type-only imports are gone, and the code is plain JavaScript.
    order: 'post',
    handler(code, id) {
      let changed = false;
      let out = code.replace(STATIC_IMPORT, (_whole, names, quote, path) => {
        changed = true;
        return `import {${names}} from ${quote}${path}${NAMES}${importedNames(names)}${quote}`;
      });
      const dynamic = DYNAMIC_IMPORT.exec(out);
      if (dynamic) {
        out = out.replace(dynamic[0], languageLookup(dynamic[1], languageCodes(join(dirname(id), LANGUAGES_DIR))));
        changed = true;
      } else if (out.includes(`import(\`./${LANGUAGES_DIR}/`)) {
        this.error('A language file is fetched in a form this plugin does not read: write import(`./languages/${code}.ts`).');
      }
      return changed ? { code: out, map: null } : null;
    },
  },
});
