// Section "Player: play to the first video frame" (issue 6; issue 22, item 6): kite-player on the
// demo film against MediaElement.js, Plyr, media-chrome and a bare <video> (the floor), click on
// play to the first frame at normal CPU and 4x slower, with the script each needs to start and its size.
import { scriptSeconds, settle, untilLogged } from '../lib/browser.mjs';
import { cell, ms, ratio, section, table, timingCells } from '../lib/markdown.mjs';
import { medianOf, record } from '../lib/measure.mjs';
import { CPU_SLOWDOWN, LIMIT, RUNS } from '../lib/settings.mjs';
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
/** The peer whose first frame is Kite's goal (issue 22, item 6: "at most Plyr's"). */
const GOAL_PEER = 'plyr';
/** Normal CPU and slower CPU (a mid-range phone). */
const SPEEDS = [
  { key: 'fast', slowdown: 1, label: 'normal CPU' },
  { key: 'slow', slowdown: CPU_SLOWDOWN, label: `CPU ${CPU_SLOWDOWN}x` },
];

/**
 * From the click on the play button to the first video frame handed to the compositor after it
 * while the video plays (`requestVideoFrameCallback`, asked for in the capturing click listener so
 * an earlier frame cannot answer), and the `playing` event for reference.
 */
function playerProbe(frameMessage) {
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
        console.log(frameMessage);
      };
      video.requestVideoFrameCallback(onFrame);
      video.addEventListener('playing', () => (bench.playingAt ??= performance.now()), { once: true });
    },
    true,
  );
}

/** What the probe logs at the first frame of playback (see `untilLogged`). */
const FRAME_MESSAGE = 'kite-bench: first video frame';

/** Each player's play button, as a page expression. */
const PLAY_TARGET = {
  kite: `document.querySelector('kite-player')?.shadowRoot?.querySelector('[part="big-play-button"]')`,
  mediaelement: `document.querySelector('.mejs__overlay-button')`,
  plyr: `document.querySelector('.plyr__control--overlaid')`,
  mediaChrome: `document.querySelector('media-play-button')`,
  video: `document.getElementById('bench-play')`,
};

