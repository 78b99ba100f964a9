// The pop-up gallery page (/types on the reference server, demo/public/types.js): a fresh visitor
// with the pop-up code loaded and a record fetched, so a section can open it by a script call.
import { freshPage } from './browser.mjs';
import { LIMIT } from './settings.mjs';

/** The gallery page's viewport: a laptop window. */
export const GALLERY_VIEWPORT = { width: 1280, height: 800 };

/**
 * A fresh visitor on the gallery page (CPU `slowdown`, a DevTools session with `cdp`), with the
 * pop-up code loaded and `record` (a file of demo/poptins/ without `.json`) fetched.
 */
export async function galleryPage(browser, typesUrl, record, { slowdown = 1, cdp = false } = {}) {
  const fresh = await freshPage(browser, { slowdown, cdp, contextOptions: { viewport: GALLERY_VIEWPORT } });
  const { page } = fresh;
  await page.goto(typesUrl, { timeout: LIMIT.PAGE_MS });
  await page.waitForFunction(() => window.kiteTypes, null, { timeout: LIMIT.PAGE_MS, polling: 50 });
  await page.evaluate(async (name) => {
    await window.kiteTypes.ready;
    await window.kiteTypes.load(name);
  }, record);
  return fresh;
}
