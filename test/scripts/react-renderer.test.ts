// The elements render with the React of shared/react-renderer (React 18), while the repository's
// types and the demo apps are React 19's: a name only React 19 exports (`use`, `useActionState`…)
// would type-check and be undefined in the browser. Every value our shipped code imports from
// React must be one the bundled React exports (test/package/bundled-react.test.ts: the build
// bundles that React).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RENDERER = join(REPO_ROOT, 'shared/react-renderer/package.json');
const bundledReact = createRequire(RENDERER);

const REACT_MODULE = String.raw`'(react|react-dom|react-dom\/client|react\/jsx-runtime)'`;
/** Named imports and re-exports: `import { a, type B } from 'react'`, `export { a } from 'react'`. */
const REACT_NAMES = new RegExp(String.raw`(?:import|export)\s+\{([^}]*)\}\s+from\s+${REACT_MODULE}`, 'g');
/** A default or namespace import (`import React from`, `import * as React from`): its members cannot be checked here. */
const REACT_WHOLE = new RegExp(String.raw`import\s+(?!type\b)(?:\*\s+as\s+)?[A-Za-z_$][\w$]*\s*(?:,[^;]*)?from\s+${REACT_MODULE}`, 'g');

/** `path: name from 'module'` for each value imported from React that `react` (a require) does not export. */
function reactImportsMissingFrom(react: NodeRequire, sources: Array<{ path: string; text: string }>): string[] {
  return sources.flatMap(({ path, text }) => [
    ...[...text.matchAll(REACT_WHOLE)].map(([, module]) => `${path}: all of '${module}' (import the names instead)`),
    ...[...text.matchAll(REACT_NAMES)].flatMap(([, names, module]) => {
      const exported = react(module!) as Record<string, unknown>;
      return names!
        .split(',')
        .map((name) => name.trim().split(/\s+as\s+/)[0]!)
        .filter((name) => name && !name.startsWith('type ') && !(name in exported))
        .map((name) => `${path}: ${name} from '${module}'`);
    }),
  ]);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(REPO_ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path) && !path.endsWith('.d.ts') && !path.split('/').includes('node_modules'))
    .map((path) => join(folder, path));
}

describe('the React the elements bundle', () => {
  it('exports every value that components/ and shared/ import from React', () => {
    const sources = ['components', 'shared'].flatMap(sourceFiles).map((path) => ({ path, text: readFileSync(join(REPO_ROOT, path), 'utf8') }));
    assert.ok(sources.length > 100, `read ${sources.length} source files`);
    assert.deepEqual(reactImportsMissingFrom(bundledReact, sources), []);
  });

  it('finds a React 19 name the bundled React lacks, imported or re-exported, and a whole-module import; passes types and its own names', () => {
    const sources = [
      { path: 'a.tsx', text: "import { useActionState, useState, type ReactNode } from 'react';\nimport { createRoot } from 'react-dom/client';" },
      { path: 'b.tsx', text: "import type { RefObject } from 'react';\nimport { preinit } from 'react-dom';" },
      { path: 'c.ts', text: "export { use } from 'react';\nimport * as React from 'react';\nimport type Types from 'react';" },
    ];
    assert.deepEqual(reactImportsMissingFrom(bundledReact, sources), [
      "a.tsx: useActionState from 'react'",
      "b.tsx: preinit from 'react-dom'",
      "c.ts: all of 'react' (import the names instead)",
      "c.ts: use from 'react'",
    ]);
  });
});
