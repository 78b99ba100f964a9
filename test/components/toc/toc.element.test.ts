/**
 * kite-toc in real Chromium: which headings it lists and the ids it gives, the smooth scroll below
 * the sticky header, the part being read marked as the reader scrolls, keyboard, Hebrew, and axe.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../../components/toc/toc.element.ts';
import type { KiteToc } from '../../../components/toc/toc.element.ts';
import { TOC } from '../../../shared/constants/site.ts';
import { stopSmoothScroll } from '../../../shared/dom/smooth-scroll.ts';
import { loadMessages } from '../../../shared/i18n/index.ts';
import { nameOf, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

/** A sticky header of this height stands above the content, as `kite-header` does. */
const HEADER_PX = 80;
/** Tall sections, so each heading can be scrolled to the top. */
const SECTION_PX = 1200;

async function page(attributes: { level?: string; exclude?: string; smooth?: boolean; lang?: string } = {}) {
  const wrapper = await fixture<HTMLDivElement>(html`
    <div>
      <kite-header style="display:block;position:sticky;top:0;height:${HEADER_PX}px;background:#fff;z-index:1"></kite-header>
      <kite-toc level=${attributes.level ?? 'h1'} exclude=${attributes.exclude ?? ''} ?smooth=${attributes.smooth} lang=${attributes.lang ?? 'en'}>
        <p id="fallback">Contents (server)</p>
      </kite-toc>
      <div class="entry-content">
        <h1>Größe &amp; Übersicht</h1>
        <section style="height:${SECTION_PX}px"><h2>Setup</h2><h3 class="no-toc">Hidden</h3></section>
        <h1 id="own-id">Kept id</h1>
        <section style="height:${SECTION_PX}px"><h2 class="skip">Skipped h2</h2></section>
        <h1>Repeat</h1>
        <div class="skip"><h1>Parent skipped</h1></div>
        <h1>Repeat</h1>
        <h1>&lt;img src=x onerror=alert(1)&gt;</h1>
        <section style="height:${SECTION_PX}px"></section>
      </div>
    </div>
  `);
  const toc = wrapper.querySelector('kite-toc')!;
  await waitUntil(() => toc.shadowRoot?.querySelector('[part~="list"]'), 'the table was not built');
  const links = () => [...toc.shadowRoot!.querySelectorAll<HTMLAnchorElement>('[part~="link"]')];
  return { wrapper, toc, links, headings: [...wrapper.querySelectorAll<HTMLElement>('.entry-content :is(h1, h2, h3)')] };
}

