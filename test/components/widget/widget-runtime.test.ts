/**
 * What widget.js's runtime places: the widget first in the page, so a pop-up that takes no focus
 * (a bar, a corner box) is reached by the first Tab from the top, not after every control of a
 * long page.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { shiftTab, waitUntil } from '../helpers.ts';
import { runWidget } from '../../../components/widget/widget.runtime.ts';
import { cleanUp, cleanups, DEAD_API, newPoptinId, sizedRecord, startedWith } from '../poptin/kit.ts';

describe('the widget runtime (widget.js after a display answer with pop-ups)', () => {
  afterEach(cleanUp);

  it('places the widget first in the page: a bottom bar comes before the page\'s own controls in the Tab order', async () => {
    await fixture(html`<div><a href="#one">One</a> <button>Two</button> <button>Three</button></div>`);
    const record = sizedRecord(newPoptinId('kruntime'), { type: 'bar', location: 'center-bottom', blocks: [{ type: 'title', text: 'Free shipping today' }] });
    runWidget({ clientId: 'client-test', api: DEAD_API, base: '/' }, startedWith([record]));
    const widget = document.querySelector('kite-widget')!;
    cleanups.push(() => widget.remove());
    expect(document.body.firstElementChild === widget, 'the widget is the page\'s first element').to.equal(true);
    const close = () => widget.querySelector('kite-poptin')?.shadowRoot?.querySelector("[part='close']") ?? null;
    await waitUntil(close, 'the bar shows');
    // Tab order is the page's order: from the page's first control, one step back is the bar.
    document.querySelector<HTMLElement>('a[href="#one"]')!.focus();
    await shiftTab();
    await waitUntil(() => widget.querySelector('kite-poptin')?.shadowRoot?.activeElement === close(), 'the bar comes before the page\'s first control');
  });
});
