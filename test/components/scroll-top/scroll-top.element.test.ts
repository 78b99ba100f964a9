import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { command, mountScrollTop, scrollToY, touchDrag, touchScrollDown, waitUntil } from '../helpers.ts';
import '../../../components/scroll-top/scroll-top.element.ts';
import { SCROLL } from '../../../shared/constants/site.ts';
import { loadMessages } from '../../../shared/i18n/translate.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => unknown): void;
declare function beforeEach(body: () => unknown): void;

// kite-scroll-top by keyboard, by touch and in Hebrew; site-shell.element.test.ts has the rest.
// A page of its own: after the mouse tests in one page, the test runner's touch command stopped
// answering (seen on this 2-core machine), so these run in a fresh one.

/** How far a finger pushes the page: enough to cross the threshold from just under it. */
const FINGER_PX = 100;

beforeEach(async () => {
  await command('emulate-media', { reducedMotion: 'reduce' });
  scrollTo({ top: 0, behavior: 'instant' });
});
afterEach(async () => {
  await command('emulate-media', { reducedMotion: 'no-preference' });
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('kite-scroll-top by keyboard, touch and in Hebrew', () => {
  it('by keyboard: Tab reaches the shown link and Enter goes back to the top', async () => {
    const { element, link } = await mountScrollTop();
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX * 2);
    await element.updateComplete;
    await sendKeys({ press: 'Tab' });
    expect(element.shadowRoot!.activeElement).to.equal(link());
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => scrollY === 0, 'at the top');
    expect(document.activeElement).to.equal(document.body);
    document.body.removeAttribute('tabindex');
  });

  it('by touch: scrolling with a finger shows the link, and a tap on it goes back to the top', async () => {
    const { element, link } = await mountScrollTop();
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX - FINGER_PX);
    expect(link().dataset.state).to.equal('hidden');
    await touchScrollDown(FINGER_PX * 2);
    await waitUntil(() => link().dataset.state === 'shown', 'shown by touch');
    await element.updateComplete;
    const box = link().getBoundingClientRect();
    const middle: [number, number] = [Math.round(box.left + box.width / 2), Math.round(box.top + box.height / 2)];
    await touchDrag(middle, middle);
    await waitUntil(() => scrollY === 0, 'at the top');
    document.body.removeAttribute('tabindex');
  });

  it('is labelled in Hebrew, right to left', async () => {
    document.documentElement.lang = 'he';
    await loadMessages('he');
    const { element, link } = await mountScrollTop();
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX);
    await element.updateComplete;
    expect(link().getAttribute('aria-label')).to.equal('חזרה לראש העמוד');
    expect(link().getAttribute('dir')).to.equal('rtl');
    await expect(element).to.be.accessible();
  });

  it('takes a language written as a property as it takes the attribute: relabelled, and the attribute follows', async () => {
    await loadMessages('he');
    const { element, link } = await mountScrollTop();
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX);
    element.lang = 'he';
    await element.updateComplete;
    expect(link().getAttribute('aria-label')).to.equal('חזרה לראש העמוד');
    // Reflected, so the page's :lang() styles and the element's own language agree with the labels.
    expect(element.getAttribute('lang')).to.equal('he');
    expect(element.matches(':lang(he)')).to.equal(true);
  });
});
