/**
 * kite-live-search in real Chromium (content-site spec 001, sections 2, 4, 5, 7 and 9 "Live
 * search"): the theme's search form enhanced as a combobox, the 3-character minimum and the 300 ms
 * pause on a fake clock, the post, the loading indicator, results, no results, parking, Escape,
 * the latest answer only, the sanitizing, keyboard, mouse, touch, Hebrew, and axe per state.
 *
 * Every post reaches the real reference server (web-test-runner.config.mjs starts it and proxies
 * the ajax endpoint): its FTS5 search over the demo site's pages answers, and the test reads what
 * it answered. Only the sanitizing test answers without it: the server never sends hostile markup.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../components/live-search/live-search.element.ts';
import type { KiteLiveSearch } from '../../../components/live-search/live-search.element.ts';
import { AJAX_ENDPOINT, AJAX_PATH, LIVE_SEARCH } from '../../../shared/constants/site.ts';
import { loadMessages } from '../../../shared/i18n/index.ts';
import { answered, click, command, fakeClock, holdAnswers, spyEvents, spyFetch, stubNextAnswer, waitUntil, type FakeClock, type Sent } from '../helpers.ts';
import { en, he } from '../../messages.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

/** A word several of the demo site's pages have (demo/public): typed up to the minimum, it finds them all. */
const TYPED = 'launch'.slice(0, LIVE_SEARCH.MIN_CHARS);
/** Found on one page only, so its results differ from TYPED's. */
const OTHER = 'bridle';
/** On no page of the demo site. */
const NOWHERE = 'zeppelinxyz';
/** A Hebrew word of the Hebrew pages, up to the minimum. */
const TYPED_HE = 'עפיפון'.slice(0, LIVE_SEARCH.MIN_CHARS);
const endpointOf = (lang: string) => `${AJAX_PATH}?${AJAX_ENDPOINT.LANG_PARAM}=${lang}`;

/** The result links of an answer of the server's, in its order. */
const hrefsOf = (answer: string) =>
  [...new DOMParser().parseFromString(answer, 'text/html').querySelectorAll(`a.${LIVE_SEARCH.ENTRY_CLASS}`)].map((link) => link.getAttribute('href'));

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/**
 * The results the page opened (a link clicked and not prevented by the element), kept from
 * navigating: the results are the demo site's real pages, and the test page must stay.
 */
function keepOpenedHere(): string[] {
  const opened: string[] = [];
  const listener = (event: MouseEvent) => {
    const link = (event.target as Element).closest?.('a[href]');
    if (!link) return;
    if (!event.defaultPrevented) opened.push(link.getAttribute('href')!);
    event.preventDefault();
  };
  window.addEventListener('click', listener);
  cleanups.push(() => window.removeEventListener('click', listener));
  return opened;
}

