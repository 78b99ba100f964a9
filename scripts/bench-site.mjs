// The content-site rows of `npm run bench` (issue 6, "Measure, side by side in one run"): the
// lightbox and the media player against the libraries a CMS theme would otherwise use, each on
// the same page, the same images and the same video, in one Chromium, in this run.
//
//   lightbox  click on a thumbnail -> the full image painted opaque at its final size, fresh visitor
//             per run, normal CPU and 4x slower; script time while the page starts; min+gzip of each
//             library's JS and CSS.
//             kite-lightbox (the demo gallery page), GLightbox, PhotoSwipe 5 (its lightbox module),
//             Magnific Popup with jQuery 3.7.1, and a bare <dialog> with an <img> (the floor).
//   player    click on the play button -> the video's first frame (requestVideoFrameCallback);
//             min+gzip. kite-player, MediaElement.js, Plyr, media-chrome, and a bare <video> (floor).
//
// The peers are installed into a temp dir (never the project) with `npm install --prefix`, bundled
// and minified with esbuild, and served with the pages from a small static server on 127.0.0.1;
// the browser resolves no other host. Everything started here is stopped in `finally`, and also
// registered with `onCleanup` so the bench's watchdog can stop it.
//
// Used by scripts/bench.mjs: `const site = await benchSite({ runs, tmpDir, log, onCleanup })`
// returns `{ markdown, notes, chromiumVersion }`.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';
import { startBenchServer } from './bench-server.mjs';
import { chunkOfModule, compressedSizes, kb, measureDist, readChunkGraph, staticClosure, sumSizes } from './sizes.mjs';

const DEMO_PUBLIC = 'demo/public';
const DIST = 'dist';
/** The modules whose chunks (with their static imports, and the `kite.js` autoloader) a page fetches. */
const KITE_MODULES = { lightbox: 'components/lightbox/lightbox.element.ts', player: 'components/player/player.element.ts' };
const KITE_LOADER = 'kite.js';

const VIEWPORT = { width: 1280, height: 800 };

const LIMIT = {
  NPM_INSTALL_MS: 3 * 60_000,
  PAGE_MS: 20_000,
  /** From the click to the image painted, or to the first video frame. */
  SHOW_MS: 10_000,
  /** After the image first shows, how long the open effect may run before the run fails (no final size to time against). */
  SETTLE_MS: 3_000,
};

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

/** The lightbox contestants, in report order; `build` names the peer build, none for Kite and the floor. */
const LIGHTBOXES = [
  { id: 'kite', label: 'kite-lightbox' },
  { id: 'glightbox', label: 'GLightbox', build: 'glightbox', pkg: 'glightbox' },
  { id: 'photoswipe', label: 'PhotoSwipe (lightbox module)', build: 'photoswipe', pkg: 'photoswipe' },
  { id: 'magnific', label: 'Magnific Popup', build: 'magnific', pkg: 'magnific-popup', alsoPkg: 'jquery' },
  { id: 'dialog', label: 'bare `<dialog>` + `<img>` (floor)' },
];
const PLAYERS = [
  { id: 'kite', label: 'kite-player' },
  { id: 'mediaelement', label: 'MediaElement.js', build: 'mediaelement', pkg: 'mediaelement' },
  { id: 'plyr', label: 'Plyr', build: 'plyr', pkg: 'plyr' },
  { id: 'mediaChrome', label: 'media-chrome', build: 'mediaChrome', pkg: 'media-chrome' },
  { id: 'video', label: 'bare `<video>` + a play button (floor)' },
];

// ---------------------------------------------------------------------------------------------
// Small helpers (the bench's own are not exported: it is a script)

function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}
const median = (values) => percentile(values, 50);
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');
const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}x` : 'n/a');
const bytes = (value) => (Number.isFinite(value) ? `${value} B (${kb(value)})` : 'n/a');
const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(headers, rows) {
  const isFigure = (text) => text === '' || text === 'n/a' || /^\**\d/.test(text);
  const align = headers.map((_, column) => (column > 0 && rows.every((row) => isFigure(String(row[column]))) ? '---:' : '---'));
  return [`| ${headers.join(' | ')} |`, `| ${align.join(' | ')} |`, ...rows.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

function run(command, args, { timeoutMs, cwd } = {}) {
  return new Promise((done) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    child.on('error', (error) => done({ code: 1, output: `${output}${error.message}` }));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? 1, output: signal ? `${output}\n(killed: ${signal}, limit ${timeoutMs / 1000} s)` : output });
    });
  });
}

/** The first lines of npm's error, without its warnings and the pointer to its log file. */
const npmError = (text, n = 2) =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.trim() && !/^npm warn/i.test(line) && !/complete log of this run/i.test(line))
    .slice(0, n)
    .join(' ');

// ---------------------------------------------------------------------------------------------
// Peers: install, bundle, size

async function installPeers(dir, log) {
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = (specs) => ['install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...specs];
  log(`bench: installing the site peers into ${dir} (${PACKAGES.join(', ')})`);
  const all = await run(npm, args(PACKAGES), { timeoutMs: LIMIT.NPM_INSTALL_MS });
  const failures = {};
  if (all.code !== 0) {
    // One bad package fails the whole install: try each alone to find it, then install the others
    // together (an install with --no-save removes what an earlier one put there).
    log(`bench: the site peers' install failed (${npmError(all.output)}); trying each package alone`);
    for (const spec of PACKAGES) {
      const one = await run(npm, args([spec]), { timeoutMs: LIMIT.NPM_INSTALL_MS });
      if (one.code !== 0) failures[spec.replace(/@[^@]*$/, '')] = `npm install ${spec} failed: ${npmError(one.output)}`;
    }
    const good = PACKAGES.filter((spec) => !failures[spec.replace(/@[^@]*$/, '')]);
    if (good.length) {
      const rest = await run(npm, args(good), { timeoutMs: LIMIT.NPM_INSTALL_MS });
      if (rest.code !== 0) for (const spec of good) failures[spec.replace(/@[^@]*$/, '')] = `npm install failed: ${npmError(rest.output)}`;
    }
  }
  return failures;
}

