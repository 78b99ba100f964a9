/**
 * kite-live-search in real Chromium (content-site spec 001, sections 2, 4, 5, 7 and 9 "Live
 * search"): the theme's search form enhanced as a combobox, the 3-character minimum and the 300 ms
 * pause on a fake clock, the post, the loading indicator, results, no results, parking, Escape,
 * the latest answer only, the sanitizing, keyboard, mouse, touch, Hebrew, and axe per state.
 *
 * The web-test-runner dev server cannot run the reference server: `window.fetch` is stubbed for
 * the ajax post only, answering with the reference server's own fragment writer
 * (demo/server/search-fragment.ts); the real round trip is test/e2e/live-search.test.ts.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../components/live-search/live-search.element.ts';
import type { KiteLiveSearch } from '../../../components/live-search/live-search.element.ts';
import { searchFragment, MARK_OPEN, MARK_CLOSE } from '../../../demo/server/search-fragment.ts';
import { LIVE_SEARCH } from '../../../shared/constants/site.ts';
import { loadMessages } from '../../../shared/i18n/index.ts';
import { click, command, fakeClock, spyEvents, stubFetch, waitUntil, type FakeClock, type StubbedSent as Sent } from '../helpers.ts';
import { en, he } from '../../messages.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

const TYPED = 'k'.repeat(LIVE_SEARCH.MIN_CHARS);
const RESULTS = searchFragment([
  { path: '#result-aero', image: '', title: `${MARK_OPEN}Aero${MARK_CLOSE} 2`, excerpt: `The ${MARK_OPEN}Aero${MARK_CLOSE} kite` },
  { path: '#result-guide', image: '', title: 'Flying guide', excerpt: `Launch the ${MARK_OPEN}Aero${MARK_CLOSE}` },
]);

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function mount({ lang = 'en', disabled = false, endpoint = '/ajax-endpoint?lang=en' } = {}) {
  const wrapper = await fixture<HTMLDivElement>(html`
    <div lang=${lang} dir=${lang === 'he' ? 'rtl' : 'ltr'} style="padding: 1rem">
      <kite-live-search endpoint=${endpoint} lang=${lang} style="width: 12rem">
        <form action="/?post_type=page" id="searchform" method="get" role="search" class=${disabled ? LIVE_SEARCH.DISABLE_CLASS : ''}>
          <label for="s">Search</label>
          <input type="search" id="s" name="s" />
          <input type="submit" value="Search" />
        </form>
      </kite-live-search>
      <p style="margin-top: 24rem"><button id="outside">Elsewhere</button></p>
    </div>
  `);
  const element = wrapper.querySelector<KiteLiveSearch>('kite-live-search')!;
  const field = element.querySelector('input')!;
  if (!disabled) await waitUntil(() => field.getAttribute('role') === 'combobox', 'the field was not enhanced');
  const panel = () => element.querySelector<HTMLElement>('.kite-live-search-panel')!;
  const options = () => [...element.querySelectorAll<HTMLAnchorElement>('[role="option"]')];
  const status = () => element.shadowRoot!.querySelector('[part="status"]')?.textContent ?? '';
  return { wrapper, element, field, panel, options, status, outside: wrapper.querySelector<HTMLButtonElement>('#outside')! };
}

/** Types `text` into the field as a visitor does. */
async function type(field: HTMLInputElement, text: string) {
  field.focus();
  await sendKeys({ type: text });
}

/** Types enough, lets the pause run out, and answers the post with `answer`. */
async function searchAndAnswer(clock: FakeClock, sent: Sent[], field: HTMLInputElement, answer = RESULTS, text = TYPED) {
  await type(field, text);
  await clock.advance(LIVE_SEARCH.DELAY_MS);
  await waitUntil(() => sent.length > 0, 'no post');
  sent.at(-1)!.release(answer);
}

