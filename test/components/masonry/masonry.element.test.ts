/**
 * kite-masonry in real Chromium (content-site spec 001, sections 2, 3, 4, 7, 8 and 9 "Masonry"):
 * the theme's grid laid out in columns (shortest column, mirrored in Hebrew), the sort links as
 * toggle buttons, load-more's post, one request at a time, the reveal 100 ms apart on a fake clock
 * (at once under reduced motion), the probe and the no-more-items flag, failures and a missing
 * marker, the sanitizing, the relayout 100 ms after a resize, mouse, keyboard, touch, and axe per state.
 *
 * Every load reaches the real reference server (web-test-runner.config.mjs starts it and proxies
 * the ajax endpoint), which pages through the demo portfolio; the grid's first items are the
 * portfolio's first three, as the server prints them. Only an answer without the loaded marker and
 * a hostile one are stubbed: the server never sends either.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../../components/masonry/masonry.element.ts';
import type { KiteMasonry } from '../../../components/masonry/masonry.element.ts';
import { AJAX_ENDPOINT, AJAX_PATH, MASONRY } from '../../../shared/constants/site.ts';
import { loadMessages } from '../../../shared/i18n/index.ts';
import { answered, click, command, fakeClock, holdAnswers, spyEvents, spyFetch, stubNextAnswer, waitUntil, type Sent } from '../helpers.ts';
import { en, he } from '../../messages.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

/** Items a load asks for (the link's `data-items`): the first page shows as many. */
const ITEMS = 3;
/** Wide enough for the medium breakpoint's columns. */
const GRID_PX = 800;
const COLUMNS = MASONRY.COLUMNS.medium;
/** Heights of the first page's items: different, so the shortest column matters. */
const HEIGHTS = [120, 60, 90];
/** The demo portfolio's size (migration 009 seeds 500 items, ids 1 to 500 newest first; test/demo/server/masonry.test.ts checks it). */
const PORTFOLIO_ITEMS = 500;
const ids = (items: HTMLElement[]) => items.map((item) => item.getAttribute(MASONRY.ITEM_ID_ATTRIBUTE));
const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => String(from + index));

afterEach(async () => {
  await emulateMedia({ reducedMotion: 'no-preference' });
});

/** `held`: the query of a hold on the answers (holdAnswers), so the loading state stays until the test releases it. */
async function mount({ lang = 'en', noMore = false, offset = 0, held = '' } = {}) {
  const endpoint = `${AJAX_PATH}?${AJAX_ENDPOINT.LANG_PARAM}=${lang}${held ? `&${held}` : ''}`;
  const wrapper = await fixture<HTMLDivElement>(html`
    <div lang=${lang} dir=${lang === 'he' ? 'rtl' : 'ltr'}>
      <style>
        /* No transitions: each state is read (and checked by axe) as it ends, not halfway. */
        .grid-under-test { width: ${GRID_PX}px; --kite-masonry-transition: 0s; }
        .grid-under-test .av-masonry-container { display: grid; grid-template-columns: repeat(3, 1fr); gap: 10px; }
        .grid-under-test .av-masonry-entry { overflow: hidden; }
        .grid-under-test img { display: block; width: 100%; height: auto; }
      </style>
      <kite-masonry class="grid-under-test" endpoint=${endpoint} lang=${lang}>
        <div class="av-masonry">
          <div class="av-masonry-sort">
            <div class="av-sort-by-term">
              <a href="#" data-filter="all_sort" class="all_sort_button active_sort"><span class="inner_sort_button"><span>All</span><small class="avia-term-count"> 3 </small></span></a>
              <a href="#" data-filter="kites_sort" class="kites_sort_button"><span class="inner_sort_button"><span>Kites</span><small class="avia-term-count"> 2 </small></span></a>
              <a href="#" data-filter="boards_sort" class="boards_sort_button"><span class="inner_sort_button"><span>Boards</span><small class="avia-term-count"> 1 </small></span></a>
            </div>
          </div>
          <div class="av-masonry-container">
            ${HEIGHTS.map(
              (height, index) => html`<article class="av-masonry-entry isotope-item all_sort ${index === 1 ? 'boards_sort' : 'kites_sort'}" data-av-masonry-item=${index + 1} style="height: ${height}px">
                <h3>First ${index + 1}</h3>
              </article>`,
            )}
          </div>
          <a class="av-masonry-pagination av-masonry-load-more ${noMore ? MASONRY.NO_MORE_CLASS : ''}" href="#load-more" data-items=${ITEMS} data-offset=${offset} data-post_id="42" data-columns="automatic">Load more</a>
        </div>
      </kite-masonry>
      <p><button id="after">After the grid</button></p>
    </div>
  `);
  const element = wrapper.querySelector<KiteMasonry>('kite-masonry')!;
  await waitUntil(() => element.hasAttribute('laid-out'), 'the grid was not laid out');
  const container = element.querySelector<HTMLElement>('.av-masonry-container')!;
  const items = () => [...container.querySelectorAll<HTMLElement>('.av-masonry-entry')];
  const link = (filter: string) => element.querySelector<HTMLAnchorElement>(`[data-filter="${filter}"]`)!;
  const button = element.querySelector<HTMLAnchorElement>('.av-masonry-load-more')!;
  const status = () => element.shadowRoot!.querySelector('[part="status"]')?.textContent?.trim() ?? '';
  const loader = () => element.shadowRoot!.querySelector<HTMLElement>('[part="loader"]')!;
  return { wrapper, element, container, items, link, button, status, loader };
}