async function mount({ lang = 'en', disabled = false, endpoint = endpointOf(lang) } = {}) {
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

/** Types `text`, lets the pause run out, and resolves with the result links the server answered, once the page shows them. */
async function search(clock: FakeClock, sent: Sent[], field: HTMLInputElement, options: () => HTMLAnchorElement[], text = TYPED) {
  const before = sent.length;
  await type(field, text);
  await clock.advance(LIVE_SEARCH.DELAY_MS);
  await answered(sent, before);
  const hrefs = hrefsOf(await sent[before]!.text);
  await waitUntil(() => options().length === hrefs.length && options().length > 0, 'the results are not shown');
  return hrefs;
}

describe('kite-live-search', () => {
  before(async () => {
    await loadMessages('he');
  });

  it('makes the field a combobox and posts the form, the action and the action URL\'s query, only at 3 characters and 300 ms after the last keystroke; idle and loading states; axe in each', async () => {
    const clock = fakeClock();
    clock.hold();
    const sent = spyFetch();
    // The answer is held until the loading state has been checked.
    const hold = holdAnswers();
    const { element, field, panel, status } = await mount({ endpoint: `${endpointOf('en')}&${hold.query}` });
    clock.release();
    await expect(element, 'idle').to.be.accessible();
    clock.hold();
    expect(panel().hidden, 'idle: no panel').to.equal(true);
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
    expect(new URL(sent[0]!.url).pathname).to.equal(AJAX_PATH);
    expect(Object.fromEntries(sent[0]!.body)).to.deep.equal({ s: TYPED, action: LIVE_SEARCH.ACTION, post_type: 'page' });
    expect(panel().hidden).to.equal(false);
    const loading = panel().querySelector<HTMLElement>('.kite-live-search-loading')!;
    expect(loading.hidden, 'the loading indicator').to.equal(false);
    expect(loading.textContent).to.equal(en.liveSearchLoading);
    expect(status(), 'nothing announced yet').to.equal('');
    clock.release();
    await expect(element, 'loading').to.be.accessible();
    expect(loading.hidden, 'still loading when axe ran').to.equal(false);
    await hold.release();
    await answered(sent, 0);
    await waitUntil(() => loading.hidden, 'the answer ends the loading state');
  });

  it('shows the server\'s results, sanitized, as options with the match marked, announces the count, and does not search the same value again; axe', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const spy = spyEvents(['kite-live-search-search', 'kite-live-search-results']);
    const { element, field, options, status, panel } = await mount();
    const hrefs = await search(clock, sent, field, options);
    expect(hrefs.length, 'the demo site has several pages with the word').to.be.greaterThan(1);
    expect(options().map((option) => option.getAttribute('href'))).to.deep.equal(hrefs);
    expect(options()[0]!.querySelector('mark')!.textContent!.toLowerCase()).to.match(new RegExp(`^${TYPED}`));
    expect(field.getAttribute('aria-expanded')).to.equal('true');
    expect(panel().querySelector<HTMLElement>('.kite-live-search-loading')!.hidden).to.equal(true);
    await waitUntil(() => status() === en.liveSearchMany.replace('{count}', String(hrefs.length)), 'the count was not announced');
    expect(element.shadowRoot!.querySelector('[part="status"]')!.getAttribute('role')).to.equal('status');
    expect(spy.of('kite-live-search-results')[0]!.detail).to.deep.equal({ value: TYPED, count: hrefs.length });
    clock.hold();
    await sendKeys({ type: 'x' });
    await sendKeys({ press: 'Backspace' });
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    expect(sent.length, 'the same value again when the pause ends: no post').to.equal(1);
    clock.release();
    await expect(element).to.be.accessible();
  });

  it('the server\'s 0 shows the no-results message; axe', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const { element, field, panel, status, options } = await mount();
    await type(field, NOWHERE);
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    await answered(sent);
    expect(await sent[0]!.text).to.equal(LIVE_SEARCH.NO_RESULTS_ANSWER);
    const none = () => panel().querySelector<HTMLElement>('.kite-live-search-none')!;
    await waitUntil(() => !none().hidden, 'no message');
    expect(none().textContent).to.equal(en.liveSearchNone);
    expect(options().length).to.equal(0);
    expect(status()).to.equal(en.liveSearchNone);
    await expect(element).to.be.accessible();
  });

  it('sanitizes the answer: no script, handler, style or foreign markup reaches the page', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const { element, field, options } = await mount();
    // Stubbed: the reference server escapes what it indexes, so only a stub can send hostile markup.
    stubNextAnswer(`<style>body{display:none}</style><script>window.pwned=1</script>
      <a class="av_ajax_search_entry" href="javascript:alert(1)">js</a>
      <a class="av_ajax_search_entry" href="#ok" onclick="window.pwned=2"><style>body{display:none}</style><img src="x" onerror="window.pwned=3">ok</a>
      <h4>not a result</h4>`);
    await type(field, TYPED);
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    await waitUntil(() => options().length > 0, 'no options');
    expect(sent.length, 'the stub answered, not the server').to.equal(0);
    expect(options().map((option) => option.getAttribute('href')), 'the javascript: link lost its href').to.deep.equal(['#ok']);
    expect(element.querySelector('style, script, h4, [onclick], [onerror]')).to.equal(null);
    expect((window as { pwned?: number }).pwned).to.equal(undefined);
  });

  it('keyboard: Down and Up move through the results (wrapping), Enter opens the active one, Escape clears', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const opened = keepOpenedHere();
    const spy = spyEvents(['kite-live-search-open', 'kite-live-search-clear']);
    const { field, options, panel } = await mount();
    const hrefs = await search(clock, sent, field, options);
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => field.getAttribute('aria-activedescendant') === options()[0]!.id, 'Down: the first');
    expect(options()[0]!.getAttribute('aria-selected')).to.equal('true');
    await sendKeys({ press: 'ArrowUp' });
    await waitUntil(() => field.getAttribute('aria-activedescendant') === options().at(-1)!.id, 'Up: wraps to the last');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => opened.length === 1, 'Enter did not open the result');
    expect(opened).to.deep.equal([hrefs.at(-1)]);
    expect(spy.of('kite-live-search-open')[0]!.detail).to.deep.equal({ index: hrefs.length - 1 });
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => panel().hidden, 'Escape did not clear');
    expect(options().length).to.equal(0);
    expect(field.hasAttribute('aria-activedescendant')).to.equal(false);
    expect(spy.types()).to.include('kite-live-search-clear');
  });

  it('mouse: a click outside parks the field and hides the results; axe; a click on the field shows them again', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const opened = keepOpenedHere();
    const { element, field, options, panel, outside } = await mount();
    const hrefs = await search(clock, sent, field, options);
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
    await waitUntil(() => opened.length === 1, 'a click on a result opens it');
    expect(opened).to.deep.equal([hrefs[0]]);
  });

  it('touch: a tap outside parks, a tap on the field shows the results again', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const { field, options, panel, outside } = await mount();
    await search(clock, sent, field, options);
    const centre = (node: Element): [number, number] => {
      const rect = node.getBoundingClientRect();
      return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
    };
    await command('touch', { from: centre(outside), to: centre(outside) });
    await waitUntil(() => panel().hidden, 'a tap outside did not park');
    expect(field.classList.contains(LIVE_SEARCH.PARKED_CLASS)).to.equal(true);
    await command('touch', { from: centre(field), to: centre(field) });
    await waitUntil(() => !panel().hidden, 'a tap on the field did not show them again');
  });

  it('a newer search aborts the one in flight and only the latest answer is shown; an emptied field clears', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    // The first search's answer is held until the end: only the abort ends it sooner.
    const hold = holdAnswers();
    const { element, field, options, panel, status } = await mount({ endpoint: `${endpointOf('en')}&${hold.query}` });
    await type(field, TYPED);
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    await waitUntil(() => sent.length === 1, 'no first post');
    // The second search goes to the endpoint without the hold: without the abort, the first answer would come last.
    element.setAttribute('endpoint', endpointOf('en'));
    field.select();
    await sendKeys({ type: OTHER });
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    await waitUntil(() => sent.length === 2, 'no second post');
    expect(sent[0]!.signal?.aborted, 'the first post was aborted').to.equal(true);
    await answered(sent, 1);
    const latest = hrefsOf(await sent[1]!.text);
    expect(latest).to.not.deep.equal(hrefsOf(await (await fetch(endpointOf('en'), { method: 'POST', body: new URLSearchParams({ s: TYPED, action: LIVE_SEARCH.ACTION }) })).text()));
    await waitUntil(() => options().length === latest.length, 'the latest answer is not shown');
    expect(options().map((option) => option.getAttribute('href'))).to.deep.equal(latest);
    expect(latest.length, 'one page has the other word').to.equal(1);
    await waitUntil(() => status() === en.liveSearchOne, 'one result announced as one');
    field.select();
    await sendKeys({ press: 'Backspace' });
    await waitUntil(() => panel().hidden, 'an empty field did not clear');
    await hold.release();
  });

  it('a refused search (the server\'s 400) shows nothing, announces nothing, and says so in kite-live-search-error', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const spy = spyEvents(['kite-live-search-error']);
    // No two-letter language: the server refuses the post with its reason.
    const { field, panel, status, options } = await mount({ endpoint: endpointOf('english') });
    await type(field, TYPED);
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    await answered(sent);
    expect((await sent[0]!.answer).status).to.equal(400);
    expect(await sent[0]!.text).to.contain('lang');
    expect((await spy.next('kite-live-search-error')).detail).to.deep.equal({ value: TYPED });
    await waitUntil(() => panel().hidden, 'the panel shows');
    expect(field.getAttribute('aria-expanded')).to.equal('false');
    expect(options().length).to.equal(0);
    expect(status()).to.equal('');
  });

  it('leaves a field flagged to disable live search alone', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const { field } = await mount({ disabled: true });
    await type(field, TYPED);
    await clock.advance(LIVE_SEARCH.DELAY_MS);
    expect(sent.length).to.equal(0);
    expect(field.hasAttribute('role')).to.equal(false);
  });

  it('posts to the theme\'s global ajax endpoint when no endpoint attribute names one', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    (window as unknown as Record<string, unknown>)[AJAX_ENDPOINT.GLOBAL] = { [AJAX_ENDPOINT.FIELD]: endpointOf('en') };
    cleanups.push(() => delete (window as unknown as Record<string, unknown>)[AJAX_ENDPOINT.GLOBAL]);
    const { field, options } = await mount({ endpoint: '' });
    await search(clock, sent, field, options);
    expect(new URL(sent[0]!.url).pathname + new URL(sent[0]!.url).search).to.equal(endpointOf('en'));
  });

  it('Hebrew: the Hebrew pages\' results, the panel mirrors, the messages are Hebrew; axe', async () => {
    const clock = fakeClock();
    const sent = spyFetch();
    const { element, field, panel, status, options } = await mount({ lang: 'he' });
    const hrefs = await search(clock, sent, field, options, TYPED_HE);
    expect(new URL(sent[0]!.url).searchParams.get(AJAX_ENDPOINT.LANG_PARAM)).to.equal('he');
    expect(hrefs.every((href) => href!.endsWith('-he')), 'the Hebrew pages').to.equal(true);
    await waitUntil(() => status() === he.liveSearchMany.replace('{count}', String(hrefs.length)), 'no Hebrew count');
    expect(panel().dir).to.equal('rtl');
    const fieldBox = field.getBoundingClientRect();
    expect(Math.round(panel().getBoundingClientRect().right), 'the panel starts at the right').to.equal(Math.round(element.getBoundingClientRect().right));
    expect(fieldBox.width).to.be.greaterThan(0);
    expect(panel().querySelector('[role="listbox"]')!.getAttribute('aria-label')).to.equal(he.liveSearchResults);
    await expect(element).to.be.accessible();
  });
});