const versionOf = (dir, pkg) => {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
};

/** Bundles and minifies every peer into `outDir`; returns per build `{ js: [...sizes], css: [...sizes] }` or `{ error }`. */
async function buildPeers(dir, outDir, installFailures) {
  const { build, transform } = await import('esbuild');
  const builds = {};
  for (const [name, spec] of Object.entries(PEER_BUILDS)) {
    const missing = spec.packages.filter((pkg) => installFailures[pkg] || !versionOf(dir, pkg));
    if (missing.length) {
      builds[name] = { error: missing.map((pkg) => installFailures[pkg] ?? `${pkg} is not installed`).join('; ') };
      continue;
    }
    try {
      const js = [];
      for (const bundle of spec.js) {
        const result = await build({
          stdin: { contents: bundle.entry, resolveDir: dir, loader: 'js' },
          bundle: true,
          minify: true,
          format: bundle.format ?? 'iife',
          target: 'es2020',
          write: false,
          logLevel: 'silent',
          external: bundle.external ?? [],
          define: { 'process.env.NODE_ENV': '"production"' },
        });
        const contents = Buffer.from(result.outputFiles[0].contents);
        if (!bundle.sizeOnly) writeFileSync(join(outDir, bundle.out), contents);
        js.push({ out: bundle.out, sizeOnly: Boolean(bundle.sizeOnly), ...compressedSizes(contents) });
      }
      const css = [];
      for (const sheet of spec.css) {
        const source = readFileSync(join(dir, 'node_modules', sheet.from), 'utf8');
        const result = await transform(source, { loader: 'css', minify: true, logLevel: 'silent' });
        const contents = Buffer.from(result.code);
        writeFileSync(join(outDir, sheet.out), contents);
        css.push({ out: sheet.out, from: sheet.from, ...compressedSizes(contents) });
      }
      for (const asset of spec.assets ?? []) writeFileSync(join(outDir, asset.out), readFileSync(join(dir, 'node_modules', asset.from)));
      builds[name] = { js, css };
    } catch (error) {
      builds[name] = { error: `esbuild: ${error.message.split('\n')[0]}` };
    }
  }
  return builds;
}

/** Sums the page-loaded JS bundles and the CSS of one build. */
function totals(build) {
  const add = (list) => list.reduce((sum, file) => ({ raw: sum.raw + file.raw, gzip: sum.gzip + file.gzip }), { raw: 0, gzip: 0 });
  return { js: add(build.js.filter((file) => !file.sizeOnly)), css: add(build.css) };
}

/** Kite's JS for one element: the autoloader and the element chunk's static-import closure. */
function kiteSizes(moduleId) {
  const graph = readChunkGraph();
  if (!graph) return { error: 'no dist/chunk-graph.json (run `npm run build`)' };
  const chunk = chunkOfModule(graph, moduleId);
  if (!chunk) return { error: `no chunk holds ${moduleId}` };
  const closure = staticClosure(graph, chunk.fileName);
  const files = new Set([KITE_LOADER, ...closure]);
  const sum = sumSizes(measureDist(), files);
  if (sum.absent.length) return { error: `missing from dist: ${sum.absent.join(', ')}` };
  // What the element itself may import later (the autoloader's own dynamic imports are the other elements).
  const dynamic = graph.filter((other) => closure.has(other.fileName)).flatMap((other) => other.dynamicImports ?? []);
  return { js: { raw: sum.raw, gzip: sum.gzip }, css: null, files: files.size, dynamic: [...new Set(dynamic)].filter((file) => !files.has(file)) };
}

// ---------------------------------------------------------------------------------------------
// Pages

const galleryHtml = () => readFileSync(join(DEMO_PUBLIC, 'gallery.html'), 'utf8');
const KITE_SCRIPT = '<script type="module" src="/kite/kite.js"></script>';