/** An item's offset in the grid, from its transform. */
function offsetOf(item: HTMLElement): [number, number] {
  const matrix = new DOMMatrixReadOnly(getComputedStyle(item).transform);
  return [Math.round(matrix.m41), Math.round(matrix.m42)];
}

/** Clicks load-more and resolves once the server answered its post. */
async function loadAnswered(sent: Sent[], button: HTMLElement) {
  const before = sent.length;
  await click(button);
  await answered(sent, before);
}

/** `read`/`write` entries as runs: `['read 3', 'write 3', ...]`. */
const runsOf = (passes: string[]) => passes.reduce<Array<[string, number]>>((runs, pass) => {
  if (runs.at(-1)?.[0] === pass) runs.at(-1)![1] += 1;
  else runs.push([pass, 1]);
  return runs;
}, []).map(([pass, count]) => `${pass} ${count}`);

const revealed = (items: HTMLElement[]) => items.filter((item) => item.classList.contains(MASONRY.ITEM_LOADED_CLASS)).length;

describe('kite-masonry', () => {
  before(async () => {
    await loadMessages('he');
  });

  it('lays the items out in the medium columns, each in the shortest column, and marks the current sort link; axe', async () => {
    const { element, items, link, container } = await mount();
    const column = (GRID_PX - 10 * (COLUMNS - 1)) / COLUMNS;
    expect(items().map(offsetOf)).to.deep.equal([
      [0, 0],
      [Math.round(column + 10), 0],
      [Math.round(2 * (column + 10)), 0],
    ]);
    expect(Math.round(items()[0]!.getBoundingClientRect().width)).to.equal(Math.round(column));
    expect(container.style.height).to.equal(`${Math.max(...HEIGHTS)}px`);
    expect(link('all_sort').getAttribute('role')).to.equal('button');
    expect(link('all_sort').getAttribute('aria-pressed')).to.equal('true');
    expect(link('kites_sort').getAttribute('aria-pressed')).to.equal('false');
    expect(link('kites_sort').getAttribute('aria-controls')).to.equal(container.id);
    await expect(element).to.be.accessible();
  });

  it('mouse: a sort link hides the other items, lays the rest out again, marks itself and says so; axe', async () => {
    const spy = spyEvents(['kite-masonry-filter']);
    const { element, items, link, status, container } = await mount();
    await click(link('kites_sort'));
    await waitUntil(() => items()[1]!.hidden, 'the board was not hidden');
    expect(items().map((item) => item.hidden)).to.deep.equal([false, true, false]);
    expect(offsetOf(items()[2]!)[0], 'the third moved into the second column').to.be.greaterThan(0);
    expect(offsetOf(items()[2]!)[0]).to.be.lessThan(GRID_PX / 2);
    expect(container.style.height).to.equal(`${Math.max(HEIGHTS[0]!, HEIGHTS[2]!)}px`);
    expect(link('kites_sort').getAttribute('aria-pressed')).to.equal('true');
    expect(link('kites_sort').classList.contains(MASONRY.ACTIVE_SORT_CLASS)).to.equal(true);
    expect(link('all_sort').getAttribute('aria-pressed')).to.equal('false');
    expect(status()).to.equal(en.masonryShowing.replace('{filter}', 'Kites').replace('{count}', '2'));
    expect(spy.of('kite-masonry-filter')[0]!.detail).to.deep.equal({ filter: 'kites_sort' });
    expect(location.hash, 'the link did not navigate').to.equal('');
    await expect(element).to.be.accessible();
  });

  it('keyboard: Space and Enter press a sort link, Enter presses load-more', async () => {
    const sent = spyFetch();
    const { items, link, button } = await mount();
    link('boards_sort').focus();
    await sendKeys({ press: 'Space' });
    await waitUntil(() => items()[0]!.hidden, 'Space did not filter');
    link('all_sort').focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !items()[0]!.hidden, 'Enter did not filter');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => sent.length === 1, 'Enter did not load');
  });

  it('load-more posts the action, items, offset, post_id, the ids shown and its other data; one request at a time; the loader shows; axe', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const spy = spyEvents(['kite-masonry-load', 'kite-masonry-loaded']);
    const hold = holdAnswers();
    const { element, button, loader, status, items } = await mount({ held: hold.query });
    await click(button);
    await waitUntil(() => sent.length === 1, 'no post');
    expect(new URL(sent[0]!.url).pathname).to.equal(AJAX_PATH);
    const body = sent[0]!.body;
    expect(body.get('action')).to.equal(MASONRY.ACTION);
    expect(body.get('items')).to.equal(String(ITEMS));
    expect(body.get('offset')).to.equal(String(ITEMS));
    expect(body.get('post_id')).to.equal('42');
    expect(body.get('columns')).to.equal('automatic');
    expect(body.getAll('loaded[]')).to.deep.equal(['1', '2', '3']);
    expect(spy.of('kite-masonry-load')[0]!.detail).to.deep.equal({ offset: ITEMS });
    await waitUntil(() => !loader().hidden, 'no loader');
    expect(status()).to.equal(en.masonryLoading);
    expect(button.getAttribute('aria-disabled')).to.equal('true');
    await click(button);
    await clock.advance(0);
    expect(sent.length, 'a second click while loading sends nothing').to.equal(1);
    clock.release();
    await expect(element).to.be.accessible();
    expect(loader().hidden, 'still loading when axe ran').to.equal(false);
    await hold.release();
    await spy.next('kite-masonry-loaded');
    expect(spy.of('kite-masonry-loaded')[0]!.detail).to.deep.equal({ count: ITEMS, noMoreItems: false });
    expect(ids(items()).slice(ITEMS), 'the portfolio\'s next items, the probe left out').to.deep.equal(range(ITEMS + 1, ITEMS));
  });

  it('adds the answer (the probe left out) and reveals the new items REVEAL_DELAY_MS apart; the next load asks for the next page', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const { items, button, loader, status } = await mount();
    clock.hold();
    await loadAnswered(sent, button);
    await waitUntil(() => items().length === 2 * ITEMS, 'the items were not added');
    expect(ids(items())).to.deep.equal(range(1, 2 * ITEMS));
    const added = items().slice(ITEMS);
    await waitUntil(() => revealed(added) === 1, 'the first new item did not reveal at once');
    await clock.advance(MASONRY.REVEAL_DELAY_MS - 1);
    expect(revealed(added), '1 ms before the next reveal').to.equal(1);
    await clock.advance(1);
    await waitUntil(() => revealed(added) === 2, 'the second did not reveal at the delay');
    await clock.advance(MASONRY.REVEAL_DELAY_MS);
    await waitUntil(() => revealed(added) === ITEMS, 'the third did not reveal');
    expect(loader().hidden).to.equal(true);
    expect(status()).to.equal(en.masonryLoadedMany.replace('{count}', String(ITEMS)));
    await waitUntil(() => !button.hasAttribute('aria-disabled'), 'the link stayed locked');
    expect(items().every((item) => offsetOf(item)[1] >= 0 && !item.hidden)).to.equal(true);
    clock.release();
    await click(button);
    await waitUntil(() => sent.length === 2, 'no second post');
    expect(sent[1]!.body.get('offset')).to.equal(String(2 * ITEMS));
    expect(sent[1]!.body.getAll('loaded[]')).to.deep.equal(range(1, 2 * ITEMS));
  });

  it('reveals a batch at once under reduced motion', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const clock = fakeClock();
    const sent = spyFetch();
    const { items, button } = await mount();
    clock.hold();
    await loadAnswered(sent, button);
    await waitUntil(() => items().length === 2 * ITEMS, 'the items were not added');
    await waitUntil(async () => {
      await clock.advance(0);
      return revealed(items().slice(ITEMS)) === ITEMS;
    }, 'not all at once');
  });

  it('fewer items than asked set the no-more-items flag: the link retires, focus goes to the status, which says so; axe', async () => {
    const sent = spyFetch();
    const spy = spyEvents(['kite-masonry-loaded']);
    // The next load starts ITEMS - 1 before the portfolio's end: the server has fewer than asked.
    const { element, items, button, status } = await mount({ offset: PORTFOLIO_ITEMS - 2 * ITEMS + 1 });
    button.focus();
    await sendKeys({ press: 'Enter' });
    await answered(sent);
    expect(sent[0]!.body.get('offset')).to.equal(String(PORTFOLIO_ITEMS - ITEMS + 1));
    await waitUntil(() => button.hidden, 'the link was not retired');
    expect(ids(items()).slice(ITEMS), 'the portfolio\'s last items').to.deep.equal(range(PORTFOLIO_ITEMS - ITEMS + 2, ITEMS - 1));
    expect(button.classList.contains(MASONRY.NO_MORE_CLASS)).to.equal(true);
    expect(spy.of('kite-masonry-loaded')[0]!.detail).to.deep.equal({ count: ITEMS - 1, noMoreItems: true });
    expect(status()).to.equal(`${en.masonryLoadedMany.replace('{count}', String(ITEMS - 1))} ${en.masonryNoMore}`);
    expect(element.shadowRoot!.activeElement?.getAttribute('part')).to.equal('status');
    await expect(element).to.be.accessible();
  });

  it('one item left: "1 more item loaded", then no more', async () => {
    const sent = spyFetch();
    const { items, button, status } = await mount({ offset: PORTFOLIO_ITEMS - ITEMS - 1 });
    await loadAnswered(sent, button);
    await waitUntil(() => button.hidden, 'the link was not retired');
    expect(ids(items()).slice(ITEMS), 'the portfolio\'s last item').to.deep.equal([String(PORTFOLIO_ITEMS)]);
    expect(status()).to.equal(`${en.masonryLoadedOne} ${en.masonryNoMore}`);
  });

  it('lays out in one read pass and one write pass: every height is read before any item is moved', async () => {
    const sent = spyFetch();
    const { items, button, link, container } = await mount();
    await loadAnswered(sent, button);
    await waitUntil(() => items().length === 2 * ITEMS, 'the items were not added');
    // Each read of an item's height and each move of an item (a write of its style), in order. A
    // write is seen by a mutation observer, taken at each read, so it lands before the read it preceded.
    const passes: string[] = [];
    const noteWrites = (records: MutationRecord[]) => {
      for (const record of records) if ((record.target as Element).parentElement === container) passes.push('write');
    };
    const writes = new MutationObserver(noteWrites);
    writes.observe(container, { subtree: true, attributeFilter: ['style'] });
    const takeWrites = () => noteWrites(writes.takeRecords());
    const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      ...height,
      get(this: HTMLElement) {
        if (this.parentElement === container) {
          takeWrites();
          passes.push('read');
        }
        return height.get!.call(this);
      },
    });
    try {
      await click(link('kites_sort'));
      await waitUntil(() => (takeWrites(), passes.at(-1) === 'write'), 'no relayout after the filter');
      await click(link('all_sort'));
      await waitUntil(() => (takeWrites(), runsOf(passes).length >= 4), 'no relayout after all');
      takeWrites();
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'offsetHeight', height);
      writes.disconnect();
    }
    // Each relayout (the filter's, then all's): every shown item's height read, then the items moved
    // (a mutation only for an item whose place changed, so at least one and at most as many).
    const shown = (filter: string) => items().filter((item) => item.classList.contains(filter)).length;
    // (Later relayouts, as pictures load, are left out.)
    const runs = runsOf(passes).slice(0, 4);
    expect(runs.map((run) => run.split(' ')[0])).to.deep.equal(['read', 'write', 'read', 'write']);
    expect([runs[0], runs[2]]).to.deep.equal([`read ${shown('kites_sort')}`, `read ${shown('all_sort')}`]);
    expect(Number(runs[1]!.split(' ')[1])).to.be.within(1, shown('kites_sort'));
    expect(Number(runs[3]!.split(' ')[1])).to.be.within(1, shown('all_sort'));
  });

  it('a grid marked as having no more items starts with the link retired', async () => {
    const { button } = await mount({ noMore: true });
    await waitUntil(() => button.hidden, 'the link shows');
  });

  it('a failure, or an answer without the marker, unlocks and hides the loader, says so, and the link works again; axe', async () => {
    const sent = spyFetch();
    const spy = spyEvents(['kite-masonry-error']);
    const { element, button, loader, status, items } = await mount();
    // A category the portfolio does not have: the server refuses the load (400, with its reason).
    button.dataset.category = 'no-such-category';
    await loadAnswered(sent, button);
    expect((await sent[0]!.answer).status).to.equal(400);
    await spy.next('kite-masonry-error');
    expect(spy.of('kite-masonry-error')[0]!.detail).to.deep.equal({ reason: 'failed' });
    await waitUntil(() => status() === en.masonryFailed, 'the failure was not said');
    expect(loader().hidden).to.equal(true);
    expect(button.hasAttribute('aria-disabled')).to.equal(false);
    await expect(element).to.be.accessible();
    delete button.dataset.category;
    // Stubbed: the server always writes the marker; a page's plugin printing over it is what this stands for.
    stubNextAnswer('<article class="av-masonry-entry all_sort" data-av-masonry-item="99">no marker</article>');
    await click(button);
    await spy.next('kite-masonry-error', undefined, 1);
    expect(spy.of('kite-masonry-error')[1]!.detail).to.deep.equal({ reason: 'no-marker' });
    expect(items().length, 'nothing added without the marker').to.equal(ITEMS);
    await waitUntil(() => !button.hasAttribute('aria-disabled'), 'the link stayed locked');
    await loadAnswered(sent, button);
    expect(sent[1]!.body.get('offset'), 'the same page asked again').to.equal(String(ITEMS));
    await waitUntil(() => items().length === 2 * ITEMS, 'the retry did not add the items');
  });

  it('sanitizes the answer: only items, no script, handler or style reaches the page; text before the marker is dropped', async () => {
    const { element, items, button } = await mount();
    const hostile = `<b>Warning: printed before the marker</b>${MASONRY.LOADED_MARKER}<style>body{display:none}</style><script>window.pwned=1</script>
      <article class="av-masonry-entry all_sort" data-av-masonry-item="7" onclick="window.pwned=2"><img src="x" onerror="window.pwned=3"><a href="javascript:alert(1)">js</a>ok</article>
      <h4>not an item</h4>`;
    // Stubbed: the reference server escapes every item it writes, so only a stub can send hostile markup.
    stubNextAnswer(hostile);
    await click(button);
    await waitUntil(() => items().length === ITEMS + 1, 'the item was not added');
    expect(element.querySelector('style, script, h4, b, [onclick], [onerror], a[href^="javascript"]')).to.equal(null);
    expect((window as { pwned?: number }).pwned).to.equal(undefined);
  });

  it('lays the grid out again RESIZE_DEBOUNCE_MS after its width last changed', async () => {
    const clock = fakeClock();
    const { element, items } = await mount();
    const before = offsetOf(items()[1]!);
    clock.hold();
    element.style.width = `${GRID_PX / 2}px`;
    // The resize observer reports on the next frame; the pause starts then.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await clock.advance(MASONRY.RESIZE_DEBOUNCE_MS - 1);
    expect(offsetOf(items()[1]!), '1 ms before the pause is over').to.deep.equal(before);
    await clock.advance(1);
    await waitUntil(() => offsetOf(items()[1]!)[0] !== before[0], 'no relayout at the delay');
    // 400 px is the mini breakpoint: one column.
    expect(items().map((item) => offsetOf(item)[0])).to.deep.equal([0, 0, 0]);
  });

  it('touch: a tap on a sort link filters, a tap on load-more loads', async () => {
    const sent = spyFetch();
    const { items, link, button } = await mount();
    const centre = (target: Element): [number, number] => {
      const box = target.getBoundingClientRect();
      return [box.x + box.width / 2, box.y + box.height / 2];
    };
    await command('touch', { from: centre(link('boards_sort')), to: centre(link('boards_sort')) });
    await waitUntil(() => items()[0]!.hidden, 'the tap did not filter');
    await command('touch', { from: centre(button), to: centre(button) });
    await waitUntil(() => sent.length === 1, 'the tap did not load');
    expect(button.getBoundingClientRect().height).to.be.at.least(44);
  });

  it('Hebrew: the columns mirror (the first item on the right), the status is Hebrew; axe', async () => {
    const { element, items, link, status } = await mount({ lang: 'he' });
    const column = (GRID_PX - 10 * (COLUMNS - 1)) / COLUMNS;
    expect(offsetOf(items()[0]!)[0]).to.equal(Math.round(GRID_PX - column));
    expect(offsetOf(items()[2]!)[0]).to.equal(0);
    await click(link('kites_sort'));
    await waitUntil(() => status() === he.masonryShowing.replace('{filter}', 'Kites').replace('{count}', '2'), 'no Hebrew status');
    expect(element.shadowRoot!.querySelector('[part="footer"]')!.getAttribute('dir')).to.equal('rtl');
    await expect(element).to.be.accessible();
  });
});
