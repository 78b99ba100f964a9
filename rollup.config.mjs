// Two builds. The ESM build holds the public entries and the lazy chunks they share (React,
// XState, each surface); the classic-script build is widget.js, the site owner's tiny loader,
// which imports `widget-runtime.js` from its own directory only when there is a pop-up to run.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';
import { minifyStyles } from './scripts/rollup/minify-styles.mjs';
import { languageFiles } from './scripts/rollup/language-files.mjs';
import { compileHints } from './scripts/rollup/compile-hints.mjs';
import { preloadImports } from './scripts/rollup/preload-imports.mjs';
import { runtimeFiles } from './scripts/rollup/runtime-files.mjs';
import { fileURLToPath } from 'node:url';

/**
 * @xstate/react imports the React 16/17 polyfills of useSyncExternalStore (CommonJS); React 18+
 * has the hook built in, and shared/dom/use-selected-store.ts is the selector helper on top of it.
 * The element tests resolve the same way (web-test-runner.config.mjs).
 */
const BUILT_IN_HOOK = '\0react-use-sync-external-store';
const SELECTED_STORE = fileURLToPath(new URL('shared/dom/use-selected-store.ts', import.meta.url));
const reactBuiltIns = {
  name: 'react-built-ins',
  resolveId(source) {
    if (source === 'use-sync-external-store/shim') return BUILT_IN_HOOK;
    if (source === 'use-sync-external-store/shim/with-selector') return SELECTED_STORE;
    return null;
  },
  load(id) {
    return id === BUILT_IN_HOOK ? "export { useSyncExternalStore } from 'react';" : null;
  },
};

/**
 * The React our surfaces render with: the `shared/react-renderer` workspace's (React 18), not the
 * root's React 19, which is the demo apps' own, as any app that uses the elements brings its own.
 * Every import of React, from our code or from r2wc and @xstate/react, resolves there.
 */
const RENDERER = fileURLToPath(new URL('shared/react-renderer/package.json', import.meta.url));
const REACT_PACKAGES = /^(react|react-dom|scheduler)(\/|$)/;
const bundledReact = {
  name: 'bundled-react',
  resolveId(source, _importer, options) {
    // The options carry the commonjs plugin's marks (a require, an import), which its interop needs.
    return REACT_PACKAGES.test(source) ? this.resolve(source, RENDERER, { ...options, skipSelf: true }) : null;
  },
};

/**
 * Code a surface runs as it starts and on its first use: compiled ahead, off the main thread
 * (scripts/rollup/compile-hints.mjs). Not the libraries and helpers loaded for one case.
 */
const RUNS_EARLY = [
  /node_modules\/(react|react-dom|scheduler|xstate|@xstate\/react|@r2wc\/[^/]+)\//,
  /\/(components|machines)\/[^/]+\/[^/]+\.(element|view|machine)\.tsx?$/,
  /\/shared\/dom\//,
];
/**
 * Not the lightbox's first chunk: it runs as a gallery page starts, but most of it (the stand-in
 * dialog, the key and press bridge) only on a first click before React, if ever; compiled ahead
 * it cost the page's start more than it saved that click.
 */
const RUNS_LATE = /\/components\/lightbox\/lightbox\.element\.ts$/;

const plugins = () => [
  reactBuiltIns,
  languageFiles(),
  minifyStyles(),
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
  nodeResolve({ browser: true, exportConditions: ['production'], extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
  commonjs(),
  esbuild({ target: 'es2020', jsx: 'automatic', tsconfig: 'tsconfig.json', loaders: { '.ts': 'ts', '.tsx': 'tsx' } }),
  terser({ format: { comments: false }, compress: { passes: 2 } }),
  compileHints({ runsEarly: (id) => !RUNS_LATE.test(id) && RUNS_EARLY.some((pattern) => pattern.test(id)) }),
];

const WIDGET_SHARED = [
  '/shared/constants/widget.ts',
  // Shared with the other field kinds' chunk: left to rollup they join it, and bring it (and the
  // date, number and redirect code it imports) to every pop-up.
  '/shared/constants/form-keys.ts',
  '/components/poptin/form/problem.ts',
  '/shared/storage/',
  // Not the content blocks' schemas (blocks.schema.ts, poptin-record.complete.ts): fetched only
  // for a record that has content blocks.
  ...['validate', 'blocks', 'poptin-record.schema'].map((name) => `/shared/schema/${name}.ts`),
  // Not display-call.ts: only the start makes the display call.
  // Not poptin-calls.ts: the viewed and closed calls travel with the lead's code (the outbox chunk).
  ...['url', 'outbox', 'outbox-pending'].map((name) => `/shared/api/${name}.ts`),
  // Not start.ts and visit.ts (widget.js has started already when it loads the pop-up's code),
  // nor preview.ts (the banner only site owners see), nor session.ts (the run's cookie upkeep,
  // which nothing on screen waits for).
  ...['admit', 'global'].map((name) => `/shared/widget/${name}.ts`),
  '/shared/effects/effects.ts',
  // Not the email, name and phone rules: the form-checks chunk, after the pop-up's first frame.
  '/shared/logic/layout.ts',
];

/** Modules of the `site-shared` chunk (see manualChunks). Not the visually-hidden rule: the pop-up uses it too, so it is in `common`. */
// Not the swipe machine (the post-nav's and the slider's): it imports XState, which the lightbox's
// first chunk, importing this one, must not bring to a page that has not used the lightbox yet.
const SITE_SHARED = /\/(shared\/dom\/(dom-writes|page-classes|enhance-controller|images|scroll-position|smooth-scroll|frame-loop|breakpoints)|shared\/logic\/(page-classes|easing|swipe)|shared\/i18n\/site)\.ts$/;

/** The demo's React app, built beside the demo pages (scripts/build.mjs checks it is there). */
export const DEMO_REACT_APP = 'demo/public/app/react-app.js';
/** The owner dashboard (/admin), built the same way. */
export const DASHBOARD_APP = 'demo/public/app/dashboard.js';

const onwarn = (warning, warn) => {
  if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('node_modules'))) return;
  warn(warning);
};