/** Pixel size of each gallery image, from its SVG root (PhotoSwipe needs it on the link). */
function imageSize(href) {
  const file = join(DEMO_PUBLIC, href.replace(/^\//, ''));
  const svg = readFileSync(file, 'utf8').slice(0, 400);
  const width = Number(/\bwidth="(\d+)"/.exec(svg)?.[1]);
  const height = Number(/\bheight="(\d+)"/.exec(svg)?.[1]);
  if (!width || !height) throw new Error(`no width and height on ${file}`);
  return { width, height };
}

/**
 * The demo gallery page as a peer sees it: the same markup, styles and 20 images, the
 * `kite-lightbox` wrappers turned into plain `div`s and Kite's script replaced by the peer's.
 */
function peerGalleryPage({ head, tail, linkAttributes }) {
  let html = galleryHtml();
  if (!html.includes(KITE_SCRIPT)) throw new Error('demo/public/gallery.html no longer loads /kite/kite.js as expected');
  html = html.replace(KITE_SCRIPT, head).replace(/<kite-lightbox>/g, '<div class="bench-lightbox">').replace(/<\/kite-lightbox>/g, '</div>');
  if (linkAttributes) html = html.replace(/<a href="(\/media\/gallery\/[^"]+)"/g, (match, href) => `${match} ${linkAttributes(href)}`);
  return html.replace('</body>', `${tail}\n</body>`);
}

function lightboxPages() {
  const ready = 'window.__benchReady = true;';
  return {
    kite: galleryHtml(),
    glightbox: peerGalleryPage({
      head: '<link rel="stylesheet" href="/peers/glightbox.css" /><script src="/peers/glightbox.js"></script>',
      tail: `<script>window.__glightbox = GLightbox({ selector: '.products a' }); ${ready}</script>`,
    }),
    photoswipe: peerGalleryPage({
      head: '<link rel="stylesheet" href="/peers/photoswipe.css" />',
      tail:
        "<script type=\"module\">import PhotoSwipeLightbox from '/peers/photoswipe-lightbox.js';" +
        "const lightbox = new PhotoSwipeLightbox({ gallery: '.products', children: 'a', pswpModule: () => import('/peers/photoswipe.js') });" +
        `lightbox.init(); window.__pswpLightbox = lightbox; ${ready}</script>`,
      linkAttributes: (href) => {
        const { width, height } = imageSize(href);
        return `data-pswp-width="${width}" data-pswp-height="${height}"`;
      },
    }),
    magnific: peerGalleryPage({
      head: '<link rel="stylesheet" href="/peers/magnific-popup.css" /><script src="/peers/magnific.js"></script>',
      tail: `<script>jQuery('.products').magnificPopup({ delegate: 'a', type: 'image', gallery: { enabled: true } }); ${ready}</script>`,
    }),
    dialog: peerGalleryPage({
      head:
        '<style>#bench-dialog{padding:0;border:0;background:transparent;max-width:90vw;max-height:90vh}' +
        '#bench-dialog::backdrop{background:rgb(11 11 11 / .9)}#bench-dialog img{display:block;max-width:90vw;max-height:90vh;width:auto;height:auto}</style>',
      tail:
        '<dialog id="bench-dialog" aria-label="Photo"><img alt="" /></dialog><script>' +
        "const dialog = document.getElementById('bench-dialog'); const image = dialog.querySelector('img');" +
        "document.querySelector('.products').addEventListener('click', (event) => { const link = event.target.closest('a'); if (!link) return;" +
        "event.preventDefault(); image.src = link.href; image.alt = link.querySelector('img')?.alt ?? ''; dialog.showModal(); });" +
        "dialog.addEventListener('click', (event) => { if (event.target === dialog) dialog.close(); });" +
        `${ready}</script>`,
    }),
  };
}

/** The film from the demo video page, with or without the `controls` attribute and with extra attributes. */
function filmMarkup({ controls = true, attributes = '' } = {}) {
  const html = readFileSync(join(DEMO_PUBLIC, 'media.html'), 'utf8');
  const video = /<video\b[\s\S]*?<\/video>/.exec(html)?.[0];
  if (!video) throw new Error('demo/public/media.html has no <video>');
  let open = video.slice(0, video.indexOf('>'));
  if (!controls) open = open.replace(/\scontrols\b/, '');
  return `${open}${attributes ? ` ${attributes}` : ''}${video.slice(video.indexOf('>'))}`;
}

function playerPage(title, head, body, tail = '') {
  return (
    '<!doctype html>\n<html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />' +
    `<title>${title}</title><link rel="icon" href="data:," /><link rel="stylesheet" href="/site.css" />${head}</head>` +
    `<body><main class="page"><article><h1>See the Aero 2 fly</h1>${body}</article></main>${tail}</body></html>\n`
  );
}

function playerPages() {
  const ready = 'window.__benchReady = true;';
  return {
    kite: playerPage('kite-player', KITE_SCRIPT, `<kite-player show-poster-when-ended>${filmMarkup()}</kite-player>`),
    mediaelement: playerPage(
      'MediaElement.js',
      '<link rel="stylesheet" href="/peers/mediaelementplayer.css" /><script src="/peers/mediaelement.js"></script>',
      filmMarkup({ attributes: 'id="bench-video"' }),
      `<script>new MediaElementPlayer('bench-video', { iconSprite: '/peers/mejs-controls.svg', success: () => { ${ready} } });</script>`,
    ),
    plyr: playerPage(
      'Plyr',
      '<link rel="stylesheet" href="/peers/plyr.css" /><script src="/peers/plyr.js"></script>',
      filmMarkup({ attributes: 'id="bench-video"' }),
      // Its sprite and blank video from this server, not its CDN.
      `<script>const player = new Plyr('#bench-video', { iconUrl: '/peers/plyr.svg', blankVideo: '/peers/blank.webm' }); player.on('ready', () => { ${ready} });</script>`,
    ),
    mediaChrome: playerPage(
      'media-chrome',
      '<script src="/peers/media-chrome.js"></script>',
      '<media-controller style="width:480px;aspect-ratio:16/9">' +
        filmMarkup({ controls: false, attributes: 'slot="media" style="width:100%;height:100%"' }) +
        '<media-loading-indicator slot="centered-chrome" noautohide></media-loading-indicator>' +
        '<media-control-bar><media-play-button></media-play-button><media-time-range></media-time-range><media-time-display showduration></media-time-display>' +
        '<media-mute-button></media-mute-button><media-volume-range></media-volume-range><media-captions-button></media-captions-button>' +
        '<media-fullscreen-button></media-fullscreen-button></media-control-bar></media-controller>',
      "<script>Promise.all(['media-controller', 'media-play-button'].map((tag) => customElements.whenDefined(tag))).then(() => { " + ready + ' });</script>',
    ),
    video: playerPage(
      'bare video',
      '',
      `${filmMarkup({ controls: false, attributes: 'id="bench-video"' })}<p><button id="bench-play" type="button">Play</button></p>`,
      `<script>document.getElementById('bench-play').addEventListener('click', () => document.getElementById('bench-video').play()); ${ready}</script>`,
    ),
  };
}

/** `/kite/` from dist, `/peers/` and `/pages/` from the temp dir, the rest from demo/public. */
const startStaticServer = (siteDir) =>
  startBenchServer({
    roots: [
      ['/kite/', DIST],
      ['/peers/', join(siteDir, 'peers')],
      ['/pages/', join(siteDir, 'pages')],
      ['/', DEMO_PUBLIC],
    ],
  });

// ---------------------------------------------------------------------------------------------
// Probes, installed before any page script

/**
 * From the click on a thumbnail (the `click` event's timestamp, seen first by a capturing listener
 * on window) each animation frame records whether the full image is on show: the clicked link's
 * address loaded (`complete`, `naturalWidth`, `currentSrc`), with a box inside the viewport,
 * neither it nor the lightbox hidden (`checkVisibility` with opacity and visibility), and opaque
 * (the product of its own and every ancestor's computed opacity, across shadow roots, is 1), with
 * the size of its box (transforms included). "Settled" is the first frame in which that holds and
 * no finite animation runs in the document (the open effect over). "Visible" is the frame after the
 * first one from which the image stayed on show at its settled size (that one has been painted by
 * then): a fade or a zoom counts once it has ended, for every library alike.
 */
function lightboxProbe({ kind, showMs, settleMs }) {
  const bench = (window.__siteBench = { clickAt: null, visibleAt: null, settledAt: null, placeholderAt: null, error: null });
  const parts = () => {
    if (kind === 'kite') {
      const root = document.querySelector('kite-lightbox')?.shadowRoot;
      return {
        container: root?.querySelector('[part="dialog"]'),
        image: root?.querySelector('img[part="image"]'),
        placeholder: root?.querySelector('img[part="placeholder"]'),
      };
    }
    if (kind === 'glightbox') {
      const container = document.querySelector('.glightbox-container');
      return { container, image: container?.querySelector('.gslide.current img') };
    }
    if (kind === 'photoswipe') {
      // Its zoom starts from a placeholder (the thumbnail, scaled): timed on its own, not as the full image.
      const pswp = window.__pswpLightbox?.pswp;
      const slide = pswp?.currSlide?.container;
      return {
        container: pswp?.element,
        image: slide?.querySelector('img.pswp__img:not(.pswp__img--placeholder)'),
        placeholder: slide?.querySelector('img.pswp__img--placeholder'),
      };
    }
    if (kind === 'magnific') {
      const container = document.querySelector('.mfp-wrap');
      return { container, image: container?.querySelector('img.mfp-img') };
    }
    const dialog = document.getElementById('bench-dialog');
    return { container: dialog?.open ? dialog : null, image: dialog?.querySelector('img') };
  };
  const shown = (element) => {
    if (!element?.isConnected) return false;
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth) return false;
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  // The opacity the element is painted with: its own times its ancestors' in the flat tree (a fading lightbox fades its image).
  const opacity = (element) => {
    let product = 1;
    for (let node = element; node; node = node.assignedSlot ?? node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null))
      product *= Number(getComputedStyle(node).opacity);
    return product;
  };
  const running = (animation) =>
    (animation.pending || animation.playState === 'running') && Number.isFinite(animation.effect?.getComputedTiming().endTime);
  // Animations in the document and in the lightbox's shadow root (document.getAnimations() leaves shadow trees out).
  const animating = (container) => {
    const root = container?.getRootNode();
    return [...document.getAnimations(), ...(root instanceof ShadowRoot ? root.getAnimations() : [])].some(running);
  };
  addEventListener(
    'click',
    (event) => {
      // The visitor's click only: a library may dispatch clicks of its own while it starts.
      if (!event.isTrusted || bench.clickAt !== null) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      bench.clickAt = event.timeStamp;
      const href = link?.href;
      /** One entry per frame: its time, whether the full image was on show, and its box's size. */
      const frames = [];
      const frame = () => {
        const now = performance.now();
        if (bench.settledAt !== null) {
          // The frame after the settled one: every frame up to the settled one has been painted.
          frames.push({ at: now });
          const final = frames.at(-2);
          let first = frames.length - 2;
          while (first > 0 && frames[first - 1].onShow && Math.abs(frames[first - 1].width - final.width) < 0.5 && Math.abs(frames[first - 1].height - final.height) < 0.5)
            first -= 1;
          bench.visibleAt = frames[first + 1].at;
          return;
        }
        const { container, image, placeholder } = parts();
        if (bench.placeholderAt === null && placeholder?.complete && shown(placeholder) && shown(container)) bench.placeholderAt = now;
        const onShow = Boolean(
          image && container && image.complete && image.naturalWidth > 0 && image.currentSrc === href && shown(image) && shown(container) && opacity(image) > 0.999,
        );
        const box = onShow ? image.getBoundingClientRect() : null;
        frames.push({ at: now, onShow, width: box?.width, height: box?.height });
        const firstOnShow = frames.find((entry) => entry.onShow);
        if (onShow && !animating(container)) bench.settledAt = now;
        else if (!firstOnShow && now - bench.clickAt > showMs) {
          bench.error = `no full image of ${href} on show ${showMs} ms after the click`;
          return;
        } else if (firstOnShow && now - firstOnShow.at > settleMs) {
          bench.error = `the image of ${href} did not settle within ${settleMs} ms`;
          return;
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    true,
  );
}

/**
 * From the click on the play button to the first video frame handed to the compositor after it
 * while the video plays (`requestVideoFrameCallback`, asked for in the capturing click listener so
 * an earlier frame cannot answer), and the `playing` event for reference.
 */
function playerProbe() {
  const bench = (window.__siteBench = { clickAt: null, frameAt: null, playingAt: null, mediaTime: null });
  addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || bench.clickAt !== null) return;
      bench.clickAt = event.timeStamp;
      const video = document.querySelector('video');
      // A frame presented while still paused (a player reloading the media, say) is not playback.
      const onFrame = (now, metadata) => {
        if (video.paused) {
          video.requestVideoFrameCallback(onFrame);
          return;
        }
        bench.frameAt = performance.now();
        bench.mediaTime = metadata.mediaTime;
      };
      video.requestVideoFrameCallback(onFrame);
      video.addEventListener('playing', () => (bench.playingAt ??= performance.now()), { once: true });
    },
    true,
  );
}