describe('kite-toc', () => {
  before(async () => {
    await loadMessages('he');
  });
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    // A smooth scroll seen "arrived" within a pixel still has frames to run; left going, it would
    // carry the next test's page to the same heading before that test clicks.
    stopSmoothScroll();
    scrollTo(0, 0);
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('lists the h1 headings of the entry content by default, giving ids from their text and keeping the page\'s, with no axe violations', async () => {
    const { toc, links, headings } = await page({ exclude: 'skip' });
    expect(links().map((link) => [link.textContent, link.getAttribute('href')])).to.deep.equal([
      ['Größe & Übersicht', '#groesse-uebersicht'],
      ['Kept id', '#own-id'],
      ['Repeat', '#repeat'],
      ['Repeat', `#repeat-${TOC.FIRST_REPEAT_SUFFIX}`],
      ['<img src=x onerror=alert(1)>', '#img-src-x-onerror-alert-1'],
    ]);
    expect(headings[0]!.id).to.equal('groesse-uebersicht');
    expect(toc.shadowRoot!.querySelector('img'), 'heading text is shown as text').to.equal(null);
    const nav = toc.shadowRoot!.querySelector('nav')!;
    expect(nav.getAttribute('aria-labelledby')).to.equal('title');
    expect(toc.shadowRoot!.querySelector('#title')!.textContent).to.equal('Table of contents');
    expect(toc.shadowRoot!.querySelector('slot'), 'the fallback is replaced').to.equal(null);
    await expect(toc).to.be.accessible();
  });

  it('level lists several tags, indented; no-toc and the exclude class (on the heading or its parent) are skipped', async () => {
    const { links } = await page({ level: 'h2, h1,h3', exclude: 'skip' });
    expect(links().map((link) => [link.textContent, link.parentElement!.dataset.depth])).to.deep.equal([
      ['Größe & Übersicht', '0'],
      ['Setup', '1'],
      ['Kept id', '0'],
      ['Repeat', '0'],
      ['Repeat', '0'],
      ['<img src=x onerror=alert(1)>', '0'],
    ]);
  });

  it('gives back the headings\' ids when it leaves', async () => {
    const { toc, headings } = await page();
    toc.remove();
    expect(headings[0]!.hasAttribute('id')).to.equal(false);
    expect(headings.find((heading) => heading.id === 'own-id')).to.not.equal(undefined);
  });

  it('shows its own content and says so when there is nothing to list', async () => {
    const el = await fixture<KiteToc>(html`<kite-toc source="#nowhere"><p>Server table</p></kite-toc>`);
    const ready = new Promise<number>((resolve) => el.addEventListener('kite-toc-ready', (event) => resolve(event.detail.count)));
    el.rebuild();
    expect(await ready).to.equal(0);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('slot')).to.not.equal(null);
  });

  it('smooth: scrolls to the anchor offset below the sticky header, sets the address, moves focus and marks the entry', async () => {
    await emulateMedia({ reducedMotion: 'reduce' }); // instant: the position is final at once
    const { toc, links, headings } = await page({ smooth: true });
    const navigated: string[] = [];
    toc.addEventListener('kite-toc-navigate', (event) => navigated.push(event.detail.id));
    const target = headings.find((heading) => heading.id === 'repeat')!;
    links()[2]!.click();
    await waitUntil(() => Math.abs(target.getBoundingClientRect().top - (TOC.ANCHOR_OFFSET_PX + HEADER_PX)) < 1, 'not scrolled below the header');
    expect(location.hash).to.equal('#repeat');
    expect(document.activeElement).to.equal(target);
    expect(navigated).to.deep.equal(['repeat']);
    await waitUntil(() => links()[2]!.getAttribute('aria-current') === 'location');
    await expect(toc, 'the current entry marked, focus on its heading').to.be.accessible();
  });

  it('smooth: scrolls smoothly (over several frames) without reduced motion', async () => {
    const { links, headings } = await page({ smooth: true });
    const target = headings.find((heading) => heading.id === `repeat-${TOC.FIRST_REPEAT_SUFFIX}`)!;
    links().find((link) => link.hash === `#${target.id}`)!.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollY, 'not there in the first frame').to.be.lessThan(target.offsetTop - HEADER_PX - TOC.ANCHOR_OFFSET_PX);
    await waitUntil(() => Math.abs(target.getBoundingClientRect().top - (TOC.ANCHOR_OFFSET_PX + HEADER_PX)) < 1, 'the smooth scroll did not arrive');
  });

  it('smooth: goes through the theme\'s smooth scroll (shared/dom/smooth-scroll.ts), which the reader stops with the wheel', async () => {
    const { links, headings } = await page({ smooth: true });
    const target = headings.find((heading) => heading.id === `repeat-${TOC.FIRST_REPEAT_SUFFIX}`)!;
    const goal = target.getBoundingClientRect().top + scrollY - HEADER_PX - TOC.ANCHOR_OFFSET_PX;
    // At its first step the reader takes over with the wheel: the theme's scroll stops there, the browser's would go on.
    const tookOver = new Promise<number>((resolve) =>
      addEventListener('scroll', () => (dispatchEvent(new WheelEvent('wheel')), resolve(scrollY)), { once: true, passive: true }),
    );
    links().find((link) => link.hash === `#${target.id}`)!.click();
    const stopped = await tookOver;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(scrollY, 'stopped where the reader took over').to.equal(stopped);
    expect(stopped).to.be.lessThan(goal);
  });

  it('marks the part being read as the reader scrolls (aria-current="location")', async () => {
    const { links, headings } = await page();
    const current = () => links().findIndex((link) => link.getAttribute('aria-current') === 'location');
    await waitUntil(() => current() === 0, 'the first entry is not current at the top');
    const kept = headings.find((heading) => heading.id === 'own-id')!;
    scrollTo(0, kept.getBoundingClientRect().top + scrollY - HEADER_PX - TOC.ANCHOR_OFFSET_PX - 1);
    await waitUntil(() => current() === 1, 'the second entry did not become current');
    // Between headings (the first long section in view), the last heading scrolled past stays current.
    scrollTo(0, kept.getBoundingClientRect().top + scrollY + SECTION_PX / 2);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(current()).to.equal(1);
  });

  it('keyboard: Tab reaches the links and Enter follows one', async () => {
    const { toc, links } = await page();
    toc.shadowRoot!.querySelector<HTMLElement>('[part~="link"]')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(nameOf(toc.shadowRoot!.activeElement)).to.equal('a(link)');
    expect(toc.shadowRoot!.activeElement).to.equal(links()[1]);
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => location.hash === '#own-id', 'Enter did not follow the link');
  });

  it('Hebrew: right to left, a Hebrew title, Hebrew headings get ids, no axe violations', async () => {
    const el = await fixture<HTMLDivElement>(html`
      <div>
        <kite-toc lang="he" source="#he-content"></kite-toc>
        <div id="he-content" dir="rtl"><h1>מבוא</h1><h1>סיכום!</h1></div>
      </div>
    `);
    const toc = el.querySelector('kite-toc')!;
    await waitUntil(() => toc.shadowRoot?.querySelector('[part~="list"]'));
    await waitUntil(() => toc.shadowRoot!.querySelector('#title')!.textContent === 'תוכן העניינים', 'no Hebrew title');
    expect(toc.shadowRoot!.querySelector('nav')!.getAttribute('dir')).to.equal('rtl');
    expect([...el.querySelectorAll('h1')].map((heading) => heading.id)).to.deep.equal(['מבוא', 'סיכום']);
    await expect(toc).to.be.accessible();
  });
});
