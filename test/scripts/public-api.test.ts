/**
 * The public surface of `kite-elements/logic` and `kite-elements/machines` is what docs/api.md
 * documents, no more and no less, and every example there runs as written.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const API_DOC = new URL('../../docs/api.md', import.meta.url);

const ENTRIES = {
  'kite-elements/logic': new URL('../../shared/logic/index.ts', import.meta.url),
  'kite-elements/machines': new URL('../../machines/index.ts', import.meta.url),
} as const;
type Entry = keyof typeof ENTRIES;

/** The names the project's contract fixes (CONTRACT.md) that exist: they stay exported under these names. */
const CONTRACT: Record<Entry, string[]> = {
  'kite-elements/logic': [
    'validateEmail',
    'suggestEmail',
    'validatePhone',
    'slugifyHeading',
    'parseTimeCode',
    'parseVideoUrl',
    'applyDateTags',
    'validateContactField',
  ],
  'kite-elements/machines': [
    'poptinMachine',
    'tabTeaserMachine',
    'widgetMachine',
    'contactFormMachine',
    'foldSectionMachine',
    'lightboxMachine',
    'playerMachine',
    'headerMachine',
    'preloaderMachine',
    'identityLoginMachine',
  ],
};

interface Surface {
  values: string[];
  types: string[];
}

/** One `## \`entry\`` section of the page. */
function sectionOf(doc: string, entry: Entry): string {
  const start = doc.indexOf(`\n## \`${entry}\``);
  assert.ok(start >= 0, `docs/api.md has a section "## \`${entry}\`"`);
  const next = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, next < 0 ? undefined : next);
}

/** What a section documents: a `### \`name...\`` heading per value, `Types:` lines for types. */
function documented(section: string): Surface {
  const values = [...section.matchAll(/^### `([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]!);
  const types = [...section.matchAll(/^Types: (.*)$/gm)].flatMap((match) => [...match[1]!.matchAll(/`([\w$]+)`/g)].map((name) => name[1]!));
  return { values: values.sort(), types: types.sort() };
}

/**
 * What an entry's source exports. The entries only re-export named lists; a star export would
 * make the surface whatever its module holds, so it is refused here.
 */
function exported(source: string): Surface {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const statements = code.match(/^export\b[\s\S]*?;/gm) ?? [];
  const surface: Surface = { values: [], types: [] };
  for (const statement of statements) {
    const list = /^export\s+(type\s+)?\{([^}]*)\}\s*from\s*'[^']+';$/.exec(statement);
    assert.ok(list, `only \`export { ... } from '...'\` lists, not: ${statement}`);
    for (const spec of list[2]!.split(',').map((text) => text.trim()).filter(Boolean)) {
      const isType = Boolean(list[1]) || spec.startsWith('type ');
      const name = spec.replace(/^type\s+/, '').split(/\s+as\s+/).at(-1)!;
      (isType ? surface.types : surface.values).push(name);
    }
  }
  return { values: surface.values.sort(), types: surface.types.sort() };
}

/** `expression; // → value` asserts equality, `expression; // throws Error` a throw; imports point at the sources. */
function runnable(example: string): string {
  const lines = example.split('\n').map((line) => {
    const imported = /^(import .* from )'([^']+)';$/.exec(line);
    if (imported) {
      const specifier = imported[2]!;
      const target = specifier in ENTRIES ? ENTRIES[specifier as Entry].href : import.meta.resolve(specifier);
      return `${imported[1]}'${target}';`;
    }
    const equals = /^(.*);\s*\/\/ → (.*)$/.exec(line);
    if (equals) return `assert.deepStrictEqual(${equals[1]}, ${equals[2]});`;
    const throws = /^(.*);\s*\/\/ throws (\w+)$/.exec(line);
    if (throws) return `assert.throws(() => { ${throws[1]}; }, ${throws[2]});`;
    return line;
  });
  return [`import assert from 'node:assert/strict';`, ...lines].join('\n');
}

const doc = readFileSync(API_DOC, 'utf8');

for (const entry of Object.keys(ENTRIES) as Entry[]) {
  describe(`${entry} is what docs/api.md documents`, () => {
    const section = sectionOf(doc, entry);
    const documentedSurface = documented(section);

    it('exports at run time exactly the documented values', async () => {
      const module: Record<string, unknown> = await import(ENTRIES[entry].href);
      assert.deepEqual(Object.keys(module).sort(), documentedSurface.values);
    });

    it('declares exactly the documented values and types', () => {
      assert.deepEqual(exported(readFileSync(ENTRIES[entry], 'utf8')), documentedSurface);
    });

    it('keeps every name the contract fixes', () => {
      for (const name of CONTRACT[entry]) assert.ok(documentedSurface.values.includes(name), `${name} is documented and exported`);
    });

    const blocks = section.split(/^### /m).slice(1);
    for (const block of blocks) {
      const name = /^`([\w$]+)/.exec(block)?.[1] ?? block.split('\n')[0]!;
      it(`${name}: its example runs and its results hold`, async () => {
        const example = /```js\n([\s\S]*?)```/.exec(block)?.[1];
        assert.ok(example, `${name} has a \`\`\`js example`);
        assert.match(example, /\/\/ (→|throws) /, `${name}'s example shows a result`);
        assert.match(example, new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from '${entry}'`), `${name}'s example imports it from ${entry}`);
        await import(`data:text/javascript,${encodeURIComponent(runnable(example))}`);
      });
    }
  });
}
