// The content-site peers (lightbox and player libraries): installed into the site's temp dir,
// bundled and minified with esbuild, their CSS minified, their icon sprites copied; and the size
// rows that compare them with Kite's element.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KITE_ENTRY, compressedSizes } from '../../sizes.mjs';
import { bytes, cell, ratio } from '../lib/markdown.mjs';
import { firstLine } from '../lib/measure.mjs';
import { PEER_BUNDLE, bundle, bundleBytes, installPeers, minifyCss, versionOf } from '../lib/peers.mjs';

/** Peer packages, pinned by major version (jQuery exactly, as the issue names it). */
const PACKAGES = ['glightbox@3', 'photoswipe@5', 'magnific-popup@1', 'jquery@3.7.1', 'mediaelement@7', 'plyr@3', 'media-chrome@4'];

/**
 * Each peer's files: `js` bundles (esbuild entry source, output name, format) and `css` files from
 * the package, minified by esbuild. `assets` are copied as they are (icon sprites the CSS or the
 * script points at, served from 127.0.0.1 so nothing is fetched from a CDN).
 */
const PEER_BUILDS = {
  glightbox: {
    packages: ['glightbox'],
    js: [{ out: 'glightbox.js', entry: "import GLightbox from 'glightbox'; window.GLightbox = GLightbox;" }],
    css: [{ out: 'glightbox.css', from: 'glightbox/dist/css/glightbox.css' }],
  },
  photoswipe: {
    packages: ['photoswipe'],
    // The lightbox module on the page; the core is imported on the first click (`pswpModule`), as PhotoSwipe documents it.
    js: [
      { out: 'photoswipe-lightbox.js', entry: "export { default } from 'photoswipe/lightbox';", format: 'esm' },
      { out: 'photoswipe.js', entry: "export { default } from 'photoswipe';", format: 'esm' },
    ],
    css: [{ out: 'photoswipe.css', from: 'photoswipe/dist/photoswipe.css' }],
  },
  magnific: {
    packages: ['magnific-popup', 'jquery'],
    js: [
      { out: 'magnific.js', entry: "import jQuery from 'jquery'; window.jQuery = window.$ = jQuery; import 'magnific-popup';" },
      // Only for the size breakdown: Magnific Popup without jQuery.
      { out: 'magnific-alone.js', entry: "import 'magnific-popup';", external: ['jquery'], sizeOnly: true },
    ],
    css: [{ out: 'magnific-popup.css', from: 'magnific-popup/dist/magnific-popup.css' }],
  },
  mediaelement: {
    packages: ['mediaelement'],
    js: [{ out: 'mediaelement.js', entry: "import 'mediaelement/full';" }],
    css: [{ out: 'mediaelementplayer.css', from: 'mediaelement/build/mediaelementplayer.css' }],
    assets: [{ out: 'mejs-controls.svg', from: 'mediaelement/build/mejs-controls.svg' }],
  },
  plyr: {
    packages: ['plyr'],
    js: [{ out: 'plyr.js', entry: "import Plyr from 'plyr'; window.Plyr = Plyr;" }],
    css: [{ out: 'plyr.css', from: 'plyr/dist/plyr.css' }],
    assets: [{ out: 'plyr.svg', from: 'plyr/dist/plyr.svg' }],
  },
  mediaChrome: {
    packages: ['media-chrome'],
    js: [{ out: 'media-chrome.js', entry: "import 'media-chrome';" }],
    css: [],
  },
};

/**
 * Installs and builds every peer into `dir` (its bundles, CSS and assets into `outDir`); resolves
 * per build `{ js: [...sizes], css: [...sizes] }` or `{ error }`, and each package's version.
 */
