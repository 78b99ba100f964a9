// Element tests in real headless Chromium. TypeScript and TSX go through esbuild; React's
// CommonJS packages are pre-bundled once into ES modules (toolchain pitfall 1), one instance for all.
import { defaultReporter } from '@web/test-runner';
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { a11ySnapshotPlugin } from '@web/test-runner-commands/plugins';
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { findChromium, CHROMIUM_ARGS } from './scripts/chromium.mjs';
import { referenceServer } from './scripts/reference-server.mjs';

const COMMONJS_PACKAGES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  // The element tests' fake clock (test/components/helpers.ts).
  '@sinonjs/fake-timers',
];
/** As in rollup.config.mjs: React's own useSyncExternalStore, and our selector helper on top of it. */
const SHIM = 'use-sync-external-store/shim';
const SELECTOR_SHIM = 'use-sync-external-store/shim/with-selector';
const SELECTED_STORE = '/shared/dom/use-selected-store.ts';
const PREFIX = '/__cjs__/';
/** Where React is resolved from: the React the package bundles (rollup.config.mjs), not the demo apps' own. */
const RENDERER_DIR = new URL('shared/react-renderer/', import.meta.url).pathname;
const fileOf = (specifier) => specifier.replaceAll('/', '__') + '.js';

let bundled;
async function prebundle() {
  bundled ??= (async () => {
    const entries = {};
    // Named exports are read in a child process: the test runner wraps this process's console,
    // which React's development build trips over at import time.
    const namesBySpecifier = JSON.parse(
      execFileSync(process.execPath, [
        '--input-type=module',
        '-e',
        `const out = {}; for (const s of ${JSON.stringify(COMMONJS_PACKAGES)}) out[s] = Object.keys(await import(s)); console.log(JSON.stringify(out));`,
      ], { cwd: RENDERER_DIR }).toString(),
    );
    entries[SHIM] = `import * as React from 'react'; export const useSyncExternalStore = React.useSyncExternalStore;`;
    for (const specifier of COMMONJS_PACKAGES) {
      // Re-export every named export, so `import { createRoot } from 'react-dom/client'` works.
      const names = namesBySpecifier[specifier].filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
      entries[specifier] =
        `import * as m from '${specifier}'; export default (m.default ?? m);` +
        (names.length ? `export const { ${names.join(', ')} } = (m.default ?? m);` : '');
    }
    const result = await build({
      stdin: undefined,
      entryPoints: Object.keys(entries).map((specifier) => ({ in: `virtual:${specifier}`, out: fileOf(specifier).slice(0, -3) })),
      plugins: [
        {
          name: 'virtual-entries',
          setup(b) {
            b.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path.slice(8), namespace: 'virtual' }));
            b.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({ contents: entries[args.path], resolveDir: RENDERER_DIR }));
          },
        },
      ],
      bundle: true,
      splitting: true,
      format: 'esm',
      write: false,
      outdir: '/cjs',
      // Node built-ins fake-timers asks for only under Node (behind a `process` check): never loaded in the page.
      external: ['util', 'timers', 'timers/promises', 'perf_hooks'],
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'silent',
    });
    return new Map(result.outputFiles.map((file) => [file.path.replace('/cjs/', ''), file.text]));
  })();
  return bundled;
}

const reactPrebundle = {
  name: 'react-prebundle',
  resolveImport({ source }) {
    if (COMMONJS_PACKAGES.includes(source) || source === SHIM) return PREFIX + fileOf(source);
    if (source === SELECTOR_SHIM) return SELECTED_STORE;
  },
  async serve(context) {
    if (!context.path.startsWith(PREFIX)) return;
    const files = await prebundle();
    const body = files.get(context.path.slice(PREFIX.length));
    if (body !== undefined) return { body, type: 'js' };
  },
};

/**
 * `?hold=key` on any address: the answer waits until the test says `release-hold` with that key
 * (the `release-hold` command), as a slow server's would, for as long as the test needs to look at
 * the loading state. A hold nobody releases ends after this long, so a failed test leaves no
 * request hanging into the next.
 */
