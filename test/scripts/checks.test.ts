// The lint (.oxlintrc.json), the layering check (scripts/layers.mjs) and the machines' type check
// without the DOM library (machines/tsconfig.json) each fail on a deliberate violation, and pass
// what is allowed beside it. Each runs on a small tree of its own, holding a copy of the repo's
// config and a link to its node_modules, as `npm test` runs them on the repo.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A temp tree with `configs` copied from the repo, node_modules linked, and `files` written. */
function makeTree(configs: string[], files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'kite-checks-'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const [path, text] of [...configs.map((config) => [config, null] as const), ...Object.entries(files)]) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    if (text === null) copyFileSync(join(REPO_ROOT, path), join(root, path));
    else writeFileSync(join(root, path), text);
  }
  return root;
}

function run(command: string, args: string[], cwd: string) {
  const { status, stdout, stderr } = spawnSync(process.execPath, [command, ...args], { cwd, encoding: 'utf8' });
  return { status, output: `${stdout}${stderr}` };
}

describe('lint (oxlint with the React hooks, lit and web-component rules)', () => {
  let root: string;
  let status: number | null;
  let found: { code: string; filename: string }[];
  before(() => {
    root = makeTree(['.oxlintrc.json'], {
      'components/bad/bad.element.ts': [
        "import { html, LitElement } from 'lit';",
        'export class KiteBad extends LitElement {',
        '  value = 1;',
        '  override render() {',
        '    return html`<p .title=${this.value} .title=${this.value}></p><a href="#"class="x">x</a>`;',
        '  }',
        '}',
        '',
      ].join('\n'),
      'components/bad/bad.view.tsx': [
        "import { useEffect, useState } from 'react';",
        'export function BadView({ shown, label }: { shown: boolean; label: string }) {',
        '  if (!shown) return null;',
        '  const [count] = useState(0);',
        '  useEffect(() => console.log(label), []);',
        '  return <p>{count}</p>;',
        '}',
        '',
      ].join('\n'),
      'components/good/good.view.tsx': [
        "import { useEffect, useState } from 'react';",
        'export function GoodView({ shown, label }: { shown: boolean; label: string }) {',
        '  const [count] = useState(0);',
        '  useEffect(() => console.log(label), [label]);',
        '  return shown ? <p>{count}</p> : null;',
        '}',
        '',
      ].join('\n'),
    });
    const result = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules', 'oxlint', 'bin', 'oxlint'), '--format', 'json', '.'], {
      cwd: root,
      encoding: 'utf8',
    });
    status = result.status;
    found = JSON.parse(result.stdout).diagnostics;
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('fails on a lit template with a duplicate binding and invalid HTML (attributes run together)', () => {
    assert.equal(status, 1);
    const element = found.filter((diagnostic) => diagnostic.filename === 'components/bad/bad.element.ts').map((diagnostic) => diagnostic.code);
    assert.ok(element.includes('lit(no-duplicate-template-bindings)'), element.join(', '));
    assert.ok(element.includes('lit(no-invalid-html)'), element.join(', '));
  });

  it('fails on a hook called after an early return and on an effect missing a dependency', () => {
    const view = found.filter((diagnostic) => diagnostic.filename === 'components/bad/bad.view.tsx').map((diagnostic) => diagnostic.code);
    assert.ok(view.includes('react-hooks(rules-of-hooks)'), view.join(', '));
    assert.ok(view.includes('react-hooks(exhaustive-deps)'), view.join(', '));
  });

  it('passes the same view written by the rules', () => {
    assert.deepEqual(found.filter((diagnostic) => diagnostic.filename === 'components/good/good.view.tsx'), []);
  });
});

describe('layering (scripts/layers.mjs)', () => {
  let root: string;
  let result: { status: number | null; output: string };
  before(() => {
    root = makeTree(['.oxlintrc.json'], {
      'components/menu/menu.element.ts': 'export const MENU_TAG = "kite-menu";\n',
      'shared/dom/scroll.ts': 'export const scrollTop = () => 0;\n',
      'shared/logic/pure.ts': 'export const double = (value: number) => value * 2;\n',
      // Two violations...
      'machines/menu/menu.machine.ts': "import { MENU_TAG } from '../../components/menu/menu.element.ts';\nexport const id = MENU_TAG;\n",
      'shared/logic/bad.ts': "export const load = () => import('../../components/menu/menu.element.ts');\n",
      // ...and what is allowed beside them.
      'machines/toc/toc.machine.ts': "import { double } from '../../shared/logic/pure.ts';\nexport const twice = double(2);\n",
      'components/menu/menu.view.ts': "import { scrollTop } from '../../shared/dom/scroll.ts';\nexport const top = scrollTop();\n",
    });
    result = run(join(REPO_ROOT, 'scripts', 'layers.mjs'), [root], REPO_ROOT);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('fails the rule a machine breaks by importing a view, naming the file, line and import', () => {
    assert.equal(result.status, 1, result.output);
    assert.match(
      result.output,
      /^FAIL Layering: machines\/ imports nothing from components\/.*\n {2}machines\/menu\/menu\.machine\.ts:1: '\.\.\/\.\.\/components\/menu\/menu\.element\.ts'/m,
    );
  });

  it('fails the rule shared/ breaks by importing a view, dynamic imports included', () => {
    assert.match(result.output, /^FAIL Layering: shared\/ imports nothing from components\/.*\n {2}shared\/logic\/bad\.ts:1:/m);
  });

  it('passes the other rules, with the allowed imports unreported, and ends with the counts', () => {
    assert.match(result.output, /^PASS Layering: machines\/ imports nothing from shared\/dom\//m);
    assert.doesNotMatch(result.output, /toc\.machine\.ts|menu\.view\.ts/);
    assert.match(result.output, /^3 passed, 2 failed$/m);
  });
});

describe('machines without the DOM library (machines/tsconfig.json)', () => {
  let root: string;
  let result: { status: number | null; output: string };
  before(() => {
    root = makeTree(['tsconfig.json', 'machines/tsconfig.json', 'machines/portable-globals.d.ts'], {
      'machines/bad/bad.machine.ts': 'export const title = () => document.title;\n',
      // URL and timers are no DOM: every runtime has them.
      'machines/good/good.machine.ts': [
        "export const host = (address: string) => new URL(address, 'https://example.com/').hostname;",
        'export const later = (done: () => void) => clearTimeout(setTimeout(done, 1));',
        '',
      ].join('\n'),
    });
    result = run(join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), ['--noEmit', '--pretty', 'false', '-p', join('machines', 'tsconfig.json')], root);
  });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('fails a machine that reads the document', () => {
    assert.equal(result.status, 1, result.output);
    assert.match(result.output, /machines\/bad\/bad\.machine\.ts\(1,28\): error TS\d+: Cannot find name 'document'/);
  });

  it('passes a machine using URL and timers', () => {
    assert.doesNotMatch(result.output, /good\.machine\.ts/);
  });
});