/** Page expressions: the library has started (its click handlers are on), and where to click. */
const LIGHTBOX_READY = {
  kite: () => Boolean(document.querySelector('kite-lightbox a[aria-haspopup="dialog"]')),
  other: () => window.__benchReady === true,
};
/** Each player's play button, as a page expression. */
const PLAY_TARGET = {
  kite: `document.querySelector('kite-player')?.shadowRoot?.querySelector('[part="big-play-button"]')`,
  mediaelement: `document.querySelector('.mejs__overlay-button')`,
  plyr: `document.querySelector('.plyr__control--overlaid')`,
  mediaChrome: `document.querySelector('media-play-button')`,
  video: `document.getElementById('bench-play')`,
};

// ---------------------------------------------------------------------------------------------
// Runs

async function scriptSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? NaN;
}

/** A fresh visitor (new context: no cookies, storage or cache), CPU-throttled when `slowdown` > 1, script time counted; motion as asked. */
async function freshPage(browser, slowdown, { reducedMotion = 'no-preference' } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (slowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Performance.enable');
  return { context, page, cdp };
}

/** Waits for a page condition, then for two more frames and a quiet task, so start-up work is done before the click. */
async function settle(page, condition, arg) {
  await page.waitForFunction(condition, arg, { timeout: LIMIT.PAGE_MS, polling: 50 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))));
}