const HOLD_LIMIT_MS = 60_000;
const holds = new Map();
/** The hold named `key`, made by whichever comes first: the request or its release. */
function holdOf(key) {
  let hold = holds.get(key);
  if (!hold) {
    let release;
    const released = new Promise((resolve) => (release = resolve));
    hold = { released, release };
    holds.set(key, hold);
  }
  return hold;
}
async function held(context, next) {
  const key = context.query.hold;
  if (typeof key === 'string' && key) {
    let limit;
    await Promise.race([holdOf(key).released, new Promise((resolve) => (limit = setTimeout(resolve, HOLD_LIMIT_MS).unref()))]);
    clearTimeout(limit);
  }
  return next();
}
const holdPlugin = {
  name: 'release-hold-command',
  executeCommand({ command, payload }) {
    if (command !== 'release-hold') return;
    holdOf(payload.key).release();
    return true;
  },
};

/**
 * `touch` command: real touch input through the DevTools protocol, as a finger on a touch screen
 * gives it (the element tests' touch emulation): `{ from: [x, y], to: [x, y] }` drags one finger
 * in a few moves. The browser treats it as a finger would: a vertical drag scrolls the page.
 */
const TOUCH_MOVES = 5;
const touchPlugin = {
  name: 'touch-command',
  async executeCommand({ command, payload, session }) {
    if (command !== 'touch') return;
    const cdp = await session.browser.getPage(session.id).createCDPSession();
    try {
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
      const [x0, y0] = payload.from;
      const [x1, y1] = payload.to;
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
      for (let step = 1; step <= TOUCH_MOVES; step++) {
        const share = step / TOUCH_MOVES;
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + (x1 - x0) * share, y: y0 + (y1 - y0) * share }] });
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      return true;
    } finally {
      await cdp.detach();
    }
  },
};

// The real reference server, once per run; the pages reach it same-origin through the proxy.
const reference = referenceServer();

/** Whether a suite's result holds any test: a session cut short reports none. */
const holdsTests = (suite) => Boolean(suite && (suite.tests.length > 0 || suite.suites.some(holdsTests)));

/**
 * Written to the file `KITE_WTR_INTERRUPTED` names, as JSON: `cutShort`, the test files whose
 * browser page ended before it reported a single test (the renderer crashed, hung, or went away),
 * which scripts/test.mjs runs once more; `failedOtherwise`, how many other files failed.
 */
const interruptedFiles = (path) => ({
  onTestRunFinished({ sessions }) {
    const failed = sessions.filter((session) => !session.passed);
    const cutShort = failed.filter((session) => !holdsTests(session.testResults));
    writeFileSync(
      path,
      JSON.stringify({ cutShort: cutShort.map((session) => relative(process.cwd(), session.testFile)), failedOtherwise: failed.length - cutShort.length }),
    );
  },
});

export default {
  // The elements, and the shared code that needs a page (scripts/test.mjs runs the other test/shared folders in node).
  // A surface's `*.node.test.ts` (its pure connect) runs in node: scripts/test.mjs.
  files: ['test/components/**/*.test.{ts,tsx}', '!test/components/**/*.node.test.ts', 'test/shared/{dom,effects,i18n}/**/*.test.{ts,tsx}'],
  middleware: [held, reference.proxy],
  nodeResolve: { exportConditions: ['production'] },
  // One page at a time: focus and real key presses must not race between test files.
  concurrency: 1,
  testFramework: { config: { timeout: 10000 } },
  // a11ySnapshot: what assistive technology is given (the browser's accessibility tree), not only what is painted.
  plugins: [reference.plugin, reactPrebundle, touchPlugin, holdPlugin, a11ySnapshotPlugin(), esbuildPlugin({ ts: true, tsx: true, jsx: 'automatic', target: 'es2022', tsconfig: 'tsconfig.json' })],
  reporters: [defaultReporter(), ...(process.env.KITE_WTR_INTERRUPTED ? [interruptedFiles(process.env.KITE_WTR_INTERRUPTED)] : [])],
  browsers: [chromeLauncher({ launchOptions: { executablePath: findChromium(), headless: true, args: CHROMIUM_ARGS } })],
};