/** The names of the runtime's and the pop-up's chunks, handed from the ESM build to widget.js's, which runs after it. */
const widgetRuntimeFiles = runtimeFiles({ entryName: 'widget-runtime', popUpModule: '/components/poptin/poptin.element.ts' });

/**
 * Modules whose dynamic imports preload all their target needs at once: kite.js (an element and
 * what it imports), the lightbox's first chunk (the rest of the lightbox on first intent), the
 * widget's element (a pop-up's code with React) and the records' admission (the content blocks'
 * schemas, which every pop-up of the run waits for). Not the pop-up's own: what it imports late
 * (the outbox, the focus trap) needs nothing it has not loaded already.
 */
const PRELOADING = /\/(components\/(index|lightbox\/lightbox\.element|widget\/widget\.element)|shared\/widget\/admit)\.ts$/;
/**
 * Imported by kite.js without a preload: the lightbox's first chunk. Its links work without it, and
 * the seven `<link rel="modulepreload">` it would add cost a gallery page's start about 1 ms of
 * main-thread script (4 ms at 4x CPU; issue 22, item 5) to save one round trip a visitor does not wait for.
 */
const UNHURRIED = /\/components\/lightbox\/lightbox\.element\.ts$/;

export default [
  {
    input: {
      kite: 'components/index.ts',
      machines: 'machines/index.ts',
      logic: 'shared/logic/index.ts',
      identity: 'shared/identity/index.ts',
      'widget-runtime': 'components/widget/widget.runtime.ts',
    },
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      // Every browser we support runs ES2015+: arrow functions and const in rollup's own glue.
      generatedCode: 'es2015',
      chunkFileNames: 'chunks/[name]-[hash].js',
      // Named vendor chunks: readable in a network panel, and cached across our releases.
      manualChunks(id) {
        if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
        // The bridge every React surface mounts through (r2wc, @xstate/react and our wrappers of
        // them) joins React: no surface loads one without the other, and one text compresses better.
        if (/node_modules\/(@r2wc\/|@xstate\/react\/|use-isomorphic-layout-effect\/)/.test(id) || /\/shared\/dom\/(react-element|react-view|use-kite-events|use-selected-store|lazy-view)\.ts$/.test(id)) return 'react';
        if (/node_modules\/xstate\//.test(id)) return 'xstate';
        // The page's watch (the triggers' listeners) travels in the runtime's file: every run with
        // pop-ups loads both at once, and as one text they compress some 350 B better (issue 22).
        if (/\/components\/widget\/(widget\.runtime|watch)\.ts$/.test(id)) return 'widget-runtime';
        // Lazy chunks of the lead form and the outbox (issue 5), named and checked before the
        // shared chunk, so the shared/ files they hold are fetched only when a pop-up needs them:
        // the phone library only for an international phone field, the other field kinds only for
        // a form that has one, the domain-list check only in business mode, and the outbox once a
        // form shows or a lead waits from an earlier page.
        if (/node_modules\/libphonenumber-js\//.test(id) || id.includes('/shared/logic/phone-international.ts')) return 'phone-library';
        const outbox = ['/shared/api/outbox-core.ts', '/shared/api/outbox-store.ts', '/shared/api/conversion-code.ts', '/shared/constants/outbox.ts', '/components/poptin/poptin.lead.ts', '/components/poptin/poptin.stats.ts', '/shared/api/poptin-calls.ts'];
        if (outbox.some((path) => id.includes(path))) return 'outbox';
        // The redirect itself, fetched by what follows one (the lead's code, a game's play, a cart's or
        // a product card's add); the address checks, which the schemas run on every record's buttons, apart.
        if (/\/shared\/(widget|constants)\/redirect\.ts$/.test(id)) return 'redirect';
        if (/\/shared\/logic\/(redirect|button-url)\.ts$/.test(id)) return 'redirect-url';
        // The countdown's date checks travel with the content blocks' schemas, which run them on
        // every record with content blocks: one file fewer for each (issue 22, item 1).
        if (/\/shared\/(schema\/blocks\.schema|logic\/timer-dates)\.ts$/.test(id)) return 'blocks.schema';
        // Named, so that chunk does not take in the spec numbers it imports: the pure entries, the
        // cart watch and the site's elements import these, and would fetch the schemas with them.
        // The content blocks' and the games' numbers in one file: the schemas import both.
        if (/\/shared\/constants\/(content|gamified)\.ts$/.test(id)) return 'content';
        if (id.endsWith('/shared/constants/products.ts')) return 'products';
        if (id.includes('/components/poptin/form/business-email.ts') || id.includes('/shared/logic/email-domains.ts')) return 'business-email';
        // The field kinds' pure helpers, in a chunk of their own: left to rollup they join the
        // form-fields chunk, and kite-elements/logic would import React through it.
        if (/\/shared\/logic\/(date|number|website)\.ts$/.test(id)) return 'field-logic';
        if (id.includes('/components/poptin/form/fields')) return 'form-fields';
        // The core fields' checks a submit runs (and the email's typo suggestion), fetched after the
        // pop-up's first frame (issue 22): named, or rollup splits them over small shared chunks.
        if (id.includes('/components/poptin/form/core-checks.ts') || /\/shared\/logic\/(email|name|phone)\.ts$/.test(id)) return 'form-checks';
        // What the widget needs at start and the pop-up shares, in one file instead of a dozen
        // small ones: fewer requests, and gzip does better on one larger text.
        if (WIDGET_SHARED.some((path) => id.includes(path))) return 'widget-shared';
        // The widget's and the pop-up's machines in one chunk: every pop-up shown runs both, and as
        // one text they compress some 400 B better than two (the same XState config words twice).
        if (/\/machines\/(widget|poptin)\//.test(id)) return 'widget-machines';
        // The few small modules every surface uses (the events helper, the widget's English
        // messages, the reduced-motion query, defineElement, adoptStyles, the frame helpers) in one small chunk, so a
        // site element does not pull in the widget's code with them; other languages than English are chunks of their own, fetched on their pages.
        // The small helpers the site elements share, in one chunk: a slider fetched 14 files, half of
        // them under 500 B, six at a time over HTTP/1.1 (issue 17's carousel bench). Not the ones the
        // pop-up's lazy chunks import too (reduced-motion-change, focus-trap, scroll-lock), nor the
        // spec constants, which the pure `kite-elements/machines` entry imports.
        if (SITE_SHARED.test(id)) return 'site-shared';
        if (id.endsWith('/machines/swipe/swipe.machine.ts')) return 'swipe';
        // Their English messages stay a data chunk of their own (no compile hint; rollup would fold them into site-shared).
        if (id.endsWith('/shared/i18n/languages/en.ts?names=site')) return 'en';
        if (/\/shared\/i18n\/(index|translate|languages\/en\.ts\?names=widget)(\.ts)?$/.test(id) || /\/shared\/dom\/(events|reduced-motion|define-element|adopt-styles|visually-hidden|next-frame)\.ts$/.test(id)) return 'common';
      },
    },
    plugins: [bundledReact, ...plugins(), preloadImports({ isEntry: (id) => PRELOADING.test(id), isUnhurried: (id) => UNHURRIED.test(id) }), widgetRuntimeFiles.record],
    onwarn,
  },
  {
    input: 'components/widget/widget.loader.ts',
    output: { file: 'dist/widget.js', format: 'iife' },
    plugins: [widgetRuntimeFiles.inject, ...plugins()],
    onwarn,
  },
  // The demo's React app (demo/public/react.html), not part of the package: it uses the package as an
  // app that installed it does, `kite-elements` being the build the server serves at /kite/.
  {
    input: 'demo/react-app/main.tsx',
    external: ['kite-elements'],
    output: { file: DEMO_REACT_APP, format: 'es', paths: { 'kite-elements': '/kite/kite.js' } },
    plugins: plugins(),
    onwarn,
  },
  // The owner dashboard (demo/public/admin.html, served at /admin): a React app over the owner
  // API; its live preview is the served package's own `kite-poptin`.
  {
    input: 'demo/dashboard/main.tsx',
    external: ['kite-elements'],
    output: { file: DASHBOARD_APP, format: 'es', paths: { 'kite-elements': '/kite/kite.js' } },
    plugins: plugins(),
    onwarn,
  },
];
