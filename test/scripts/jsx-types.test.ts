// The typed JSX the build generates from the Custom Elements Manifest (scripts/jsx-types.mjs ->
// components/jsx.d.ts, shipped as `kite-elements/jsx`): a React app's TSX is compiled against it
// with the repo's TypeScript, as an app that installed the package would, and a wrong attribute,
// property, enum value, event detail or ref fails while the right ones pass.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { attributeType } from '../../scripts/jsx-types.mjs';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

/** What an app writes once to get the declarations (README, "React"). */
const USE_TYPES = "import type {} from 'kite-elements/jsx';";

const RIGHT = `${USE_TYPES}
import type { ReactNode } from 'react';
export function Page({ record, children }: { record: object; children: ReactNode }) {
  return (
    <>
      <kite-poptin poptin={record} open client-id="demo" class="promo" className="promo" style={{ margin: 0 }}
        onkite-poptin-show={(event) => event.detail.poptinId.toUpperCase()}
        onkite-poptin-close={(event) => event.detail.submitted === true}
        ref={(element) => void element?.poptin} />
      <kite-lightbox zoom use-alt onkite-lightbox-close={(event) => event.detail.trigger === 'escape'}>{children}</kite-lightbox>
      <kite-player show-poster-when-ended hlsConfig={{ maxBufferLength: 10 }} onkite-player-timeupdate={(event) => event.detail.duration > 0}>
        <video src="/film.webm" />
      </kite-player>
      <kite-fold-section height={150} more="More" />
      <kite-tab-teaser position="left" display-mode="after_close" />
    </>
  );
}
`;

/** Each line marked `// wrong` must fail to compile, and nothing else may. */
const WRONG = `${USE_TYPES}
export const wrong = (
  <>
    <kite-fold-section height="tall" /> {/* wrong */}
    <kite-lightbox zooom /> {/* wrong */}
    <kite-poptin open="yes" /> {/* wrong */}
    <kite-tab-teaser position="top" /> {/* wrong */}
    <kite-poptin onkite-poptin-show={(event) => event.detail.closeTrigger} /> {/* wrong */}
    <kite-player ref={(element: HTMLDivElement | null) => void element} /> {/* wrong */}
    <kite-fold-section height={150} />
  </>
);
`;

const wrongLines = WRONG.split('\n').flatMap((line, index) => (line.includes('{/* wrong */}') ? [index + 1] : []));

/** Runs the repo's tsc on the temporary project; resolves with its output (it exits non-zero on errors). */
function compile(project: string): Promise<string> {
  return new Promise((resolve) => {
    execFile(process.execPath, [TSC, '--noEmit', '--pretty', 'false', '-p', project], { cwd: project }, (_error, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });
}

describe('typed JSX from the manifest (kite-elements/jsx)', () => {
  let project = '';
  let output = '';

  before(async () => {
    project = mkdtempSync(join(tmpdir(), 'kite-jsx-types-'));
    // The app resolves react and the package as it would once installed: the repo's node_modules, and
    // `kite-elements/jsx` through the repo's tsconfig paths (the generated components/jsx.d.ts).
    symlinkSync(join(REPO, 'node_modules'), join(project, 'node_modules'), 'dir');
    writeFileSync(join(project, 'right.tsx'), RIGHT);
    writeFileSync(join(project, 'wrong.tsx'), WRONG);
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({ extends: join(REPO, 'tsconfig.json'), compilerOptions: { types: [] }, include: [], files: ['right.tsx', 'wrong.tsx'] }),
    );
    output = await compile(project);
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  it('compiles the right props, events and refs of kite-poptin, kite-lightbox, kite-player and others', () => {
    assert.deepEqual(output.split('\n').filter((line) => line.startsWith('right.tsx')), []);
  });

  it('fails each wrong attribute type, misspelt attribute, enum value, event detail and ref, and nothing else', () => {
    const failing = new Set([...output.matchAll(/^wrong\.tsx\((\d+),\d+\): error TS\d+/gm)].map((match) => Number(match[1])));
    assert.deepEqual([...failing].sort((a, b) => a - b), wrongLines, output);
    assert.doesNotMatch(output.replace(/^(right|wrong)\.tsx.*$/gm, ''), /error TS/, 'no error outside the two files');
  });

  it("types an attribute from the manifest's words: string, number, boolean, string enumerations; anything else as text", () => {
    assert.equal(attributeType({ type: { text: 'number | undefined' } }), 'number');
    assert.equal(attributeType({ type: { text: 'boolean' } }), 'boolean');
    assert.equal(attributeType({ type: { text: "'left' | 'right'" } }), "'left' | 'right'");
    assert.equal(attributeType({ type: { text: 'Partial<HlsConfig>' } }), 'string');
    assert.equal(attributeType({}), 'string');
  });
});
