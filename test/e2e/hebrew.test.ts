// End to end: the Hebrew demo pages as a Hebrew visitor meets them in Chromium. Nothing they show
// or name (text, accessible names, statuses that come as the visitor searches, filters, loads more,
// opens the lightbox or a pop-up) is one of Kite's English messages, nor a link text of the English
// shell. The English list is derived from the message tables and the English shell, so a message
// added later is checked too. Needs a build (npm test builds first).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { en, he } from '../messages.ts';
import { enhanced, serverAndBrowser, STATE_DEADLINE_MS, WIDE } from './harness.ts';

const e2e = serverAndBrowser('hebrew', 'e2e-hebrew-admin-token-0123456789abcdef', undefined, { demoPoptins: true });

/** A message as a whole-text pattern: its `{name}` placeholders stand for any text. */
const patternOf = (message: string) =>
  new RegExp(`^${message.trim().split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+')}$`, 'i');

/** Kite's English messages that Hebrew words differently (a product name reads the same in both). */
const englishMessages = Object.entries(en)
  .filter(([key, text]) => text.trim() !== '' && /[a-z]{2}/i.test(text) && text !== he[key as keyof typeof he])
  .map(([key, text]) => ({ key, pattern: patternOf(text) }));

/** The link and label texts of a shell (its markup without comments). */
const shellTexts = (file: string) =>
  new Set(
    [...readFileSync(new URL(`../../demo/shell/${file}`, import.meta.url), 'utf8').replace(/<!--[\s\S]*?-->/g, '').matchAll(/>([^<>]*[A-Za-z][^<>]*)</g)]
      .map(([, text]) => text.trim())
      .filter(Boolean),
  );
/** Names the Hebrew shell keeps as they are: the brand, a product, and the language switcher's own language name. */
const NAMES = ['Aero Kite Works', 'Aero 2', 'English'];
const hebrewShell = shellTexts('shell-he.html');
/** The English shell's texts but the names: a Hebrew page shows none of them. */
const englishShell = [...shellTexts('shell.html')].filter((text) => !NAMES.includes(text)).map((text) => ({ key: `shell: ${text}`, pattern: patternOf(text) }));

/** Every text node and every name-giving attribute of the page, through open shadow roots. */
function everyText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    // A list of roots, not a nested function: the test's compiler would name one with a helper the page lacks.
    const roots: Node[] = [document];
    for (let root = roots.pop(); root; root = roots.pop()) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
      for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
        if (node instanceof Text) {
          if (!node.parentElement?.closest('script, style, template')) texts.push(node.data.trim());
        } else if (node instanceof Element) {
          for (const name of ['aria-label', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt']) texts.push(node.getAttribute(name)?.trim() ?? '');
          if (node.shadowRoot) roots.push(node.shadowRoot);
        }
      }
    }
    return texts.filter(Boolean);
  });
}

/** What on `page` now is English: each text with the message it matched. */
async function englishOn(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const text of await everyText(page)) {
    const match = [...englishMessages, ...englishShell].find(({ pattern }) => pattern.test(text));
    if (match) found.push(`${JSON.stringify(text)} (${match.key})`);
  }
  return found;
}

/** Opens `path` as a new visitor, lets `act` bring statuses out, and checks the page after each step. */
async function noEnglish(path: string, steps: Record<string, (page: Page) => Promise<void>>): Promise<void> {
  await e2e.asVisitor(WIDE, async ({ page }) => {
    const found: string[] = [];
    await page.goto(e2e.at(path));
    await enhanced(page);
    const everyStep: Record<string, (page: Page) => Promise<void>> = { 'on load': async () => {}, ...steps };
    for (const [step, act] of Object.entries(everyStep)) {
      await act(page);
      found.push(...(await englishOn(page)).map((text) => `${step}: ${text}`));
    }
    assert.deepEqual([...new Set(found)], [], `${path} shows no English UI text`);
  });
}

describe('the Hebrew demo pages speak Hebrew', () => {
  it('checks a list of English words that knows the message tables and the shell', () => {
    assert.ok(englishMessages.some(({ pattern }) => pattern.test(en.masonryNoMore)));
    assert.ok(englishShell.some(({ pattern }) => pattern.test('Home')), 'the English shell\'s links are in it');
    assert.deepEqual([...shellTexts('shell.html')].filter((text) => hebrewShell.has(text)), NAMES, 'the Hebrew shell shares only the names with the English one');
  });

  it('the home page', async () => {
    await noEnglish('/index-he', {});
  });

  it('the guide: shell, menu, table of contents and live search', async () => {
    await noEnglish('/article-he', {
      'searching': async (page) => {
        await page.locator('#s').fill('עפיפון');
        await page.locator('kite-live-search').locator('[role="status"]').filter({ hasText: /\S/ }).first().waitFor({ state: 'attached', timeout: STATE_DEADLINE_MS });
      },
    });
  });

  it('the portfolio: gallery in the lightbox, carousel, counters, video embeds', async () => {
    await noEnglish('/portfolio-he', {
      'lightbox open': async (page) => {
        await page.locator('kite-gallery .avia-gallery-big').click();
        await page.locator('kite-lightbox').locator('[part~="dialog"][open] [part~="image"]').waitFor({ timeout: STATE_DEADLINE_MS });
      },
    });
  });

  it('the portfolio grid: a filter and load more', async () => {
    await noEnglish('/portfolio-grid-he', {
      'filtered': async (page) => {
        await page.locator('kite-masonry [data-filter="kites_sort"]').click();
        await page.locator('kite-masonry').locator('[role="status"]').filter({ hasText: /\S/ }).first().waitFor({ state: 'attached', timeout: STATE_DEADLINE_MS });
      },
      'more loaded': async (page) => {
        const items = await page.locator('.av-masonry-entry').count();
        await page.locator('.av-masonry-load-more').click();
        await page.waitForFunction((before) => document.querySelectorAll('.av-masonry-entry').length > before, items, { timeout: STATE_DEADLINE_MS });
        // The portfolio's own items, printed by the server and loaded later, are in Hebrew too.
        const excerpts = await page.locator('.av-masonry-excerpt').allTextContents();
        assert.deepEqual(excerpts.filter((text) => !/[\u0590-\u05ff]/.test(text)), [], 'every item in Hebrew');
      },
    });
  });

  it('the pop-up gallery: a pop-up open', async () => {
    await noEnglish('/types-he', {
      'a pop-up open': async (page) => {
        await page.locator('button[data-record="lightbox"]').first().click();
        await page.locator('kite-poptin [role="dialog"][data-state="shown"]').waitFor({ timeout: STATE_DEADLINE_MS });
        // The gallery's status line names what opened in the page's words, not the record's values (lightbox, center-middle).
        const status = page.locator('#types-status');
        await page.waitForFunction(() => document.getElementById('types-status')!.textContent !== document.getElementById('types-status')!.dataset.idle, undefined, { timeout: STATE_DEADLINE_MS });
        // Its name is the record's own title (a brand may be Latin): the words around it are checked.
        assert.doesNotMatch((await status.textContent())!.replace(/„[^”]*”/, ''), /[A-Za-z]/);
      },
    });
  });
});
