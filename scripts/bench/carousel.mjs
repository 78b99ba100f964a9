// The carousel rows of `npm run bench` (issue 17, "Measure, side by side in one run"): 20 carousels
// with arrows and dots on one page, kite-slider (carousel mode) against Swiper, Splide and Embla
// (Embla with its own arrows and dots, built as its documentation shows), in one Chromium, in this run.
//
//   initialised  from the page's script starting (the library not fetched yet) to all 20 carousels
//                built and laid out; and the set-up alone: from the library's code being there
//                (Kite: `customElements.define('kite-slider')`; a peer: its script's load event) to
//                the same point, which is the work the issue's 20 ms goal is about (not the download):
//                forced layout included, a fresh page per run, the four in turn within each round, at
//                normal CPU and 4x slower; median, fastest and slowest.
//   CPU          the set-up's main-thread thread time from a trace (lib/thread-time.mjs), which the
//                machine's load does not stretch as it stretches the wall clock.
//   script       min+gzip: kite-slider's chunks with their static imports and the kite.js autoloader
//                (and apart, what a carousel's first use adds: its machine and XState), against
//                each peer's bundle (esbuild, minified) and its CSS.
//   frames       the share of frames within one refresh while the 20 carousels change slide together
//                (each library's next button clicked), over SLIDER.TRANSITION_MS; every library set to
//                that speed where it has one.
//
// The peers are installed at bench time into the run's temp dir (lib/peers.mjs), pinned by major
// version; the pages are served from the bench's static server on 127.0.0.1, and the browser
// resolves no other host.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR, ELEMENT_FILES, KITE_ENTRY, compressedSizes, kb, measureDist, readChunkGraph, sumSizes } from '../sizes.mjs';
import { runAlone } from './lib/alone.mjs';
import { freshPage, launchChromium, settle } from './lib/browser.mjs';
import { elementSizes, extraFiles } from './lib/element-sizes.mjs';
import { frameStats, percent } from './lib/frames.mjs';
import { ms, ratio } from './lib/markdown.mjs';
import { median } from './lib/measure.mjs';
import { PEER_BUNDLE, bundle, bundleBytes, installPeers, minifyCss, versionOf } from './lib/peers.mjs';
import { withResources } from './lib/process.mjs';
import { loopbackCertificate } from './lib/tls.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from './lib/settings.mjs';
import { benchTempDir } from './lib/setup.mjs';
import { threadTimeBetween } from './lib/thread-time.mjs';
import { startBenchServer } from './lib/static-server.mjs';
import { SLIDER } from '../../shared/constants/site.ts';

/** Carousels on the page: the issue's "20 carousels with arrows and dots on one page". */
const CAROUSELS = 20;
/** Slides in each. */
const SLIDES = 6;
/** Slide colours: the slides are boxes of text, so no picture download queues ahead of the scripts measured. */
const COLOURS = ['#f4a261', '#2a9d8f', '#e9c46a', '#264653', '#e76f51', '#8ab17d'];
const SLIDER_MODULE = 'components/slider/slider.element.ts';
/** What loads when a carousel is first used: the slider's machine, and XState's `createActor` (with the rest of XState). */
const FIRST_USE_MODULES = ['machines/slider/slider.machine.ts', 'shared/dom/create-actor.ts'];
const TITLE = '## Carousels: kite-slider against Swiper, Splide and Embla (issue 17)';
/** Pinned by major version, as TOOLCHAIN.md lists them. */
const PACKAGES = ['swiper@14', '@splidejs/splide@4', 'embla-carousel@8'];
/** Slide changes recorded per CPU row (fresh pages); --runs lowers it. */
const FRAME_ROUNDS = Math.min(RUNS, 5);
/** The page marks where the set-up starts and where every carousel is initialised (for the thread-time trace). */
const SET_UP_MARK = 'bench-set-up';
const INITIALISED_MARK = 'bench-initialised';
/** Dispatched on the window once `__initMs` is there. */
const INITIALISED_EVENT = 'bench-initialised';
/** easeInOutQuart as a cubic Bézier, for the peers that take a CSS easing (Splide). */
const EASE_IN_OUT_QUART = 'cubic-bezier(0.77, 0, 0.175, 1)';