async function lightboxRun(browser, url, kind, { slowdown, reducedMotion }) {
  const { context, page, cdp } = await freshPage(browser, slowdown, { reducedMotion });
  try {
    await page.addInitScript(lightboxProbe, { kind, showMs: LIMIT.SHOW_MS, settleMs: LIMIT.SETTLE_MS });
    const before = await scriptSeconds(cdp);
    await page.goto(url, { timeout: LIMIT.PAGE_MS, waitUntil: 'load' });
    await settle(page, kind === 'kite' ? LIGHTBOX_READY.kite : LIGHTBOX_READY.other);
    const started = await scriptSeconds(cdp);
    const thumb = page.locator('.products li:first-child a img');
    const box = await thumb.boundingBox({ timeout: LIMIT.PAGE_MS });
    if (!box) throw new Error('the first thumbnail has no box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForFunction(() => window.__siteBench.error || window.__siteBench.visibleAt !== null, null, {
      timeout: LIMIT.SHOW_MS + LIMIT.SETTLE_MS + 5_000,
      polling: 50,
    });
    const after = await scriptSeconds(cdp);
    const data = await page.evaluate(() => window.__siteBench);
    if (data.error) throw new Error(data.error);
    return {
      visibleMs: data.visibleAt - data.clickAt,
      settledMs: data.settledAt - data.clickAt,
      placeholderMs: data.placeholderAt === null ? NaN : data.placeholderAt - data.clickAt,
      startScriptMs: (started - before) * 1000,
      clickScriptMs: (after - started) * 1000,
    };
  } finally {
    await context.close();
  }
}

async function playerRun(browser, url, kind) {
  const { context, page, cdp } = await freshPage(browser, 1);
  try {
    await page.addInitScript(playerProbe);
    const before = await scriptSeconds(cdp);
    await page.goto(url, { timeout: LIMIT.PAGE_MS, waitUntil: 'load' });
    // Started, its play button there, and the film's metadata loaded, so each player starts from the same point.
    const started = kind === 'kite' ? 'true' : 'window.__benchReady === true';
    await settle(page, `${started} && document.querySelector('video')?.readyState >= 1 && Boolean(${PLAY_TARGET[kind]})`);
    const startScript = await scriptSeconds(cdp);
    const box = await page.evaluate(`(() => { const rect = (${PLAY_TARGET[kind]}).getBoundingClientRect(); return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }; })()`);
    await page.mouse.click(box.x, box.y);
    await page.waitForFunction(() => window.__siteBench.frameAt !== null, null, { timeout: LIMIT.SHOW_MS, polling: 50 });
    const data = await page.evaluate(() => window.__siteBench);
    return {
      frameMs: data.frameAt - data.clickAt,
      playingMs: data.playingAt === null ? NaN : data.playingAt - data.clickAt,
      startScriptMs: (startScript - before) * 1000,
    };
  } finally {
    await context.close();
  }
}

