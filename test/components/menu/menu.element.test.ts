/**
 * kite-menu in real Chromium: the main menu's disclosure buttons and dropdowns (mouse, keyboard,
 * touch), the burger overlay (clone, staggered items, focus trap, scroll lock, Esc), English and
 * Hebrew, and axe in each visible state. Timings are the machine tests' (simulated clock); here
 * the test waits on the states they lead to.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import '../../../components/menu/menu.element.ts';
import type { KiteMenu } from '../../../components/menu/menu.element.ts';
import { BURGER_MENU, MEGA_MENU } from '../../../shared/constants/site.ts';
import { loadMessages } from '../../../shared/i18n/index.ts';
import { click, fakeClock, nameOf, shiftTab, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

const WIDE = { width: BURGER_MENU.OTHER_WIDTH_PX + 200, height: 700 };
const NARROW = { width: BURGER_MENU.OTHER_WIDTH_PX - 200, height: 700 };

async function menu(lang = 'en') {
  const el = await fixture<KiteMenu>(html`
    <kite-menu lang=${lang}>
      <nav aria-label="Main">
        <ul>
          <li><a href="#home">Home</a></li>
          <li>
            <a href="#products" id="products-link">Products</a>
            <ul class="sub-menu">
              <li><a href="#kites">Kites</a></li>
              <li><a href="#lines">Lines</a></li>
            </ul>
          </li>
          <li class="mega">
            <a href="#about">About</a>
            <div class="mega-menu"><ul><li><a href="#team">Team</a></li></ul></div>
          </li>
        </ul>
      </nav>
    </kite-menu>
    <p><a href="#after" id="after">After the menu</a></p>
  `);
  await el.updateComplete;
  const events: string[] = [];
  for (const type of ['kite-menu-open', 'kite-menu-close', 'kite-menu-submenu-open', 'kite-menu-submenu-close'] as const) {
    el.addEventListener(type, (event) => events.push(`${type.slice('kite-menu-'.length)}${'trigger' in event.detail ? `:${event.detail.trigger}` : ''}`));
  }
  const shadow = el.shadowRoot!;
  return {
    el,
    events,
    part: (name: string) => shadow.querySelector<HTMLElement>(`[part~="${name}"]`)!,
    toggles: () => [...el.querySelectorAll<HTMLButtonElement>('.kite-menu-toggle')],
    dropdown: (index: number) => el.querySelectorAll<HTMLElement>('[data-kite-menu-dropdown]')[index]!,
    focused: () => shadow.activeElement ?? document.activeElement,
  };
}

const isShown = (element: Element) => getComputedStyle(element).visibility === 'visible' && getComputedStyle(element).opacity === '1';

describe('kite-menu', () => {
  before(async () => {
    await loadMessages('he');
  });
  afterEach(async () => {
    await resetMouse();
    await emulateMedia({ reducedMotion: 'no-preference' });
    await setViewport(WIDE);
  });

  describe('main menu (wide window)', () => {
    it('adds a disclosure button to each dropdown and hides the dropdowns, with no axe violations', async () => {
      await setViewport(WIDE);
      const { el, part, toggles, dropdown } = await menu();
      expect(el.hasAttribute('data-enhanced')).to.equal(true);
      expect(part('burger').hidden).to.equal(true);
      expect(part('main').hidden).to.equal(false);
      expect(toggles().map((toggle) => [toggle.getAttribute('aria-expanded'), toggle.getAttribute('aria-controls'), toggle.getAttribute('aria-label')])).to.deep.equal([
        ['false', dropdown(0).id, 'Products submenu'],
        ['false', dropdown(1).id, 'About submenu'],
      ]);
      expect(getComputedStyle(dropdown(0)).visibility).to.equal('hidden');
      await expect(el).to.be.accessible();
    });

    it('a resting mouse opens the dropdown and leaving closes it', async () => {
      await setViewport(WIDE);
      const { el, events, dropdown, toggles } = await menu();
      const link = el.querySelector<HTMLElement>('#products-link')!;
      const box = link.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(box.left + 5), Math.round(box.top + box.height / 2)] });
      await waitUntil(() => isShown(dropdown(0)), 'the dropdown did not open on hover');
      expect(toggles()[0]!.getAttribute('aria-expanded')).to.equal('true');
      await expect(el).to.be.accessible();
      await sendMouse({ type: 'move', position: [WIDE.width - 5, WIDE.height - 5] });
      await waitUntil(() => getComputedStyle(dropdown(0)).visibility === 'hidden', 'the dropdown did not close');
      expect(events).to.deep.equal(['submenu-open', 'submenu-close']);
    });

    it('keyboard: focus opens, the button toggles at once, Esc closes and returns focus to the button', async () => {
      await setViewport(WIDE);
      const { el, toggles, dropdown, focused, events } = await menu();
      el.querySelector<HTMLElement>('a[href="#home"]')!.focus();
      await sendKeys({ press: 'Tab' });
      expect(nameOf(focused())).to.equal('a(products-link)');
      await waitUntil(() => dropdown(0).dataset.kiteMenuDropdown === 'open', 'focus did not open the dropdown');
      await sendKeys({ press: 'Tab' });
      expect(focused()).to.equal(toggles()[0]);
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => toggles()[0]!.getAttribute('aria-expanded') === 'false');
      await sendKeys({ press: ' ' });
      await waitUntil(() => toggles()[0]!.getAttribute('aria-expanded') === 'true');
      await expect(el).to.be.accessible();
      await sendKeys({ press: 'Tab' });
      expect(focused()?.getAttribute('href')).to.equal('#kites');
      const opened = events.filter((event) => event === 'submenu-open').length;
      expect(opened).to.be.greaterThan(0);
      // Held from here: the focus Escape gives back to the button (inside the same item) must not
      // reopen the dropdown once the focus delay has passed.
      const clock = fakeClock();
      clock.hold();
      // Marked used, so a pop-up over the page leaves this Escape alone.
      const used: boolean[] = [];
      const noteUse = (event: KeyboardEvent) => used.push(event.defaultPrevented);
      addEventListener('keydown', noteUse);
      await sendKeys({ press: 'Escape' });
      removeEventListener('keydown', noteUse);
      expect(used, 'the Escape is marked used').to.deep.equal([true]);
      await waitUntil(() => dropdown(0).dataset.kiteMenuDropdown === 'closed');
      expect(focused()).to.equal(toggles()[0]);
      await clock.advance(MEGA_MENU.FOCUS_DELAY_MS + MEGA_MENU.FADE_MS);
      expect(dropdown(0).dataset.kiteMenuDropdown, "Escape's close stands").to.equal('closed');
      expect(events.filter((event) => event === 'submenu-open').length).to.equal(opened);
      // A later visit opens it as before: focus leaves the item, then comes back.
      el.querySelector<HTMLElement>('a[href="#home"]')!.focus();
      toggles()[0]!.focus();
      await clock.advance(MEGA_MENU.FOCUS_DELAY_MS);
      await waitUntil(() => dropdown(0).dataset.kiteMenuDropdown === 'open', 'focus coming back did not open it');
    });

    it('focus leaving the item closes its dropdown at once', async () => {
      await setViewport(WIDE);
      const { toggles, dropdown } = await menu();
      toggles()[0]!.click();
      await waitUntil(() => dropdown(0).dataset.kiteMenuDropdown === 'open');
      toggles()[0]!.focus();
      document.querySelector<HTMLElement>('#after')!.focus();
      await waitUntil(() => dropdown(0).dataset.kiteMenuDropdown === 'closed');
    });

    it('touch: a tap on the button opens and closes; a touch pointer passing over opens nothing', async () => {
      await setViewport(WIDE);
      const { el, toggles, dropdown } = await menu();
      const item = el.querySelector('li.mega')!;
      item.dispatchEvent(new PointerEvent('pointerenter', { pointerType: 'touch' }));
      expect(dropdown(1).dataset.kiteMenuDropdown).to.equal('closed');
      await click(toggles()[1]!);
      await waitUntil(() => isShown(dropdown(1)), 'the mega menu did not open');
      await click(toggles()[1]!);
      await waitUntil(() => dropdown(1).dataset.kiteMenuDropdown === 'closed');
    });

    it('gives the page back as it was when it leaves', async () => {
      await setViewport(WIDE);
      const { el } = await menu();
      el.remove();
      expect(el.querySelector('.kite-menu-toggle, [data-kite-menu-dropdown]')).to.equal(null);
      expect([...el.querySelectorAll('[id]')].map((node) => node.id), 'ids it gave are taken away').to.deep.equal(['products-link']);
      expect(el.hasAttribute('data-enhanced')).to.equal(false);
    });

    it('sticky: sticks to the top while the page scrolls', async () => {
      const { el } = await menu();
      el.sticky = true;
      await el.updateComplete;
      expect(el.hasAttribute('sticky')).to.equal(true);
      expect(getComputedStyle(el).position).to.equal('sticky');
    });
  });

  describe('burger overlay (narrow window)', () => {
    it('shows the burger instead of the main menu, with no axe violations', async () => {
      await setViewport(NARROW);
      const { el, part } = await menu();
      await waitUntil(() => !part('burger').hidden, 'no burger below the breakpoint');
      expect(part('main').hidden).to.equal(true);
      expect(part('burger').getAttribute('aria-expanded')).to.equal('false');
      await expect(el).to.be.accessible();
    });

    it('opens a modal copy of the menu, items appearing one by one, focus trapped and the page locked', async () => {
      await setViewport(NARROW);
      const { el, part, focused, events } = await menu();
      await waitUntil(() => !part('burger').hidden);
      await click(part('burger'));
      await waitUntil(() => !part('overlay').hidden, 'the overlay did not open');
      expect(part('overlay').getAttribute('role')).to.equal('dialog');
      expect(part('overlay').getAttribute('aria-modal')).to.equal('true');
      expect(part('burger').getAttribute('aria-expanded')).to.equal('true');
      expect(nameOf(focused())).to.equal('button(close)');
      expect(getComputedStyle(document.documentElement).overflow).to.equal('hidden');
      const items = [...el.shadowRoot!.querySelectorAll('[part~="item"]')];
      expect(items.map((item) => item.querySelector('a')!.textContent)).to.deep.equal(['Home', 'Products', 'Kites', 'Lines', 'About', 'Team']);
      expect(el.shadowRoot!.querySelector('[id]:not(#overlay)'), 'no id of the page repeated').to.equal(null);
      expect(items[0]!.hasAttribute('data-shown')).to.equal(true);
      await waitUntil(() => items.every((item) => item.hasAttribute('data-shown')), 'not every item appeared');
      await expect(el).to.be.accessible();
      await shiftTab();
      expect(focused()?.textContent).to.equal('Team');
      await sendKeys({ press: 'Tab' });
      expect(nameOf(focused())).to.equal('button(close)');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => part('overlay').hidden, 'Esc did not close');
      expect(nameOf(focused())).to.equal('button(burger)');
      expect(getComputedStyle(document.documentElement).overflow).to.not.equal('hidden');
      expect(events).to.deep.equal(['open', 'close:escape']);
    });

    it('with reduced motion every item shows at once', async () => {
      await setViewport(NARROW);
      await emulateMedia({ reducedMotion: 'reduce' });
      const { el, part } = await menu();
      await waitUntil(() => !part('burger').hidden);
      part('burger').click();
      await el.updateComplete;
      const items = [...el.shadowRoot!.querySelectorAll('[part~="item"]')];
      expect(items.length).to.be.greaterThan(1);
      expect(items.every((item) => item.hasAttribute('data-shown'))).to.equal(true);
    });

    it('closes by its close button (focus back on the burger) and by a followed link', async () => {
      await setViewport(NARROW);
      const { el, part, focused, events } = await menu();
      await waitUntil(() => !part('burger').hidden);
      part('burger').click();
      await waitUntil(() => !part('overlay').hidden);
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => part('overlay').hidden);
      expect(nameOf(focused())).to.equal('button(burger)');
      part('burger').click();
      await waitUntil(() => !part('overlay').hidden);
      el.shadowRoot!.querySelector<HTMLElement>('[part~="overlay"] a[href="#lines"]')!.click();
      await waitUntil(() => part('overlay').hidden);
      expect(events).to.deep.equal(['open', 'close:button', 'open', 'close:link']);
    });

    it('closes when the window grows past the breakpoint', async () => {
      await setViewport(NARROW);
      const { part, events } = await menu();
      await waitUntil(() => !part('burger').hidden);
      part('burger').click();
      await waitUntil(() => !part('overlay').hidden);
      await setViewport(WIDE);
      await waitUntil(() => part('overlay').hidden, 'the overlay stayed open on a wide window');
      expect(part('burger').hidden).to.equal(true);
      expect(events).to.deep.equal(['open', 'close:resize']);
    });

    it('touch: a tap opens the overlay and a tap on its close button closes it', async () => {
      await setViewport(NARROW);
      const { part } = await menu();
      await waitUntil(() => !part('burger').hidden);
      await click(part('burger'));
      await waitUntil(() => !part('overlay').hidden);
      await click(part('close'));
      await waitUntil(() => part('overlay').hidden);
    });

    it('Hebrew: right to left, Hebrew labels, no axe violations', async () => {
      await setViewport(NARROW);
      const { el, part, toggles } = await menu('he');
      await waitUntil(() => !part('burger').hidden && part('burger').textContent!.includes('תפריט'), 'no Hebrew burger label');
      part('burger').click();
      await waitUntil(() => !part('overlay').hidden);
      expect(part('overlay').getAttribute('dir')).to.equal('rtl');
      expect(part('close').textContent).to.equal('סגירת התפריט');
      expect(toggles()[0]!.getAttribute('aria-label')).to.equal('תפריט משנה: Products');
      await expect(el).to.be.accessible();
    });
  });
});
