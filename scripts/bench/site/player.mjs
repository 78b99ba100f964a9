// Section "Player: play to the first video frame" (issue 6): kite-player on the demo film against
// MediaElement.js, Plyr, media-chrome and a bare <video> (the floor), click on play to the first
// frame, with the script each needs to start and its size.
import { scriptSeconds, settle } from '../lib/browser.mjs';
import { cell, ms, ratio, section, table, timingCells } from '../lib/markdown.mjs';
import { medianOf, record } from '../lib/measure.mjs';
import { LIMIT, RUNS } from '../lib/settings.mjs';
import { elementSizes } from '../lib/element-sizes.mjs';
import { SHOW_MS, siteVisitor } from './pages.mjs';
import { contestants, nameOf, runnable, sizeRows } from './peers.mjs';

const KITE_MODULE = 'components/player/player.element.ts';
/** The contestants, in report order; `build` names the peer build, none for Kite and the floor. */
const PLAYERS = [
  { id: 'kite', label: 'kite-player' },
  { id: 'mediaelement', label: 'MediaElement.js', build: 'mediaelement', pkg: 'mediaelement' },
  { id: 'plyr', label: 'Plyr', build: 'plyr', pkg: 'plyr' },
  { id: 'mediaChrome', label: 'media-chrome', build: 'mediaChrome', pkg: 'media-chrome' },
  { id: 'video', label: 'bare `<video>` + a play button (floor)' },
];

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

/** Each player's play button, as a page expression. */
const PLAY_TARGET = {
  kite: `document.querySelector('kite-player')?.shadowRoot?.querySelector('[part="big-play-button"]')`,
  mediaelement: `document.querySelector('.mejs__overlay-button')`,
  plyr: `document.querySelector('.plyr__control--overlaid')`,
  mediaChrome: `document.querySelector('media-play-button')`,
  video: `document.getElementById('bench-play')`,
};

async function playerRun(browser, url, kind) {
  const { context, page, cdp } = await siteVisitor(browser);
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
    await page.waitForFunction(() => window.__siteBench.frameAt !== null, null, { timeout: SHOW_MS, polling: 50 });
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

/** Every round visits each player once (in turn); `budget.allows()` turns false once the site's time budget ran out. */
async function measurePlayer(browser, pageUrl, peers, budget) {
  const players = contestants(PLAYERS, peers, () => ({ results: [], errors: [] }));
  console.log(`bench: player play to first frame, ${RUNS} rounds`);
  for (let round = 0; round < RUNS; round += 1) {
    for (const entry of players.filter(runnable)) {
      if (!budget.allows()) continue;
      await record(entry.timing, `player ${entry.id}`, () => playerRun(browser, pageUrl('player', entry.id), entry.id));
    }
  }
  for (const entry of players.filter(runnable)) console.log(`bench: player ${entry.id}: ${entry.timing.results.length}/${RUNS} runs`);
  return players;
}

function renderPlayer(players) {
  const kiteSize = elementSizes(KITE_MODULE);
  const unavailable = (entry) => entry.build?.error;
  const kitePlayer = players.find((entry) => entry.id === 'kite');
  const kiteFrame = medianOf(kitePlayer.timing, 'frameMs');
  return section(
    'Player: play to the first video frame',
    `The film of the demo video page (\`/media/product.webm\` with its poster and caption and chapter tracks, \`preload="metadata"\`), ${RUNS} rounds, ` +
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
        if (unavailable(entry)) return [nameOf(entry), `unavailable: ${cell(entry.build.error)}`, '', '', '', '', ''];
        return [
          nameOf(entry),
          ...timingCells(entry.timing, (result) => result.frameMs),
          ms(medianOf(entry.timing, 'playingMs')),
          ms(medianOf(entry.timing, 'startScriptMs')),
          ratio(kiteFrame, medianOf(entry.timing, 'frameMs')),
        ];
      }),
    ),
    'Min + gzip as for the lightbox (Kite: the autoloader and the `kite-player` chunk with its static imports; what it imports dynamically, ' +
      `hls.js only for an HLS source, is not counted${kiteSize.dynamic?.length ? `: ${kiteSize.dynamic.map((file) => `\`${file}\``).join(', ')}` : ''}). ` +
      'Plyr and MediaElement.js also fetch an SVG icon sprite, not counted.',
    table(['player', 'JS files', 'JS minified', 'JS min+gzip', 'CSS min+gzip', 'Kite JS / player JS (gzip)'], sizeRows(players, kiteSize)),
    'Not measured here: the player at a slower CPU, time to first frame from page load without a click (autoplay), and the audio player.',
  );
}

export const benchPlayer = async (browser, pageUrl, peers, budget) => renderPlayer(await measurePlayer(browser, pageUrl, peers, budget));
