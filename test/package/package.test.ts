// The package as an integrator gets it: `npm pack` of the built dist/, installed into an empty
// TypeScript project, compiled strictly without skipLibCheck, and run in Node. Needs dist/ (the
// build step of `npm test` runs before this suite).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const TSC = join(REPO, 'node_modules', '.bin', 'tsc');
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** What only the repo needs (building, testing, the demo): none of it may reach an integrator's node_modules. */
const BUILD_ONLY = ['react', 'react-dom', '@r2wc/react-to-web-component', '@xstate/react', 'hls.js', 'libphonenumber-js', 'dompurify', 'typescript', 'rollup'];

/** An integrator's TypeScript: every entry, the elements' types, and a machine driven as a tester would. */
const CONSUMER_SOURCE = `
import { loadElement, rememberLanguage } from 'kite-elements';
import { foldSectionMachine } from 'kite-elements/machines';
import { validateEmail } from 'kite-elements/logic';
import { createPkce, IdentityError } from 'kite-elements/identity';
import { createActor, SimulatedClock } from 'xstate';

export async function page(): Promise<void> {
  await loadElement('kite-lightbox');
  const lightbox = document.querySelector('kite-lightbox');
  if (lightbox) lightbox.zoom = true;
  const poptin = document.createElement('kite-poptin');
  poptin.clientId = 'client-1';
  document.querySelector('kite-player')?.hls?.currentLevel;
  await rememberLanguage('he');
  await createPkce();
}

export function tester(): string {
  const fold = createActor(foldSectionMachine, { clock: new SimulatedClock(), input: { height: 120, nested: false, complete: true } }).start();
  fold.send({ type: 'TOGGLE' });
  const valid: boolean = validateEmail('owner@example.com').valid;
  return String(fold.getSnapshot().value) + ' ' + String(valid) + ' ' + String(IdentityError.name);
}
`;

/** The same tester, as JavaScript run by Node against the installed package. */
const CONSUMER_RUN = `
import { createActor, SimulatedClock } from 'xstate';
import { foldSectionMachine } from 'kite-elements/machines';
import { validateEmail } from 'kite-elements/logic';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
// A theme's build reads which files to name ahead of kite.js (README "Naming an element's files ahead").
const listed = createRequire(import.meta.url).resolve('kite-elements/element-files.json');
const sliderFiles = JSON.parse(readFileSync(listed, 'utf8'))['kite-slider'];
const fold = createActor(foldSectionMachine, { clock: new SimulatedClock(), input: { height: 120, nested: false, complete: true } }).start();
fold.send({ type: 'TOGGLE' });
console.log(JSON.stringify({
  unfolded: fold.getSnapshot().matches('unfolded'),
  email: validateEmail('owner@example.com').valid,
  sliderFilesThere: sliderFiles.length > 0 && sliderFiles.every((file) => existsSync(join(dirname(listed), file))),
}));
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
  },
  files: ['main.ts'],
};

describe('the package, installed into an empty TypeScript project', () => {
  let project: string;
  let tarball: string;

  before(() => {
    assert.ok(existsSync(join(REPO, 'dist', 'kite.js')), 'dist/ is built (npm run build)');
    project = mkdtempSync(join(tmpdir(), 'kite-consumer-'));
    // dist/ is fresh from the build step: packing skips `prepack` (the build again).
    const [packed] = JSON.parse(execFileSync(NPM, ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: REPO, encoding: 'utf8' })) as Array<{ filename: string; files: Array<{ path: string }> }>;
    tarball = packed!.filename;
    writeFileSync(join(project, 'packed-files.json'), JSON.stringify(packed!.files.map((file) => file.path)));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'integrator', private: true, type: 'module', dependencies: { [manifest.name]: `file:./${tarball}` } }));
    // From npm's cache when it has them (CI's `npm ci` filled it), else from the registry.
    execFileSync(NPM, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: project, stdio: 'pipe' });
    writeFileSync(join(project, 'main.ts'), CONSUMER_SOURCE);
    writeFileSync(join(project, 'run.mjs'), CONSUMER_RUN);
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG));
  });
  after(() => rmSync(project, { recursive: true, force: true }));

  test('the tarball holds dist/, the README and the LICENSE, and no sources or tests', () => {
    const files = JSON.parse(readFileSync(join(project, 'packed-files.json'), 'utf8')) as string[];
    for (const needed of ['LICENSE', 'README.md', 'package.json', 'dist/kite.js', 'dist/widget.js', 'dist/machines.js', 'dist/logic.js', 'dist/identity.js', 'dist/custom-elements.json', 'dist/types/components/index.d.ts']) {
      assert.ok(files.includes(needed), `${needed} is packed`);
    }
    assert.deepEqual(files.filter((file) => !file.startsWith('dist/') && !['LICENSE', 'README.md', 'package.json'].includes(file)), []);
  });

  test('nothing runs from dependencies: dist/ is self-contained, and only the peers whose types it names (lit, xstate) are installed beside it', () => {
    assert.equal(manifest.dependencies, undefined, 'no runtime dependencies');
    assert.deepEqual(Object.keys(manifest.peerDependencies ?? {}).sort(), ['lit', 'xstate']);
    const installed = readdirSync(join(project, 'node_modules')).flatMap((name) =>
      name.startsWith('@') ? readdirSync(join(project, 'node_modules', name)).map((inner) => `${name}/${inner}`) : [name],
    );
    for (const name of BUILD_ONLY) assert.ok(!installed.includes(name), `${name} is not installed`);
    for (const name of ['kite-elements', 'lit', 'xstate']) assert.ok(installed.includes(name), `${name} is installed`);
  });

  test('an integrator\'s code using every entry compiles with strict checks and without skipLibCheck', () => {
    try {
      execFileSync(process.execPath, [TSC, '-p', project], { cwd: project, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      assert.fail(`tsc failed:\n${stdout ?? ''}${stderr ?? ''}`);
    }
  });

  test('a tester drives a machine and a helper from the installed package in Node, and a theme\'s build finds the element files', () => {
    const output = execFileSync(process.execPath, ['run.mjs'], { cwd: project, encoding: 'utf8' });
    assert.deepEqual(JSON.parse(output), { unfolded: true, email: true, sliderFilesThere: true });
  });
});