/** Records a run's result or its first error line. */
async function record(bucket, label, once) {
  try {
    bucket.results.push(await once());
  } catch (error) {
    const message = error.message.split('\n')[0];
    if (!bucket.errors.length) console.log(`bench: ${label}: ${message}`);
    bucket.errors.push(message);
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Runs the content-site comparison and returns `{ markdown, notes, chromiumVersion }`.
 * `tmpDir` must exist; the peers are installed in a folder inside it (the caller removes it).
 * `budgetMs` bounds the timed runs: past it the remaining runs are skipped and the report says so.
 */
export async function benchSite({ runs = 20, tmpDir, log = console.log, onCleanup = () => {}, cpuSlowdown = 4, budgetMs = 15 * 60_000 }) {
  const notes = [];
  const siteDir = join(tmpDir, 'site');
  for (const sub of ['peers', 'pages']) mkdirSync(join(siteDir, sub), { recursive: true });
  const stops = [];
  const stop = async () => {
    while (stops.length) await stops.pop()().catch(() => {});
  };
  onCleanup(stop);

  try {
    const installFailures = await installPeers(siteDir, log);
    const builds = await buildPeers(siteDir, join(siteDir, 'peers'), installFailures);
    for (const [name, build] of Object.entries(builds)) if (build.error) log(`bench: site peer ${name} unavailable: ${build.error}`);
    const version = (pkg) => (pkg ? versionOf(siteDir, pkg) : null);

    const pages = {};
    for (const [group, make] of [['lightbox', lightboxPages], ['player', playerPages]]) {
      for (const [kind, html] of Object.entries(make())) {
        const file = `${group}-${kind}.html`;
        writeFileSync(join(siteDir, 'pages', file), html);
        pages[`${group}:${kind}`] = file;
      }
    }

    const server = await startStaticServer(siteDir);
    stops.push(server.close);
    log(`bench: site pages on ${server.url}`);

    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath: findChromium(),
      // Nothing but 127.0.0.1 resolves: a library reaching for its CDN fails instead of leaving the machine.
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1'],
      timeout: LIMIT.PAGE_MS,
    });
    stops.push(() => browser.close());
    const chromiumVersion = browser.version();
    const pageUrl = (group, kind) => new URL(`pages/${pages[`${group}:${kind}`]}`, server.url).href;
    const deadline = Date.now() + budgetMs;
    let skipped = 0;

    // Lightbox: the contestants in turn within each round, so a busy moment of the machine hits them all alike.
    // Normal CPU, slower CPU, and Kite alone with `prefers-reduced-motion: reduce` (it then opens without any fade).
    const variants = [
      { key: 'fast', slowdown: 1 },
      { key: 'slow', slowdown: cpuSlowdown },
      { key: 'reduced', slowdown: 1, reducedMotion: 'reduce', only: 'kite' },
    ];
    const lightboxes = LIGHTBOXES.map((entry) => ({
      ...entry,
      version: version(entry.pkg),
      jqueryVersion: version(entry.alsoPkg),
      build: entry.build ? builds[entry.build] : null,
      timing: Object.fromEntries(variants.map((variant) => [variant.key, { results: [], errors: [] }])),
    }));
    const runnable = (entry) => !entry.build?.error;
    log(`bench: lightbox click to image, ${runs} rounds (normal CPU, ${cpuSlowdown}x slower, and Kite with reduced motion)`);
    for (let round = 0; round < runs; round += 1) {
      for (const variant of variants) {
        for (const entry of lightboxes.filter((candidate) => runnable(candidate) && (!variant.only || variant.only === candidate.id))) {
          if (Date.now() > deadline) {
            skipped += 1;
            continue;
          }
          await record(entry.timing[variant.key], `lightbox ${entry.id} (${variant.key})`, () => lightboxRun(browser, pageUrl('lightbox', entry.id), entry.id, variant));
        }
      }
    }
    for (const entry of lightboxes.filter(runnable)) {
      const own = variants.filter((variant) => !variant.only || variant.only === entry.id);
      log(`bench: lightbox ${entry.id}: ${own.map((variant) => `${entry.timing[variant.key].results.length}/${runs} ${variant.key}`).join(', ')}`);
    }

    const players = PLAYERS.map((entry) => ({ ...entry, version: version(entry.pkg), build: entry.build ? builds[entry.build] : null, timing: { results: [], errors: [] } }));
    log(`bench: player play to first frame, ${runs} rounds`);
    for (let round = 0; round < runs; round += 1) {
      for (const entry of players.filter(runnable)) {
        if (Date.now() > deadline) {
          skipped += 1;
          continue;
        }
        await record(entry.timing, `player ${entry.id}`, () => playerRun(browser, pageUrl('player', entry.id), entry.id));
      }
    }
    for (const entry of players.filter(runnable)) log(`bench: player ${entry.id}: ${entry.timing.results.length}/${runs} runs`);
    if (skipped) notes.push(`Site rows: the time budget (${budgetMs / 60_000} min) ran out; ${skipped} timed runs were skipped (see the run counts).`);

    const markdown = renderSite({ runs, cpuSlowdown, lightboxes, players, kite: { lightbox: kiteSizes(KITE_MODULES.lightbox), player: kiteSizes(KITE_MODULES.player) }, notes });
    return { markdown, notes, chromiumVersion };
  } finally {
    await stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

/** The library with its installed version (Magnific Popup with its jQuery). */
const nameOf = (entry) => `${entry.label}${entry.version ? ` ${entry.version}` : ''}${entry.jqueryVersion ? ` + jQuery ${entry.jqueryVersion}` : ''}`;

function sizeRows(entries, kiteSize) {
  return entries.map((entry) => {
    if (entry.id === 'kite') {
      if (kiteSize.error) return [entry.label, `unavailable: ${cell(kiteSize.error)}`, '', '', '', ''];
      return [entry.label, `${KITE_LOADER} + the element chunk and its static imports (${kiteSize.files} files)`, `${kiteSize.js.raw} B`, bytes(kiteSize.js.gzip), 'none (styles in the JS)', '1.00x'];
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

function renderSite({ runs, cpuSlowdown, lightboxes, players, kite, notes }) {
  const lines = [];
  const section = (title, ...body) => lines.push(`## ${title}`, '', ...body.flatMap((block) => [block, '']));
  const slow = String(cpuSlowdown);
  const name = nameOf;
  const timingCells = (bucket, pick) => {
    const values = bucket.results.map(pick).filter(Number.isFinite);
    const failed = bucket.errors.length ? ` (${bucket.errors.length} failed: ${cell(bucket.errors[0])})` : '';
    return [`${bucket.results.length}/${runs}${failed}`, ms(median(values)), ms(percentile(values, 90))];
  };
  const med = (bucket, key) => median(bucket.results.map((result) => result[key]).filter(Number.isFinite));
  const unavailable = (entry) => entry.build?.error;

  // Lightbox ---------------------------------------------------------------------------------
  const kiteBox = lightboxes.find((entry) => entry.id === 'kite');
  const floor = lightboxes.find((entry) => entry.id === 'dialog');
  const peers = lightboxes.filter((entry) => entry.build);
  const photoswipe = lightboxes.find((entry) => entry.id === 'photoswipe');
  section(
    'Lightbox: click on a thumbnail to the full image',
    `Chromium headless at ${VIEWPORT.width} x ${VIEWPORT.height}, ${runs} rounds; each round visits every page once per CPU setting (the contestants ` +
      'in turn, so a busy moment of the machine falls on all of them), each visit a fresh browser context (no cache). Kite: the demo gallery page ' +
      '(`demo/public/gallery.html`, 20 photos in one `kite-lightbox` with its default options: no `zoom`, as Magnific Popup\'s default). Each peer: the same page (same markup, `site.css` and the 20 images under ' +
      '`/media/gallery/`) with the `kite-lightbox` wrappers turned into `div`s and Kite\'s script replaced by the peer\'s, with its default options ' +
      '(GLightbox `selector: \'.products a\'`; PhotoSwipe `gallery: \'.products\'`, `children: \'a\'`, the core imported on the first click through ' +
      '`pswpModule` as PhotoSwipe documents it, `data-pswp-width`/`-height` from the SVGs; Magnific Popup `delegate: \'a\'`, `type: \'image\'`, gallery ' +
      'on). The floor: a `<dialog>` with an `<img>`; a click sets the image\'s `src` and calls `showModal()`. All served by one static server on ' +
      '127.0.0.1. After the page loaded and the library started (Kite: its links marked `aria-haspopup`; peers: their init call returned) and two ' +
      'frames more, a real mouse click (CDP input) on the first thumbnail. Each animation frame after it records whether the clicked image is ' +
      'on show: loaded (`complete`, `naturalWidth` > 0, `currentSrc` the link\'s address), in the viewport, neither it nor its lightbox hidden ' +
      '(`checkVisibility` with opacity and visibility), opaque (its own computed opacity times every ancestor\'s, across shadow roots, is 1), and ' +
      'the size of its box (transforms included). **Settled**: the first frame in which it is on show and no finite animation runs in the ' +
      'document or the lightbox\'s shadow root (the open effect over; up to 3 s). **Visible**: the frame after the first one from which the ' +
      'image stayed on show at its settled size (that one has been painted by then), so a fade or a zoom counts once it has ended, for every ' +
      'library alike. ' +
      'The thumbnails are the full images themselves (as on the demo page), so every contestant finds the image in the memory cache. ' +
      `The slower rows use \`Emulation.setCPUThrottlingRate\` ${cpuSlowdown}.`,
    table(
      ['library', 'runs', 'visible, median', 'p90', `runs, CPU ${slow}x`, `visible, median, CPU ${slow}x`, 'p90', 'settled, median', `settled, median, CPU ${slow}x`],
      lightboxes.map((entry) => {
        if (unavailable(entry)) return [name(entry), `unavailable: ${cell(entry.build.error)}`, '', '', '', '', '', '', ''];
        return [
          name(entry),
          ...timingCells(entry.timing.fast, (result) => result.visibleMs),
          ...timingCells(entry.timing.slow, (result) => result.visibleMs),
          ms(med(entry.timing.fast, 'settledMs')),
          ms(med(entry.timing.slow, 'settledMs')),
        ];
      }),
    ),
  );

  const kiteFast = med(kiteBox.timing.fast, 'visibleMs');
  const kiteSlow = med(kiteBox.timing.slow, 'visibleMs');
  const ratioRows = lightboxes
    .filter((entry) => entry.id !== 'kite' && !unavailable(entry))
    .map((entry) => [
      `kite-lightbox / ${name(entry)}`,
      ratio(kiteFast, med(entry.timing.fast, 'visibleMs')),
      ratio(kiteSlow, med(entry.timing.slow, 'visibleMs')),
      ratio(med(kiteBox.timing.fast, 'settledMs'), med(entry.timing.fast, 'settledMs')),
      ratio(med(kiteBox.timing.slow, 'settledMs'), med(entry.timing.slow, 'settledMs')),
    ]);

  // The issue's goal, on the "visible" medians at both CPU settings.
  const settings = [
    ['fast', 'normal CPU', kiteFast],
    ['slow', `CPU ${cpuSlowdown}x`, kiteSlow],
  ];
  const available = peers.filter((entry) => !unavailable(entry));
  const misses = [];
  if (!Number.isFinite(kiteFast) || !Number.isFinite(kiteSlow)) misses.push('Kite has no timing');
  for (const entry of available) {
    for (const [key, label, kiteValue] of settings) {
      const peerValue = med(entry.timing[key], 'visibleMs');
      if (!Number.isFinite(peerValue)) misses.push(`${entry.label} has no timing at ${label}`);
      else if (!(kiteValue < peerValue)) misses.push(`not faster than ${entry.label} at ${label} (${ms(kiteValue)} vs ${ms(peerValue)})`);
    }
  }
  if (available.length < peers.length) misses.push(`not compared with ${peers.filter(unavailable).map((entry) => entry.label).join(', ')} (unavailable)`);
  for (const [key, label, kiteValue] of settings) {
    const floorValue = med(floor.timing[key], 'visibleMs');
    if (!Number.isFinite(floorValue)) misses.push(`no floor timing at ${label}`);
    else if (!(kiteValue <= 1.5 * floorValue)) misses.push(`${ratio(kiteValue, floorValue)} the bare \`<dialog>\` at ${label} (limit 1.50x)`);
  }
  const goal =
    `**Goal (issue 6): faster than GLightbox, PhotoSwipe and Magnific Popup, and within 1.5x of a bare \`<dialog>\`, click to visible, median, ` +
    `at normal CPU and ${cpuSlowdown}x slower: ${misses.length ? 'NOT met' : 'met'}.**` +
    (misses.length ? ` Missed: ${misses.join('; ')}.` : '') +
    ` kite-lightbox / bare \`<dialog>\`: ${ratio(kiteFast, med(floor.timing.fast, 'visibleMs'))} at normal CPU, ` +
    `${ratio(kiteSlow, med(floor.timing.slow, 'visibleMs'))} at CPU ${cpuSlowdown}x.`;

  const reduced = kiteBox.timing.reduced;
  const reducedLine =
    `Kite with \`prefers-reduced-motion: reduce\` (no fades; the peers were not run this way), normal CPU: ${reduced.results.length}/${runs} runs` +
    (reduced.errors.length ? ` (${reduced.errors.length} failed: ${cell(reduced.errors[0])})` : '') +
    `, visible median ${ms(med(reduced, 'visibleMs'))} (p90 ${ms(percentile(reduced.results.map((result) => result.visibleMs), 90))}), ` +
    `settled median ${ms(med(reduced, 'settledMs'))}; ${ratio(med(reduced, 'visibleMs'), med(floor.timing.fast, 'visibleMs'))} the bare \`<dialog>\`.`;
  const placeholderLine =
    photoswipe && !unavailable(photoswipe)
      ? `PhotoSwipe zooms in from a placeholder, the thumbnail scaled up, before it shows the full image; that placeholder was visible after ` +
        `${ms(med(photoswipe.timing.fast, 'placeholderMs'))} (median, normal CPU) and ${ms(med(photoswipe.timing.slow, 'placeholderMs'))} (CPU ${cpuSlowdown}x). ` +
        'It is not counted as the full image above, although on this page the thumbnail is the same file.'
      : '';

  lines.push(
    table(['ratio of medians', 'visible', `visible, CPU ${slow}x`, 'settled', `settled, CPU ${slow}x`], ratioRows),
    '',
    goal,
    '',
    reducedLine,
    '',
    ...(placeholderLine ? [placeholderLine, ''] : []),
  );

  lines.push(
    '### Lightbox script time',
    '',
    'Chromium\'s `ScriptDuration` (CDP `Performance.getMetrics`: time spent compiling and running script) over the same visits, as differences: ' +
      'from before navigation to the library started (the page load, including the probe\'s few lines), and from there to the image settled ' +
      '(the click and the open).',
    '',
    table(
      ['library', 'page start, median', `page start, median, CPU ${slow}x`, 'click to settled, median', `click to settled, median, CPU ${slow}x`],
      lightboxes
        .filter((entry) => !unavailable(entry))
        .map((entry) => [
          name(entry),
          ms(med(entry.timing.fast, 'startScriptMs')),
          ms(med(entry.timing.slow, 'startScriptMs')),
          ms(med(entry.timing.fast, 'clickScriptMs')),
          ms(med(entry.timing.slow, 'clickScriptMs')),
        ]),
    ),
    '',
    '### Lightbox size',
    '',
    'Min + gzip (level 9). Kite: the files `dist/chunk-graph.json` says a page with `kite-lightbox` fetches: the autoloader and the element chunk with ' +
      'its static imports (React, XState, the machine, the shared code); what the element imports dynamically loads only when needed and is not counted' +
      (kite.lightbox.dynamic?.length ? ` (here: ${kite.lightbox.dynamic.map((file) => `\`${file}\``).join(', ')})` : '') +
      '. Peers: bundled and minified with esbuild into the files listed (PhotoSwipe: the lightbox module and the core it imports on the first click, ' +
      'both counted; Magnific Popup: with jQuery, and alone for reference), their CSS minified by esbuild and listed separately.',
    '',
    table(['library', 'JS files', 'JS minified', 'JS min+gzip', 'CSS min+gzip', 'Kite JS / library JS (gzip)'], sizeRows(lightboxes, kite.lightbox)),
    '',
  );

  // Player -----------------------------------------------------------------------------------
  const kitePlayer = players.find((entry) => entry.id === 'kite');
  const kiteFrame = med(kitePlayer.timing, 'frameMs');
  section(
    'Player: play to the first video frame',
    `The film of the demo video page (\`/media/product.webm\` with its poster and caption and chapter tracks, \`preload="metadata"\`), ${runs} rounds, ` +
      'each visit a fresh browser context at normal CPU, one page per player served from 127.0.0.1: `kite-player` around the `<video>`; ' +
      'MediaElement.js (`new MediaElementPlayer`), Plyr (`new Plyr`, its sprite from this server) on the same `<video>`; media-chrome\'s ' +
      '`media-controller` with the video in its `media` slot and a control bar; the floor, the `<video>` and a `<button>` calling `play()`. ' +
      'Once the player has started and the video has its metadata, a real mouse click on the player\'s play button (Kite\'s and Plyr\'s big ' +
      'play button, MediaElement.js\'s overlay button, media-chrome\'s `media-play-button`). Timed from that `click` event to the first frame ' +
      'handed to the compositor after it (`requestVideoFrameCallback`, asked for in the click\'s capturing listener, so no earlier frame counts); ' +
      'the `playing` event for reference. Script time: `ScriptDuration` from before navigation to the player started.',
    table(
      ['player', 'runs', 'first frame, median', 'p90', '`playing`, median', 'script at start, median', 'kite / player (first frame)'],
      players.map((entry) => {
        if (unavailable(entry)) return [name(entry), `unavailable: ${cell(entry.build.error)}`, '', '', '', '', ''];
        return [
          name(entry),
          ...timingCells(entry.timing, (result) => result.frameMs),
          ms(med(entry.timing, 'playingMs')),
          ms(med(entry.timing, 'startScriptMs')),
          ratio(kiteFrame, med(entry.timing, 'frameMs')),
        ];
      }),
    ),
    'Min + gzip as for the lightbox (Kite: the autoloader and the `kite-player` chunk with its static imports; what it imports dynamically, ' +
      `hls.js only for an HLS source, is not counted${kite.player.dynamic?.length ? `: ${kite.player.dynamic.map((file) => `\`${file}\``).join(', ')}` : ''}). ` +
      'Plyr and MediaElement.js also fetch an SVG icon sprite, not counted.',
    table(['player', 'JS files', 'JS minified', 'JS min+gzip', 'CSS min+gzip', 'Kite JS / player JS (gzip)'], sizeRows(players, kite.player)),
    'Not measured here: the player at a slower CPU, time to first frame from page load without a click (autoplay), and the audio player.',
  );
  if (notes.length) lines.push(...notes.map((note) => `- ${note}`), '');
  return `${lines.join('\n').trimEnd()}\n`;
}