export async function preparePeers(dir, outDir) {
  const installFailures = await installPeers(dir, PACKAGES, 'the site peers');
  const builds = {};
  for (const [name, spec] of Object.entries(PEER_BUILDS)) {
    const missing = spec.packages.filter((pkg) => installFailures[pkg] || !versionOf(dir, pkg));
    if (missing.length) {
      builds[name] = { error: missing.map((pkg) => installFailures[pkg] ?? `${pkg} is not installed`).join('; ') };
      continue;
    }
    try {
      const js = [];
      for (const script of spec.js) {
        const contents = bundleBytes(await bundle(script.entry, dir, { ...PEER_BUNDLE, format: script.format ?? 'iife', external: script.external ?? [] }));
        if (!script.sizeOnly) writeFileSync(join(outDir, script.out), contents);
        js.push({ out: script.out, sizeOnly: Boolean(script.sizeOnly), ...compressedSizes(contents) });
      }
      const css = [];
      for (const sheet of spec.css) {
        const contents = await minifyCss(readFileSync(join(dir, 'node_modules', sheet.from), 'utf8'));
        writeFileSync(join(outDir, sheet.out), contents);
        css.push({ out: sheet.out, from: sheet.from, ...compressedSizes(contents) });
      }
      for (const asset of spec.assets ?? []) writeFileSync(join(outDir, asset.out), readFileSync(join(dir, 'node_modules', asset.from)));
      builds[name] = { js, css };
    } catch (error) {
      builds[name] = { error: `esbuild: ${firstLine(error)}` };
    }
  }
  for (const [name, build] of Object.entries(builds)) if (build.error) console.log(`bench: site peer ${name} unavailable: ${build.error}`);
  return { builds, version: (pkg) => (pkg ? versionOf(dir, pkg) : null) };
}

/**
 * The contestants of a section (`{ id, label, build?, pkg?, alsoPkg? }`) with their build, their
 * versions and an empty `timing` from `makeTiming()`.
 */
export const contestants = (entries, { builds, version }, makeTiming) =>
  entries.map((entry) => ({
    ...entry,
    version: version(entry.pkg),
    jqueryVersion: version(entry.alsoPkg),
    build: entry.build ? builds[entry.build] : null,
    timing: makeTiming(),
  }));

/** Whether a contestant can be run (Kite, the floor, or a peer that built). */
export const runnable = (entry) => !entry.build?.error;

/** The library with its installed version (Magnific Popup with its jQuery). */
export const nameOf = (entry) => `${entry.label}${entry.version ? ` ${entry.version}` : ''}${entry.jqueryVersion ? ` + jQuery ${entry.jqueryVersion}` : ''}`;

/** Sums the page-loaded JS bundles and the CSS of one build. */
function totals(build) {
  const add = (list) => list.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), { raw: 0, gzip: 0 });
  return { js: add(build.js.filter((file) => !file.sizeOnly)), css: add(build.css) };
}

export function sizeRows(entries, kiteSize) {
  return entries.map((entry) => {
    if (entry.id === 'kite') {
      if (kiteSize.error) return [entry.label, `unavailable: ${cell(kiteSize.error)}`, '', '', '', ''];
      return [entry.label, `${KITE_ENTRY} + the element chunk and its static imports (${kiteSize.files} files)`, `${kiteSize.js.raw} B`, bytes(kiteSize.js.gzip), 'none (styles in the JS)', '1.00x'];
    }
    if (!entry.build) return [entry.label, 'inline script, a few lines', 'n/a', 'n/a', 'n/a', 'n/a'];
    if (entry.build.error) return [nameOf(entry), `unavailable: ${cell(entry.build.error)}`, '', '', '', ''];
    const { js, css } = totals(entry.build);
    const files = entry.build.js.map((file) => `\`${file.out}\`${file.sizeOnly ? ` (alone: ${bytes(file.gzip)})` : ''}`).join(', ');
    return [
      nameOf(entry),
      files,
      `${js.raw} B`,
      bytes(js.gzip),
      entry.build.css.length ? `${bytes(css.gzip)} (min ${css.raw} B)` : 'none (styles in the JS)',
      kiteSize.error ? 'n/a' : ratio(kiteSize.js.gzip, js.gzip),
    ];
  });
}