const page = (head, body) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>carousel bench</title>
<style>body{margin:0;font:16px sans-serif}.bench-carousel{width:900px;margin:0 auto 24px}.box{height:160px;margin:0 4px;padding:8px;color:#fff;background:var(--box)}</style>${head}</head><body>${body}</body></html>`;

const images = (carousel) =>
  Array.from({ length: SLIDES }, (_, slide) => `<div class="box" style="--box:${COLOURS[slide]}">Carousel ${carousel + 1}, kite ${slide + 1}</div>`);
const repeat = (make) => Array.from({ length: CAROUSELS }, (_, carousel) => make(carousel)).join('\n');

/**
 * The page script every peer shares: loads `src` (preloaded from the head), then runs `init` (a
 * function body over `document`) and times it from navigation start; `window.__next` changes every
 * carousel's slide.
 */
const peerScript = (src, init, nextSelector) => `<script>
  const script = document.createElement('script');
  script.src = '${src}';
  script.onload = () => {
    const setUp = performance.now();
    performance.mark('${SET_UP_MARK}');
    ${init}
    document.body.offsetHeight;
    performance.mark('${INITIALISED_MARK}');
    window.__initMs = performance.now();
    window.__setUpMs = performance.now() - setUp;
    dispatchEvent(new Event('${INITIALISED_EVENT}'));
  };
  document.head.append(script);
  window.__next = () => document.querySelectorAll('${nextSelector}').forEach((button) => button.click());
</script>`;

/** A peer's head: its script named ahead, as Kite's page names its files (a fair start for both). */
const peerHead = (src, css = '') => `<link rel="preload" as="script" href="${src}">${css && `<link rel="stylesheet" href="${css}">`}`;

/**
 * The README's theme CSS for a carousel before its code runs ("Keeping the page still as elements
 * upgrade"): the slides already in their row, as a peer's page has its own CSS from the start.
 */
const KITE_CAROUSEL_RESERVE = `<style>@media (scripting: enabled) {
  kite-slider[carousel]:not(:defined) { display: block; padding-block-end: 44px; --slides-shown: attr(carousel-slides-to-show type(<number>), 3); }
  kite-slider[carousel]:not(:defined) > ul { display: flex; overflow: hidden; margin: 0; padding: 0; list-style: none; }
  kite-slider[carousel]:not(:defined) > ul > li { flex: 0 0 calc(100% / var(--slides-shown)); min-inline-size: 0; margin: 0; }
}</style>`;

/**
 * Kite's page as the README's theme writes it: its carousel CSS, kite.js in the head and, with
 * `hints`, the slider's files from dist/element-files.json as modulepreload links beside it.
 */
const kitePage = (hints) =>
  page(
    `${KITE_CAROUSEL_RESERVE}${hints.map((file) => `<link rel="modulepreload" href="/kite/${file}">`).join('')}
<script>
  // The set-up starts where the slider's code is there: its definition upgrades the 20 elements.
  const define = customElements.define;
  customElements.define = function (name, ...rest) {
    if (name === 'kite-slider') {
      window.__definedAt = performance.now();
      performance.mark('${SET_UP_MARK}');
    }
    return define.call(this, name, ...rest);
  };
</script>
<script type="module" src="/kite/${KITE_ENTRY}"></script>`,
    `${repeat((carousel) => `<kite-slider class="bench-carousel" carousel carousel-slides-to-show="3" label="Carousel ${carousel + 1}"><ul>${images(carousel).map((image) => `<li>${image}</li>`).join('')}</ul></kite-slider>`)}
<script type="module">
  await customElements.whenDefined('kite-slider');
  const sliders = [...document.querySelectorAll('kite-slider')];
  await Promise.all(sliders.map((slider) => slider.updateComplete));
  document.body.offsetHeight;
  performance.mark('${INITIALISED_MARK}');
  window.__initMs = performance.now();
  window.__setUpMs = performance.now() - window.__definedAt;
  window.__ready = sliders.filter((slider) => slider.shadowRoot.querySelectorAll('[part~="dot"]').length > 0).length;
  dispatchEvent(new Event('${INITIALISED_EVENT}'));
  window.__next = () => sliders.forEach((slider) => slider.shadowRoot.querySelector('[part~="next"]').click());
</script>`,
  );

/** Each contestant's page: the same 20 carousels of 6 pictures, three shown, one step; `firstLoadFiles`: kite.js and the slider's files, which Kite's first page names ahead. */
function pages(firstLoadFiles) {
  return {
    kite: kitePage(firstLoadFiles),
    kiteAlone: kitePage([]),
    swiper: page(
      peerHead('/swiper.js', '/swiper.css'),
      `${repeat(
        (carousel) => `<div class="bench-carousel swiper" id="s${carousel}"><div class="swiper-wrapper">${images(carousel).map((image) => `<div class="swiper-slide">${image}</div>`).join('')}</div>
<div class="swiper-button-prev"></div><div class="swiper-button-next"></div><div class="swiper-pagination"></div></div>`,
      )}
${peerScript(
  '/swiper.js',
  `const swipers = [...document.querySelectorAll('.swiper')].map((el) => new Swiper(el, {
      modules: [SwiperModules.Navigation, SwiperModules.Pagination], slidesPerView: 3, slidesPerGroup: 1, speed: ${SLIDER.TRANSITION_MS},
      navigation: { nextEl: el.querySelector('.swiper-button-next'), prevEl: el.querySelector('.swiper-button-prev') },
      pagination: { el: el.querySelector('.swiper-pagination'), clickable: true },
    }));
    window.__ready = swipers.filter((swiper) => swiper.initialized && swiper.pagination.bullets.length > 0).length;`,
  '.swiper-button-next',
)}`,
    ),
    splide: page(
      peerHead('/splide.js', '/splide.css'),
      `${repeat(
        (carousel) => `<section class="bench-carousel splide" aria-label="Carousel ${carousel + 1}"><div class="splide__track"><ul class="splide__list">${images(carousel).map((image) => `<li class="splide__slide">${image}</li>`).join('')}</ul></div></section>`,
      )}
${peerScript(
  '/splide.js',
  `const splides = [...document.querySelectorAll('.splide')].map((el) => new Splide(el, { perPage: 3, perMove: 1, speed: ${SLIDER.TRANSITION_MS}, easing: '${EASE_IN_OUT_QUART}' }).mount());
    window.__ready = splides.filter((splide) => splide.root.querySelectorAll('.splide__pagination__page').length > 0).length;`,
  '.splide__arrow--next',
)}`,
    ),
    embla: page(
      `${peerHead('/embla.js')}<style>.embla__viewport{overflow:hidden}.embla__container{display:flex;touch-action:pan-y pinch-zoom}.embla__slide{flex:0 0 33.333%;min-width:0}
.embla__dot{width:44px;height:44px}.embla__dot--selected{outline:2px solid}</style>`,
      `${repeat(
        (carousel) => `<div class="bench-carousel embla"><div class="embla__viewport"><div class="embla__container">${images(carousel).map((image) => `<div class="embla__slide">${image}</div>`).join('')}</div></div>
<div class="embla__controls"><button class="embla__prev" type="button" aria-label="Previous slide">‹</button><button class="embla__next" type="button" aria-label="Next slide">›</button><div class="embla__dots"></div></div></div>`,
      )}
${peerScript(
  '/embla.js',
  // Arrows and dots as Embla's guides build them: buttons that scroll, disabled at the ends, a dot per snap marked on "select".
  `const emblas = [...document.querySelectorAll('.embla')].map((el) => {
      const api = EmblaCarousel(el.querySelector('.embla__viewport'), { align: 'start', slidesToScroll: 1 });
      const prev = el.querySelector('.embla__prev');
      const next = el.querySelector('.embla__next');
      prev.addEventListener('click', () => api.scrollPrev());
      next.addEventListener('click', () => api.scrollNext());
      const dotsNode = el.querySelector('.embla__dots');
      const dots = api.scrollSnapList().map((_, index) => {
        const dot = document.createElement('button');
        dot.type = 'button';
        dot.className = 'embla__dot';
        dot.setAttribute('aria-label', 'Go to slide ' + (index + 1));
        dot.addEventListener('click', () => api.scrollTo(index));
        dotsNode.append(dot);
        return dot;
      });
      const sync = () => {
        prev.disabled = !api.canScrollPrev();
        next.disabled = !api.canScrollNext();
        dots.forEach((dot, index) => dot.classList.toggle('embla__dot--selected', index === api.selectedScrollSnap()));
      };
      api.on('select', sync).on('reInit', sync);
      sync();
      return dots.length;
    });
    window.__ready = emblas.filter((dots) => dots > 0).length;`,
  '.embla__next',
)}`,
    ),
  };
}

/** Bundles each peer (esbuild, minified, as a site ships it) and minifies its CSS into `dir`; resolves their sizes and versions. */
async function buildPeers(dir) {
  const failures = await installPeers(dir, PACKAGES, 'the carousel peers');
  const failed = Object.entries(failures);
  if (failed.length) throw new Error(failed.map(([name, why]) => `${name}: ${why}`).join('; '));
  const build = async (out, entry, cssFiles) => {
    const js = bundleBytes(await bundle(entry, dir, PEER_BUNDLE));
    writeFileSync(join(dir, `${out}.js`), js);
    const css = Buffer.concat(await Promise.all(cssFiles.map((file) => minifyCss(readFileSync(join(dir, 'node_modules', file), 'utf8')))));
    if (cssFiles.length) writeFileSync(join(dir, `${out}.css`), css);
    return { js: compressedSizes(js), css: cssFiles.length ? compressedSizes(css) : null };
  };
  return {
    swiper: {
      version: versionOf(dir, 'swiper'),
      ...(await build(
        'swiper',
        "import Swiper from 'swiper'; import { Navigation, Pagination } from 'swiper/modules'; window.Swiper = Swiper; window.SwiperModules = { Navigation, Pagination };",
        ['swiper/swiper.css', 'swiper/modules/navigation.css', 'swiper/modules/pagination.css'],
      )),
    },
    splide: {
      version: versionOf(dir, '@splidejs/splide'),
      ...(await build('splide', "import Splide from '@splidejs/splide'; window.Splide = Splide;", ['@splidejs/splide/dist/css/splide.min.css'])),
    },
    embla: { version: versionOf(dir, 'embla-carousel'), ...(await build('embla', "import EmblaCarousel from 'embla-carousel'; window.EmblaCarousel = EmblaCarousel;", [])) },
  };
}

/**
 * Resolves once the page has every carousel initialised. Not `waitForFunction`: Playwright would
 * inject its own script into the page first (about 50 ms of main-thread work), in the middle of a
 * set-up that is still running after the load event (Kite's chunks do not hold the load event
 * back; a peer's script element does, so its set-up was over before the injection).
 */
const initialised = (tab) =>
  tab.evaluate(
    (event) => new Promise((done) => (typeof window.__initMs === 'number' ? done() : addEventListener(event, () => done(), { once: true }))),
    INITIALISED_EVENT,
  );

/** One fresh page: the time to all carousels initialised and how many were. */
async function visit(browser, url, slowdown) {
  // The HTTP/2 server's certificate is the run's own, for 127.0.0.1 (lib/tls.mjs).
  const { context, page: tab } = await freshPage(browser, { slowdown, contextOptions: { ignoreHTTPSErrors: true } });
  try {
    await tab.goto(url, { timeout: LIMIT.PAGE_MS });
    await initialised(tab);
    return await tab.evaluate(() => ({ ms: window.__initMs, setUpMs: window.__setUpMs, ready: window.__ready }));
  } finally {
    await context.close();
  }
}

/** One fresh page, traced: the main thread's CPU time from the set-up's start to every carousel initialised. */
async function setUpThreadTime(browser, url) {
  const { context, page: tab, cdp } = await freshPage(browser, { cdp: true });
  try {
    return await threadTimeBetween(
      cdp,
      async () => {
        await tab.goto(url, { timeout: LIMIT.PAGE_MS });
        await initialised(tab);
      },
      { from: SET_UP_MARK, to: INITIALISED_MARK },
    );
  } finally {
    await context.close();
  }
}

/** One fresh page: the frame times while every carousel changes slide at once, over SLIDER.TRANSITION_MS. */
async function frames(browser, url, slowdown) {
  const { context, page: tab } = await freshPage(browser, { slowdown });
  try {
    await tab.goto(url, { timeout: LIMIT.PAGE_MS });
    await settle(tab, () => typeof window.__initMs === 'number');
    return await tab.evaluate(
      (windowMs) =>
        new Promise((done) => {
          const deltas = [];
          let last;
          let start;
          const frame = (time) => {
            if (last !== undefined) deltas.push(time - last);
            last = time;
            start ??= time;
            if (time - start < windowMs) requestAnimationFrame(frame);
            else done(deltas);
          };
          requestAnimationFrame((time) => {
            window.__next();
            frame(time);
          });
        }),
      SLIDER.TRANSITION_MS,
    );
  } finally {
    await context.close();
  }
}

const NAMES = ['kite', 'kiteAlone', 'swiper', 'splide', 'embla'];
const PEERS = ['swiper', 'splide', 'embla'];
/** The slider's page without its hints runs the same code once loaded: its set-up's CPU and frames are the other row's. */
const TRACED = NAMES.filter((name) => name !== 'kiteAlone');
/** The issue's goal for the set-up: at most this at normal CPU. */
const SET_UP_GOAL_MS = 20;
/** A goal line of the section: what, whether it is met, and the figures. */
const goal = (what, met, figures) => `Goal (issue 17): ${what}: **${met ? 'met' : 'not met'}** (${figures}).`;

export async function benchCarousel() {
  const dir = benchTempDir('carousel');
  const kiteSize = elementSizes(SLIDER_MODULE);
  if (kiteSize.error) throw new Error(kiteSize.error);
  const graph = readChunkGraph();
  // What a page fetches for its first slider, as the build lists it for themes; its page names them ahead.
  const sliderFiles = JSON.parse(readFileSync(join(DIST_DIR, ELEMENT_FILES), 'utf8'))['kite-slider'];
  const firstLoad = new Set([KITE_ENTRY, ...sliderFiles]);
  const built = measureDist();
  const onFirstUseFiles = new Set(FIRST_USE_MODULES.flatMap((moduleId) => extraFiles(graph, built, moduleId, firstLoad).files));
  const onFirstUse = { files: [...onFirstUseFiles], gzip: sumSizes(built, onFirstUseFiles).gzip };
  const peers = await buildPeers(dir);
  const pagesByPath = Object.fromEntries(Object.entries(pages([...firstLoad])).map(([name, html]) => [`/${name}.html`, html]));
  const measured = await withResources(async (onStop) => {
    const roots = [['/kite/', 'dist'], ['/', dir]];
    const server = await startBenchServer({ roots, pages: pagesByPath });
    onStop(server.close);
    // The same files over HTTP/2, as hosts and CDNs serve them today: one connection carries every
    // file, where HTTP/1.1 opens up to six and queues the rest (Kite's slider is 8 files, a peer 1).
    // Without openssl on the machine the HTTP/2 rows say so; the rest is measured all the same.
    const tls = await loopbackCertificate(dir).catch((error) => ({ error }));
    const h2 = tls.error ? { error: tls.error.message } : await startBenchServer({ roots, pages: pagesByPath, tls });
    if (h2.close) onStop(h2.close);
    const browser = await launchChromium(onStop, { loopbackOnly: true });
    const init = Object.fromEntries(NAMES.map((name) => [name, { 1: [], [CPU_SLOWDOWN]: [], setUp: [], ready: 0, h2: { 1: [], [CPU_SLOWDOWN]: [] } }]));
    const smooth = Object.fromEntries(TRACED.map((name) => [name, { 1: [], [CPU_SLOWDOWN]: [] }]));
    console.log(`bench: ${CAROUSELS} carousels, kite-slider against Swiper, Splide and Embla, ${RUNS} rounds (normal CPU and ${CPU_SLOWDOWN}x slower)`);
    for (let round = 0; round < RUNS; round += 1) {
      for (const slowdown of [1, CPU_SLOWDOWN]) {
        // In turn within each round, so a busy moment of the machine hits all alike.
        for (const name of NAMES) {
          const result = await visit(browser, new URL(`${name}.html`, server.url).href, slowdown);
          init[name][slowdown].push(result.ms);
          if (slowdown === 1) init[name].setUp.push(result.setUpMs);
          init[name].ready = result.ready;
          if (h2.url) init[name].h2[slowdown].push((await visit(browser, new URL(`${name}.html`, h2.url).href, slowdown)).ms);
        }
      }
    }
    const cpu = Object.fromEntries(TRACED.map((name) => [name, []]));
    for (let round = 0; round < RUNS; round += 1) {
      for (const name of TRACED) cpu[name].push(await setUpThreadTime(browser, new URL(`${name}.html`, server.url).href));
    }
    for (let round = 0; round < FRAME_ROUNDS; round += 1) {
      for (const slowdown of [1, CPU_SLOWDOWN]) {
        for (const name of TRACED) smooth[name][slowdown].push(...(await frames(browser, new URL(`${name}.html`, server.url).href, slowdown)));
      }
    }
    return { init, smooth, cpu, h2Error: h2.error };
  });
  const { init, smooth, cpu, h2Error } = measured;
  const label = {
    kite: 'kite-slider, its files named ahead (kite.js and the slider\'s files from element-files.json, as modulepreload)',
    kiteAlone: 'kite-slider, kite.js alone (it asks for the slider\'s files once it has run)',
    swiper: `Swiper ${peers.swiper.version}`, splide: `Splide ${peers.splide.version}`, embla: `Embla ${peers.embla.version} (+ its arrows and dots)` };
  const size = {
    kiteAlone: 'as above',
    kite: `${kb(kiteSize.js.gzip)} (${kiteSize.files} files: kite.js, the element, lit and the shared chunks; CSS inside), + ${kb(onFirstUse.gzip)} on a carousel's first use (${onFirstUse.files.length} files: its machine and XState)`,
    swiper: `${kb(peers.swiper.js.gzip)} + ${kb(peers.swiper.css.gzip)} CSS`,
    splide: `${kb(peers.splide.js.gzip)} + ${kb(peers.splide.css.gzip)} CSS`,
    embla: `${kb(peers.embla.js.gzip)} (+ the page's own arrows, dots and CSS, not counted)`,
  };
  const timing = (values) => `${ms(median(values))} (${ms(Math.min(...values))} – ${ms(Math.max(...values))})`;
  const stats = (name, slowdown) => frameStats(smooth[name][slowdown]);
  const fasterThanPeers = (what, times) =>
    goal(
      what,
      PEERS.every((peer) => median(times('kite')) < median(times(peer))),
      PEERS.map((peer) => `${ratio(median(times('kite')), median(times(peer)))} ${label[peer].split(' ')[0]}'s`).join(', '),
    );
  return [
    TITLE,
    '',
    `${CAROUSELS} carousels of ${SLIDES} slides (boxes of text, so no download but the scripts) on one page, three shown and one step, with arrows and dots, for each library; a fresh page per run, the four in turn; ${RUNS} runs each.`,
    'Initialised: from navigation start to every carousel built and laid out, over HTTP/1.1 (the bench\'s plain server; HTTP/2 below), each library\'s files named in the head (Kite as the README\'s theme does: its carousel CSS, kite.js and, on the first row, the slider\'s files as modulepreload; a peer: its script as preload, run by the page\'s script at the end of the body). Set-up alone: from the library\'s code being there (Kite: the slider\'s definition; a peer: its script\'s load event) to the same point. Set-up, main-thread CPU: the thread time of the page\'s main thread over that same span, from a trace of a further fresh page per run (the wall-clock set-up also counts the moments the renderer waits for one of this machine\'s 2 cores). Script: min+gzip.',
    `Frames: the ${CAROUSELS} carousels change slide together (their next buttons clicked), frames counted over ${ms(SLIDER.TRANSITION_MS)} (the change's length; Swiper and Splide set to it), ${FRAME_ROUNDS} fresh pages per row.`,
    '',
    `| carousel | initialised | initialised, normal CPU: median (fastest – slowest) | ${CPU_SLOWDOWN}x slower CPU: median | set-up alone, normal CPU: median | set-up, main-thread CPU: median | script min+gzip | frames within one refresh, normal CPU | ${CPU_SLOWDOWN}x slower |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...NAMES.map((name) => {
      const traced = TRACED.includes(name);
      const frames = (slowdown) => (traced ? percent(stats(name, slowdown).noMissShare) : 'as above');
      return `| ${label[name]} | ${init[name].ready} of ${CAROUSELS} | ${timing(init[name][1])} | ${ms(median(init[name][CPU_SLOWDOWN]))} | ${ms(median(init[name].setUp))} | ${traced ? ms(median(cpu[name])) : 'as above'} | ${size[name]} | ${frames(1)}${traced ? ` (${stats(name, 1).frames} frames)` : ''} | ${frames(CPU_SLOWDOWN)} |`;
    }),
    '',
    ...(h2Error
      ? [`Over HTTP/2: unavailable (${h2Error}).`, '']
      : [
          `Over HTTP/2 (TLS, the run's own certificate for 127.0.0.1), the same pages in the same rounds, initialised from navigation start:`,
          '',
          `| carousel | normal CPU: median (fastest – slowest) | ${CPU_SLOWDOWN}x slower CPU: median |`,
          '|---|---|---|',
          ...NAMES.map((name) => `| ${label[name]} | ${timing(init[name].h2[1])} | ${ms(median(init[name].h2[CPU_SLOWDOWN]))} |`),
          '',
        ]),
    fasterThanPeers('Initialised over HTTP/1.1 (files named ahead), normal CPU, faster than each peer', (name) => init[name][1]),
    ...(h2Error ? [] : [fasterThanPeers('Initialised over HTTP/2 (files named ahead), normal CPU, faster than each peer', (name) => init[name].h2[1])]),
    goal(`Set-up alone at most ${ms(SET_UP_GOAL_MS)}, normal CPU, and faster than each peer`, median(init.kite.setUp) <= SET_UP_GOAL_MS && PEERS.every((peer) => median(init.kite.setUp) < median(init[peer].setUp)), ms(median(init.kite.setUp))),
    '',
  ].join('\n');
}

runAlone(import.meta.url, benchCarousel);
