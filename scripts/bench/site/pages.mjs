// The content-site pages: the demo gallery and video pages as Kite serves them, the same pages
// with each peer's script instead, and the static server that serves them with dist/ and the peers.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIST_DIR } from '../../sizes.mjs';
import { freshPage } from '../lib/browser.mjs';
import { startBenchServer } from '../lib/static-server.mjs';

const DEMO_PUBLIC = 'demo/public';
/** The window every site page is seen in: a laptop's. */
export const SITE_VIEWPORT = { width: 1280, height: 800 };
/** From the click to the image painted, or to the first video frame. */
export const SHOW_MS = 10_000;
/** Set by each peer page once its library has started; Kite's pages are waited on by their own marks. */
const READY = 'window.__benchReady = true;';

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
  return {
    kite: galleryHtml(),
    glightbox: peerGalleryPage({
      head: '<link rel="stylesheet" href="/peers/glightbox.css" /><script src="/peers/glightbox.js"></script>',
      tail: `<script>window.__glightbox = GLightbox({ selector: '.products a' }); ${READY}</script>`,
    }),
    photoswipe: peerGalleryPage({
      head: '<link rel="stylesheet" href="/peers/photoswipe.css" />',
      tail:
        "<script type=\"module\">import PhotoSwipeLightbox from '/peers/photoswipe-lightbox.js';" +
        "const lightbox = new PhotoSwipeLightbox({ gallery: '.products', children: 'a', pswpModule: () => import('/peers/photoswipe.js') });" +
        `lightbox.init(); window.__pswpLightbox = lightbox; ${READY}</script>`,
      linkAttributes: (href) => {
        const { width, height } = imageSize(href);
        return `data-pswp-width="${width}" data-pswp-height="${height}"`;
      },
    }),
    magnific: peerGalleryPage({
      head: '<link rel="stylesheet" href="/peers/magnific-popup.css" /><script src="/peers/magnific.js"></script>',
      tail: `<script>jQuery('.products').magnificPopup({ delegate: 'a', type: 'image', gallery: { enabled: true } }); ${READY}</script>`,
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
        `${READY}</script>`,
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
  return {
    kite: playerPage('kite-player', KITE_SCRIPT, `<kite-player show-poster-when-ended>${filmMarkup()}</kite-player>`),
    mediaelement: playerPage(
      'MediaElement.js',
      '<link rel="stylesheet" href="/peers/mediaelementplayer.css" /><script src="/peers/mediaelement.js"></script>',
      filmMarkup({ attributes: 'id="bench-video"' }),
      `<script>new MediaElementPlayer('bench-video', { iconSprite: '/peers/mejs-controls.svg', success: () => { ${READY} } });</script>`,
    ),
    plyr: playerPage(
      'Plyr',
      '<link rel="stylesheet" href="/peers/plyr.css" /><script src="/peers/plyr.js"></script>',
      filmMarkup({ attributes: 'id="bench-video"' }),
      // Its sprite and blank video from this server, not its CDN.
      `<script>const player = new Plyr('#bench-video', { iconUrl: '/peers/plyr.svg', blankVideo: '/peers/blank.webm' }); player.on('ready', () => { ${READY} });</script>`,
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
      "<script>Promise.all(['media-controller', 'media-play-button'].map((tag) => customElements.whenDefined(tag))).then(() => { " + READY + ' });</script>',
    ),
    video: playerPage(
      'bare video',
      '',
      `${filmMarkup({ controls: false, attributes: 'id="bench-video"' })}<p><button id="bench-play" type="button">Play</button></p>`,
      `<script>document.getElementById('bench-play').addEventListener('click', () => document.getElementById('bench-video').play()); ${READY}</script>`,
    ),
  };
}


/**
 * Writes every page into `siteDir/pages` and serves `/kite/` from dist, `/peers/` and `/pages/`
 * from `siteDir`, the rest from demo/public; resolves `{ server, pageUrl(group, kind) }`.
 */
export async function serveSitePages(siteDir, onStop) {
  mkdirSync(join(siteDir, 'pages'), { recursive: true });
  for (const [group, make] of [['lightbox', lightboxPages], ['player', playerPages]]) {
    for (const [kind, html] of Object.entries(make())) writeFileSync(join(siteDir, 'pages', `${group}-${kind}.html`), html);
  }
  const server = await startBenchServer({
    roots: [
      ['/kite/', DIST_DIR],
      ['/peers/', join(siteDir, 'peers')],
      ['/pages/', join(siteDir, 'pages')],
      ['/', DEMO_PUBLIC],
    ],
  });
  onStop(server.close);
  console.log(`bench: site pages on ${server.url}`);
  return { server, pageUrl: (group, kind) => new URL(`pages/${group}-${kind}.html`, server.url).href };
}

/** A fresh visitor of the site pages in the site's window, script time counted; motion as asked. */
export const siteVisitor = (browser, { slowdown = 1, reducedMotion = 'no-preference' } = {}) =>
  freshPage(browser, { slowdown, contextOptions: { viewport: SITE_VIEWPORT, reducedMotion }, scriptMetrics: true });