describe('kite-live-search', () => {
  before(async () => {
    await loadMessages('he');
  });

  it('makes the field a combobox and posts the form, the action and the action URL\'s query, only at 3 characters and 300 ms after the last keystroke', async () => {
    const clock = fakeClock();
    clock.hold();
    const sent = stubFetch();
    const { field, panel } = await mount();
    expect(field.getAttribute('aria-expanded')).to.equal('false');
    expect(field.getAttribute('aria-autocomplete')).to.equal('list');
    expect(document.getElementById(field.getAttribute('aria-controls')!)?.getAttribute('role')).to.equal('listbox');
    await type(field, TYPED.slice(0, -1));
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    expect(sent.length, 'too short: nothing sent').to.equal(0);
    await sendKeys({ type: TYPED.slice(-1) });
    await clock.advance(LIVE_SEARCH.DELAY_MS - 1);
    expect(sent.length, '1 ms before the pause is over').to.equal(0);
    await clock.advance(1);
    await waitUntil(() => sent.length === 1, 'no post at the delay');
    expect(new URL(sent[0]!.url).pathname).to.equal('/ajax-endpoint');
    expect(Object.fromEntries(sent[0]!.body)).to.deep.equal({ s: TYPED, action: LIVE_SEARCH.ACTION, post_type: 'page' });
    expect(panel().hidden).to.equal(false);
    expect(panel().querySelector<HTMLElement>('.kite-live-search-loading')!.hidden, 'the loading indicator').to.equal(false);
    clock.release();
    await expect(panel()).to.be.accessible();
  });

  it('shows the sanitized results as options, announces the count, and does not search the same value again; axe', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const spy = spyEvents(['kite-live-search-search', 'kite-live-search-results']);
    const { element, field, options, status, panel } = await mount();
    await searchAndAnswer(clock, sent, field);
    await waitUntil(() => options().length === 2, 'no options');
    expect(options().map((option) => option.getAttribute('href'))).to.deep.equal(['#result-aero', '#result-guide']);
    expect(options()[0]!.querySelector('mark')!.textContent).to.equal('Aero');
    expect(field.getAttribute('aria-expanded')).to.equal('true');
    expect(panel().querySelector<HTMLElement>('.kite-live-search-loading')!.hidden).to.equal(true);
    await waitUntil(() => status() === en.liveSearchMany.replace('{count}', '2'), 'the count was not announced');
    expect(element.shadowRoot!.querySelector('[part="status"]')!.getAttribute('role')).to.equal('status');
    expect(spy.of('kite-live-search-results')[0]!.detail).to.deep.equal({ value: TYPED, count: 2 });
    clock.hold();
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Backspace' });
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    expect(sent.length, 'the same value again when the pause ends: no post').to.equal(1);
    clock.release();
    await expect(element).to.be.accessible();
  });

  it('answers 0 with the no-results message; axe', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const { element, field, panel, status, options } = await mount();
    await searchAndAnswer(clock, sent, field, LIVE_SEARCH.NO_RESULTS_ANSWER);
    const none = () => panel().querySelector<HTMLElement>('.kite-live-search-none')!;
    await waitUntil(() => !none().hidden, 'no message');
    expect(none().textContent).to.equal(en.liveSearchNone);
    expect(options().length).to.equal(0);
    expect(status()).to.equal(en.liveSearchNone);
    await expect(element).to.be.accessible();
  });

  it('sanitizes the answer: no script, handler, style or foreign markup reaches the page', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const { element, field, options } = await mount();
    const hostile = `<style>body{display:none}</style><script>window.pwned=1</script>
      <a class="av_ajax_search_entry" href="javascript:alert(1)">js</a>
      <a class="av_ajax_search_entry" href="#ok" onclick="window.pwned=2"><style>body{display:none}</style><img src="x" onerror="window.pwned=3">ok</a>
      <h4>not a result</h4>`;
    await searchAndAnswer(clock, sent, field, hostile);
    await waitUntil(() => options().length > 0, 'no options');
    expect(options().map((option) => option.getAttribute('href')), 'the javascript: link lost its href').to.deep.equal(['#ok']);
    expect(element.querySelector('style, script, h4, [onclick], [onerror]')).to.equal(null);
    expect((window as { pwned?: number }).pwned).to.equal(undefined);
  });

  it('keyboard: Down and Up move through the results (wrapping), Enter opens the active one, Escape clears', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const spy = spyEvents(['kite-live-search-open', 'kite-live-search-clear']);
    const { field, options, panel } = await mount();
    await searchAndAnswer(clock, sent, field);
    await waitUntil(() => options().length === 2, 'no options');
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => field.getAttribute('aria-activedescendant') === options()[0]!.id, 'Down: the first');
    expect(options()[0]!.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => field.getAttribute('aria-activedescendant') === options()[1]!.id, 'Up: wraps to the last');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => location.hash === '#result-guide', 'Enter did not open the result');
    expect(spy.of('kite-live-search-open')[0]!.detail).to.deep.equal({ index: 1 });
    history.replaceState(null, '', location.pathname + location.search);
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => panel().hidden, 'Escape did not clear');
    expect(options().length).to.equal(0);
    expect(field.hasAttribute('aria-activedescendant')).to.equal(false);
    expect(spy.types()).to.include('kite-live-search-clear');
  });

  it('mouse: a click outside parks the field and hides the results; a click on the field shows them again', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const { element, field, options, panel, outside } = await mount();
    await searchAndAnswer(clock, sent, field);
    await waitUntil(() => options().length === 2, 'no options');
    await click(outside);
    await waitUntil(() => panel().hidden, 'still shown');
    expect(field.classList.contains(LIVE_SEARCH.PARKED_CLASS)).to.equal(true);
    expect(field.getAttribute('aria-expanded')).to.equal('false');
    await expect(element).to.be.accessible();
    await click(field);
    await waitUntil(() => !panel().hidden, 'not shown again');
    expect(field.classList.contains(LIVE_SEARCH.PARKED_CLASS)).to.equal(false);
    expect(sent.length, 'shown again without a new post').to.equal(1);
    await click(options()[0]!);
    await waitUntil(() => location.hash === '#result-aero', 'a click on a result opens it');
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('touch: a tap outside parks, a tap on the field shows the results again', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const { field, options, panel, outside } = await mount();
    await searchAndAnswer(clock, sent, field);
    await waitUntil(() => options().length === 2, 'no options');
    const centre = (node: Element): [number, number] => {
      const rect = node.getBoundingClientRect();
      return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
    };
    await command('touch', { from: centre(outside), to: centre(outside) });
    await waitUntil(() => panel().hidden, 'a tap outside did not park');
    await command('touch', { from: centre(field), to: centre(field) });
    await waitUntil(() => !panel().hidden, 'a tap on the field did not show them again');
  });

  it('an emptied field clears; a newer search aborts the one in flight and only the latest answer is shown', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const { field, options, panel } = await mount();
    await type(field, TYPED);
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    await waitUntil(() => sent.length === 1, 'no first post');
    await sendKeys({ type: 'i' });
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    await waitUntil(() => sent.length === 2, 'no second post');
    expect(sent[0]!.signal?.aborted, 'the first post was aborted').to.equal(true);
    sent[0]!.release(searchFragment([{ path: '#stale', image: '', title: 'Stale', excerpt: '' }]));
    sent[1]!.release(RESULTS);
    await waitUntil(() => options().length === 2, 'the latest answer is not shown');
    expect(options().some((option) => option.getAttribute('href') === '#stale')).to.equal(false);
    field.select();
    await sendKeys({ press: 'Backspace' });
    await waitUntil(() => panel().hidden, 'an empty field did not clear');
  });

  it('leaves a field flagged to disable live search alone', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const { field } = await mount({ disabled: true });
    await type(field, TYPED);
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    expect(sent.length).to.equal(0);
    expect(field.hasAttribute('role')).to.equal(false);
  });

  it('posts to the theme\'s global ajax endpoint when no endpoint attribute names one', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    (window as unknown as Record<string, unknown>).avia_framework_globals = { ajaxurl: '/theme-ajax?lang=en' };
    cleanups.push(() => delete (window as unknown as Record<string, unknown>).avia_framework_globals);
    const { field } = await mount({ endpoint: '' });
    await type(field, TYPED);
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    await waitUntil(() => sent.length === 1, 'no post');
    expect(new URL(sent[0]!.url).pathname + new URL(sent[0]!.url).search).to.equal('/theme-ajax?lang=en');
  });

  it('Hebrew: the panel mirrors, the messages are Hebrew; axe', async () => {
    const clock = fakeClock();
    const sent = stubFetch();
    const { element, field, panel, status } = await mount({ lang: 'he' });
    await searchAndAnswer(clock, sent, field, RESULTS, 'עפי');
    await waitUntil(() => status() === he.liveSearchMany.replace('{count}', '2'), 'no Hebrew count');
    expect(panel().dir).to.equal('rtl');
    const fieldBox = field.getBoundingClientRect();
    expect(Math.round(panel().getBoundingClientRect().right), 'the panel starts at the right').to.equal(Math.round(element.getBoundingClientRect().right));
    expect(fieldBox.width).to.be.greaterThan(0);
    expect(panel().querySelector('[role="listbox"]')!.getAttribute('aria-label')).to.equal(he.liveSearchResults);
    await expect(element).to.be.accessible();
  });
});