async function playerRun(browser, url, kind, { slowdown }) {
  const { context, page, cdp } = await siteVisitor(browser, { slowdown });
  try {
    await page.addInitScript(playerProbe, FRAME_MESSAGE);
    const before = await scriptSeconds(cdp);
    await page.goto(url, { timeout: LIMIT.PAGE_MS, waitUntil: 'load' });
    // Started, its play button there, and the film's metadata loaded, so each player starts from the same point.
    const started = kind === 'kite' ? 'true' : 'window.__benchReady === true';
    await settle(page, `${started} && document.querySelector('video')?.readyState >= 1 && Boolean(${PLAY_TARGET[kind]})`);
    const startScript = await scriptSeconds(cdp);
    const box = await page.evaluate(`(() => { const rect = (${PLAY_TARGET[kind]}).getBoundingClientRect(); return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }; })()`);
    const framed = untilLogged(page, FRAME_MESSAGE, SHOW_MS);
    await page.mouse.click(box.x, box.y);
    await framed;
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

/**
 * Every round visits each player once per CPU setting (in turn, so a busy moment of the machine
 * falls on all of them); `budget.allows()` turns false once the site's time budget ran out.
 */
async function measurePlayer(browser, pageUrl, peers, budget) {
  const players = contestants(PLAYERS, peers, () => Object.fromEntries(SPEEDS.map((speed) => [speed.key, { results: [], errors: [] }])));
  console.log(`bench: player play to first frame, ${RUNS} rounds (normal CPU and ${CPU_SLOWDOWN}x slower)`);
  for (let round = 0; round < RUNS; round += 1) {
    for (const speed of SPEEDS) {
      for (const entry of players.filter(runnable)) {
        if (!budget.allows()) continue;
        await record(entry.timing[speed.key], `player ${entry.id} (${speed.key})`, () => playerRun(browser, pageUrl('player', entry.id), entry.id, speed));
      }
    }
  }
  for (const entry of players.filter(runnable)) {
    console.log(`bench: player ${entry.id}: ${SPEEDS.map((speed) => `${entry.timing[speed.key].results.length}/${RUNS} ${speed.key}`).join(', ')}`);
  }
  return players;
}

/** Issue 22, item 6: Kite's first frame at most the goal peer's, median, at every CPU setting; the sentence saying whether it is. */
function goalLine(players) {
  const kite = players.find((entry) => entry.id === 'kite');
  const peer = players.find((entry) => entry.id === GOAL_PEER);
  const misses = [];
  const figures = SPEEDS.map((speed) => {
    const kiteValue = medianOf(kite.timing[speed.key], 'frameMs');
    const peerValue = peer && !peer.build?.error ? medianOf(peer.timing[speed.key], 'frameMs') : NaN;
    if (!Number.isFinite(kiteValue) || !Number.isFinite(peerValue)) misses.push(`no timing to compare at ${speed.label}`);
    else if (!(kiteValue <= peerValue)) misses.push(`${ms(kiteValue - peerValue)} slower at ${speed.label}`);
    return `${ms(kiteValue)} against ${ms(peerValue)} (${ratio(kiteValue, peerValue)}) at ${speed.label}`;
  });
  return (
    `**Goal (issue 22, item 6): click on play to the first frame at most ${peer?.label ?? GOAL_PEER}'s, median, at normal CPU and ${CPU_SLOWDOWN}x slower: ` +
    `${misses.length ? 'NOT met' : 'met'}.**${misses.length ? ` Missed: ${misses.join('; ')}.` : ''} kite-player: ${figures.join('; ')}.`
  );
}

function renderPlayer(players) {
  const kiteSize = elementSizes(KITE_MODULE);
  const unavailable = (entry) => entry.build?.error;
  const kitePlayer = players.find((entry) => entry.id === 'kite');
  const rows = [];
  for (const speed of SPEEDS) {
    const kiteFrame = medianOf(kitePlayer.timing[speed.key], 'frameMs');
    for (const entry of players) {
      if (unavailable(entry)) {
        rows.push([nameOf(entry), speed.label, `unavailable: ${cell(entry.build.error)}`, '', '', '', '', '']);
        continue;
      }
      const timing = entry.timing[speed.key];
      rows.push([
        nameOf(entry),
        speed.label,
        ...timingCells(timing, (result) => result.frameMs),
        ms(medianOf(timing, 'playingMs')),
        ms(medianOf(timing, 'startScriptMs')),
        ratio(kiteFrame, medianOf(timing, 'frameMs')),
      ]);
    }
  }
  return section(
    PLAYER_TITLE,
    `The film of the demo video page (\`/media/product.webm\` with its poster and caption and chapter tracks, \`preload="metadata"\`), ${RUNS} rounds; ` +
      `each round visits every page once at normal CPU and once ${CPU_SLOWDOWN}x slower (\`Emulation.setCPUThrottlingRate\` ${CPU_SLOWDOWN}), ` +
      'the players in turn, so a busy moment of the machine falls on all of them; each visit a fresh browser context, one page per player served from 127.0.0.1: `kite-player` around the `<video>`; ' +
      'MediaElement.js (`new MediaElementPlayer`), Plyr (`new Plyr`, its sprite from this server) on the same `<video>`; media-chrome\'s ' +
      '`media-controller` with the video in its `media` slot and a control bar; the floor, the `<video>` and a `<button>` calling `play()`. ' +
      'Once the player has started and the video has its metadata, a real mouse click on the player\'s play button (Kite\'s and Plyr\'s big ' +
      'play button, MediaElement.js\'s overlay button, media-chrome\'s `media-play-button`). Timed from that `click` event to the first frame ' +
      'handed to the compositor after it (`requestVideoFrameCallback`, asked for in the click\'s capturing listener, so no earlier frame counts); ' +
      'the `playing` event for reference. Script time: `ScriptDuration` from before navigation to the player started.',
    goalLine(players),
    table(['player', 'CPU', 'runs', 'first frame, median', 'p90', '`playing`, median', 'script at start, median', 'kite / player (first frame)'], rows),
    'Min + gzip as for the lightbox (Kite: the autoloader and the `kite-player` chunk with its static imports; what it imports dynamically, ' +
      `hls.js only for an HLS source, is not counted${kiteSize.dynamic?.length ? `: ${kiteSize.dynamic.map((file) => `\`${file}\``).join(', ')}` : ''}). ` +
      'Plyr and MediaElement.js also fetch an SVG icon sprite, not counted.',
    table(['player', 'JS files', 'JS minified', 'JS min+gzip', 'CSS min+gzip', 'Kite JS / player JS (gzip)'], sizeRows(players, kiteSize)),
    'Not measured here: time to first frame from page load without a click (autoplay), and the audio player.',
  );
}

/** The section's title, which `--only-player` finds in docs/BENCHMARKS.md to replace. */
export const PLAYER_TITLE = 'Player: play to the first video frame';

export const benchPlayer = async (browser, pageUrl, peers, budget) => renderPlayer(await measurePlayer(browser, pageUrl, peers, budget));
