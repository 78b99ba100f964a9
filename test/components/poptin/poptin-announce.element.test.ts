/**
 * A pop-up that takes no focus (a bar, a corner box) says politely that it came, so a
 * screen-reader user knows it is there; a modal one moves focus into itself and says nothing more.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from '../helpers.ts';
import '../../../components/poptin/poptin.element.ts';
import { en, he } from '../../messages.ts';
import { cleanUp, newPoptinId, showPoptin, sizedRecord } from './kit.ts';

const statusOf = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>("[part='announcement']");

describe('kite-poptin announces a pop-up that takes no focus', () => {
  afterEach(cleanUp);

  it('a bar says "Pop-up: <title>" in a polite status that was there before it showed', async () => {
    const record = sizedRecord(newPoptinId('kannounce'), { type: 'bar', location: 'center-bottom', blocks: [{ type: 'title', text: 'Free shipping today' }] });
    const { el } = await showPoptin(record);
    const status = statusOf(el)!;
    expect(status.getAttribute('role')).to.equal('status');
    await waitUntil(() => status.textContent === en.poptinShown.replace('{name}', 'Free shipping today'), 'announced');
    const box = status.getBoundingClientRect();
    expect(box.width <= 1 && box.height <= 1, 'visually hidden').to.equal(true);
  });

  it('in Hebrew on a Hebrew pop-up, and with the pop-up\'s name when it has no title', async () => {
    const record = sizedRecord(newPoptinId('kannounce'), { type: 'bside', location: 'right-bottom', name: 'מבצע', blocks: [{ type: 'text', text: 'משלוח חינם' }] });
    const { el } = await showPoptin(record, { lang: 'he' });
    await waitUntil(() => statusOf(el)!.textContent === he.poptinShown.replace('{name}', 'מבצע'), 'announced in Hebrew');
  });

  it('a modal lightbox says nothing: focus moving into it is the news', async () => {
    const record = sizedRecord(newPoptinId('kannounce'), { blocks: [{ type: 'title', text: 'Welcome' }] });
    const { el } = await showPoptin(record);
    expect(statusOf(el)!.textContent).to.equal('');
  });
});
