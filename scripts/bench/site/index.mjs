// Sections "Lightbox: click on a thumbnail to the full image" and "Player: play to the first video
// frame" (issue 6, "Measure, side by side in one run"): the lightbox and the media player against
// the libraries a CMS theme would otherwise onStop, each on the same page, the same images and the
// same video, in one Chromium, in this run. Here: what both share (the peers, installed into the
// run's temp dir and bundled; the pages and their server on 127.0.0.1; a browser that resolves no
// other host; the time budget). Measured and reported in lightbox.mjs and player.mjs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { runAlone } from '../lib/alone.mjs';
import { launchChromium } from '../lib/browser.mjs';
import { addNote } from '../lib/markdown.mjs';
import { timeBudget } from '../lib/measure.mjs';
import { withResources } from '../lib/process.mjs';
import { benchTempDir } from '../lib/setup.mjs';
import { benchLightbox } from './lightbox.mjs';
import { serveSitePages } from './pages.mjs';
import { preparePeers } from './peers.mjs';
import { benchPlayer } from './player.mjs';

/** Bounds the timed runs of both sections: past it the remaining runs are skipped and the report says so. */
const BUDGET_MS = 15 * 60_000;

/** Both sections, or with `{ playerOnly: true }` (`--only-player`) the player's alone, with `{ lightboxOnly: true }` (`--only-lightbox`) the lightbox's. */
export function benchSite({ playerOnly = false, lightboxOnly = false } = {}) {
  return withResources(async (onStop) => {
    const siteDir = benchTempDir('site');
    const peersDir = join(siteDir, 'peers');
    mkdirSync(peersDir, { recursive: true });
    const peers = await preparePeers(siteDir, peersDir);
    const { pageUrl } = await serveSitePages(siteDir, onStop);
    const browser = await launchChromium(onStop, { loopbackOnly: true });
    const budget = timeBudget(BUDGET_MS);
    const lightbox = playerOnly ? '' : await benchLightbox(browser, pageUrl, peers, budget);
    const player = lightboxOnly ? '' : await benchPlayer(browser, pageUrl, peers, budget);
    if (budget.skipped) addNote(`Site rows: the time budget (${BUDGET_MS / 60_000} min) ran out; ${budget.skipped} timed runs were skipped (see the run counts).`);
    return [lightbox, player].filter(Boolean).join('\n\n');
  });
}

runAlone(import.meta.url, benchSite);
