/**
 * kite-tabs in real Chromium: the theme's tab markup taken over as WAI-ARIA tabs, exactly one tab
 * active, mouse, keyboard (automatic and manual activation, vertical tabs, right to left), touch,
 * the URL hash, the page given back as found, and axe in each state.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../components/tabs/tabs.element.ts';
import type { KiteTabs } from '../../../components/tabs/tabs.element.ts';
import { TABS } from '../../../shared/constants/site.ts';
import { click, spyEvents, touchDrag, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;


async function mount({ activation = '', vertical = false, dir = 'ltr', activeSecond = false } = {}) {
  const wrapper = await fixture<HTMLDivElement>(html`
    <div dir=${dir} lang=${dir === 'rtl' ? 'he' : 'en'}>
      <button id="before">before</button>
      <kite-tabs activation=${activation} label="Aero 2">
        <div class=${`tabcontainer ${vertical ? TABS.VERTICAL_CLASS : 'top_tab'}`}>
          <section class="av_tab_section">
            <h3 class="tab" data-fake-id="#specs">Specifications</h3>
            <div class="tab_content"><div class="tab_inner_content"><p>Ripstop sail.</p></div></div>
          </section>
          <section class="av_tab_section">
            <h3 class=${activeSecond ? 'tab active_tab' : 'tab'} data-fake-id="box">In the box</h3>
            <div class="tab_content"><p>Kite, lines, bag.</p></div>
          </section>
          <section class="av_tab_section">
            <h3 class="tab">Care</h3>
            <div class="tab_content"><p>Dry before packing.</p></div>
          </section>
        </div>
      </kite-tabs>
    </div>
  `);
  const tabs = wrapper.querySelector<KiteTabs>('kite-tabs')!;
  await waitUntil(() => tabs.hasAttribute('data-enhanced'), 'not enhanced');
  await tabs.updateComplete;
  const titles = [...wrapper.querySelectorAll<HTMLElement>('.tab')];
  const panels = [...wrapper.querySelectorAll<HTMLElement>('.tab_content')];
  const selected = () => titles.map((title) => title.getAttribute('aria-selected') === 'true');
  const shown = () => panels.map((panel) => !panel.hidden && panel.getBoundingClientRect().height > 0);
  return { wrapper, tabs, titles, panels, selected, shown, tablist: wrapper.querySelector<HTMLElement>('[role="tablist"]')! };
}

describe('kite-tabs', () => {
  afterEach(() => {
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('takes the titles into a tab list with the WAI-ARIA roles; the first tab is the one active; no axe violations', async () => {
    const { wrapper, titles, panels, selected, shown, tablist } = await mount();
    expect(titles.every((title) => title.parentElement === tablist)).to.equal(true);
    expect(tablist.getAttribute('aria-label')).to.equal('Aero 2');
    expect(tablist.hasAttribute('aria-orientation')).to.equal(false);
    expect(titles.map((title) => title.getAttribute('role'))).to.deep.equal(['tab', 'tab', 'tab']);
    titles.forEach((title, index) => {
      expect(title.getAttribute('aria-controls')).to.equal(panels[index]!.id);
      expect(panels[index]!.getAttribute('aria-labelledby')).to.equal(title.id);
      expect(panels[index]!.getAttribute('role')).to.equal('tabpanel');
    });
    expect(selected()).to.deep.equal([true, false, false]);
    expect(shown()).to.deep.equal([true, false, false]);
    expect(titles.map((title) => title.tabIndex)).to.deep.equal([0, -1, -1]);
    expect(titles[0]!.classList.contains('active_tab')).to.equal(true);
    expect(panels[0]!.classList.contains('active_tab_content')).to.equal(true);
    expect(titles[0]!.getBoundingClientRect().height).to.be.at.least(44);
    await expect(wrapper).to.be.accessible();
  });

  it("starts on the theme's active_tab", async () => {
    const { selected } = await mount({ activeSecond: true });
    expect(selected()).to.deep.equal([false, true, false]);
  });

  it('mouse: a click shows its tab, exactly one active, and says so once; no axe violations', async () => {
    const { wrapper, titles, selected, shown } = await mount();
    const events = spyEvents(['kite-tabs-change']);
    await click(titles[2]!);
    await waitUntil(() => selected()[2], 'the third tab is not active');
    expect(selected()).to.deep.equal([false, false, true]);
    expect(shown()).to.deep.equal([false, false, true]);
    await click(titles[2]!);
    expect(events.of('kite-tabs-change').map((event) => event.detail)).to.deep.equal([{ index: 2, id: null, trigger: 'select' }]);
    expect(events.heard[0]!.bubbles && events.heard[0]!.composed).to.equal(true);
    await expect(wrapper).to.be.accessible();
  });

  it('touch: a tap shows its tab', async () => {
    const { titles, selected } = await mount();
    const rect = titles[1]!.getBoundingClientRect();
    const point: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
    await touchDrag(point, point);
    await waitUntil(() => selected()[1], 'the tap did not show the second tab');
  });

  it('keyboard, automatic: Tab reaches the active tab only; arrows move and show, wrapping; Home and End; Tab goes on to the panel', async () => {
    const { wrapper, titles, panels, selected } = await mount();
    wrapper.querySelector<HTMLButtonElement>('#before')!.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(titles[0]);
    await sendKeys({ press: 'ArrowRight' });
    expect(document.activeElement).to.equal(titles[1]);
    expect(selected()).to.deep.equal([false, true, false]);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(document.activeElement).to.equal(titles[2]);
    expect(selected()).to.deep.equal([false, false, true]);
    await sendKeys({ press: 'Home' });
    expect(selected()).to.deep.equal([true, false, false]);
    await sendKeys({ press: 'End' });
    expect(selected()).to.deep.equal([false, false, true]);
    await sendKeys({ press: 'ArrowDown' });
    expect(selected()).to.deep.equal([false, false, true], 'Down does nothing in a horizontal tab list');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(panels[2]);
  });

  it('keyboard, manual: arrows move focus only; Enter or Space shows the focused tab', async () => {
    const { titles, selected } = await mount({ activation: 'manual' });
    titles[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(document.activeElement).to.equal(titles[1]);
    expect(titles[1]!.tabIndex).to.equal(0);
    expect(selected()).to.deep.equal([true, false, false]);
    await sendKeys({ press: 'Enter' });
    expect(selected()).to.deep.equal([false, true, false]);
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: ' ' });
    expect(selected()).to.deep.equal([false, false, true]);
  });

  it('right to left (Hebrew): Left goes to the next tab and Right to the previous', async () => {
    const { titles, selected } = await mount({ dir: 'rtl' });
    titles[0]!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    expect(selected()).to.deep.equal([false, true, false]);
    await sendKeys({ press: 'ArrowRight' });
    expect(selected()).to.deep.equal([true, false, false]);
  });

  it('sidebar tabs are a vertical tab list: Up and Down move; no axe violations', async () => {
    const { wrapper, titles, selected, tablist } = await mount({ vertical: true });
    expect(tablist.getAttribute('aria-orientation')).to.equal('vertical');
    titles[0]!.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(selected()).to.deep.equal([false, true, false]);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ press: 'ArrowUp' });
    expect(selected()).to.deep.equal([false, false, true]);
    await sendKeys({ press: 'ArrowRight' });
    expect(selected()).to.deep.equal([false, false, true], 'Right does nothing in a vertical tab list');
    await expect(wrapper).to.be.accessible();
  });

  it('a URL hash opens the tab with that fake id, at load and on hashchange', async () => {
    history.replaceState(null, '', '#box');
    const { selected } = await mount();
    expect(selected()).to.deep.equal([false, true, false]);
    const events = spyEvents(['kite-tabs-change']);
    location.hash = '#specs';
    await events.next('kite-tabs-change');
    expect(selected()).to.deep.equal([true, false, false]);
    expect(events.of('kite-tabs-change')[0]!.detail).to.deep.equal({ index: 0, id: 'specs', trigger: 'hash' });
    location.hash = '#nothing-of-ours';
    await new Promise((resolve) => addEventListener('hashchange', resolve, { once: true }));
    expect(selected()).to.deep.equal([true, false, false]);
  });

  it('gives the page back as it found it when it leaves', async () => {
    const fresh = await fixture<HTMLDivElement>(html`<div><div class="tabcontainer"><h3 class="tab" data-fake-id="a">A</h3><div class="tab_content">a</div><h3 class="tab">B</h3><div class="tab_content">b</div></div></div>`);
    const before = fresh.innerHTML;
    const tabs = document.createElement('kite-tabs');
    tabs.append(...fresh.childNodes);
    fresh.append(tabs);
    await waitUntil(() => tabs.hasAttribute('data-enhanced'), 'not enhanced');
    expect(tabs.innerHTML).to.not.equal(before);
    tabs.remove();
    expect(tabs.innerHTML).to.equal(before);
  });
});
