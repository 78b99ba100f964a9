/**
 * Bars and corner boxes never hide the control a keyboard user moves to (WCAG 2.2, 2.4.11 Focus
 * Not Obscured): while one is open at an edge of the window, the page scrolls a newly focused
 * control into view clear of it; when it closes, the page's scrolling is as before.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { shiftTab, waitUntil } from '../helpers.ts';
import '../../../components/poptin/poptin.element.ts';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { PoptinLocation, PoptinType } from '../../../shared/schema/poptin-record.ts';
import { cleanUp, newPoptinId, sizedRecord, spyEvents, waitForDialog } from './kit.ts';

const CASES: Array<{ label: string; type: PoptinType; location: PoptinLocation }> = [
  { label: 'a bar at the bottom', type: 'bar', location: 'center-bottom' },
  { label: 'a corner box at the bottom right', type: 'bside', location: 'right-bottom' },
  { label: 'a bar at the top', type: 'bar', location: 'center-top' },
];

/** A long page with the pop-up, and a control the test moves under it. */
async function longPage(type: PoptinType, location: PoptinLocation) {
  const record = sizedRecord(newPoptinId('kclear'), { type, location, blocks: [{ type: 'title', text: 'Sale' }, { type: 'text', text: 'Free shipping today.' }] });
  const page = await fixture<HTMLDivElement>(html`
    <div>
      <div id="above" style="height: 300vh"></div>
      <button id="first">First</button>
      <div id="between" style="height: 50vh"></div>
      <button id="second">Second</button>
      <div style="height: 300vh"></div>
      <kite-poptin .poptin=${record}></kite-poptin>
    </div>
  `);
  const get = <T extends HTMLElement>(id: string) => page.querySelector<T>(`#${id}`)!;
  return { el: page.querySelector<KitePoptin>('kite-poptin')!, first: get('first'), second: get('second'), between: get('between') };
}

describe('kite-poptin keeps the focused control in sight', () => {
  afterEach(async () => {
    await cleanUp();
    window.scrollTo(0, 0);
  });

  for (const { label, type, location } of CASES) {
    const atBottom = location.endsWith('bottom');
    it(`with ${label} open, a control the visitor Tabs to under it is scrolled clear of it; closed, the page scrolls as before`, async () => {
      const { el, first, second, between } = await longPage(type, location);
      const events = spyEvents();
      el.setAttribute('open', '');
      const dialog = await waitForDialog(el);
      await events.next('kite-poptin-show');
      const box = dialog.getBoundingClientRect();
      // Tab forwards to a control that sits, in the window, just inside the bottom pop-up's edge;
      // Shift+Tab back to one just inside the top pop-up's edge: the browser sees it in the window
      // and scrolls only if the pop-up's edge is taken off the window's.
      const [from, to] = atBottom ? [first, second] : [second, first];
      window.scrollTo(0, 0);
      const target = atBottom ? box.top + 4 : box.bottom - 4 - to.offsetHeight;
      if (atBottom) {
        window.scrollTo(0, first.getBoundingClientRect().top - 8);
        between.style.height = `${box.top + 4 - first.getBoundingClientRect().bottom}px`;
      } else {
        window.scrollTo(0, first.getBoundingClientRect().top + window.scrollY - target);
        between.style.height = `${innerHeight - 8 - first.getBoundingClientRect().bottom - second.offsetHeight}px`;
      }
      expect(Math.round(to.getBoundingClientRect().top), 'the control starts under the pop-up').to.be.closeTo(Math.round(target), 2);
      from.focus({ preventScroll: true });
      await (atBottom ? sendKeys({ press: 'Tab' }) : shiftTab());
      await waitUntil(() => document.activeElement === to, 'focus on the control');
      const now = dialog.getBoundingClientRect();
      const control = to.getBoundingClientRect();
      const clear = atBottom ? control.bottom <= now.top : control.top >= now.bottom;
      expect(clear, `control ${Math.round(control.top)}-${Math.round(control.bottom)}, pop-up ${Math.round(now.top)}-${Math.round(now.bottom)}`).to.equal(true);

      el.remove();
      await waitUntil(() => !dialog.isConnected, 'the pop-up is gone');
      const root = getComputedStyle(document.documentElement);
      expect([root.scrollPaddingTop, root.scrollPaddingBottom]).to.deep.equal(['auto', 'auto']);
    });
  }
});
