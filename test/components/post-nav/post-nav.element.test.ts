// kite-post-nav in real Chromium: previous / next post links that stay plain links for mouse and
// keyboard, and swipe navigation by real touch input (CDP touch events through the `touch` command).
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from 'xstate';
import { touchDrag, waitUntil } from '../helpers.ts';
import '../../../components/post-nav/post-nav.element.ts';
import type { KitePostNav } from '../../../components/post-nav/post-nav.element.ts';
import { SWIPE } from '../../../shared/constants/site.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => unknown): void;

/** Where the finger goes down: the middle of the window. */
const START: [number, number] = [200, 300];
/** A swipe `dx` pixels sideways (and `dy` down) from START. */
const swipe = (dx: number, dy = 0) => touchDrag(START, [START[0] + dx, START[1] + dy]);
/** Comfortably beyond the minimum, still inside the window. */
const FAR = SWIPE.MIN_HORIZONTAL_PX * 2;

async function mount({ swipe = true, dir = 'ltr' } = {}) {
  const root = await fixture<HTMLElement>(html`<div dir=${dir}>
    <kite-post-nav ?swipe=${swipe}>
      <nav aria-label=${dir === 'rtl' ? 'ניווט בין פוסטים' : 'Posts'}>
        <a rel="prev" href="#post-previous">${dir === 'rtl' ? 'הפוסט הקודם' : 'Previous post'}</a>
        <a rel="next" href="#post-next">${dir === 'rtl' ? 'הפוסט הבא' : 'Next post'}</a>
      </nav>
    </kite-post-nav>
    <div style="height: 3000px"></div>
  </div>`);
  const element = root.querySelector<KitePostNav>('kite-post-nav')!;
  await element.updateComplete;
  const swipes: string[] = [];
  element.addEventListener('kite-post-nav-swipe', (event) => swipes.push(event.detail.direction));
  return { element, swipes };
}

afterEach(() => {
  history.replaceState(null, '', location.pathname + location.search);
  scrollTo({ top: 0, behavior: 'instant' });
});

describe('kite-post-nav', () => {
  it('by touch: a swipe to the left goes to the next post, to the right to the previous one', async () => {
    const { element, swipes } = await mount();
    await swipe(-FAR);
    expect(location.hash).to.equal('#post-next');
    await expect(element).to.be.accessible();
    // The lock is the machine's (tested on a simulated clock); here the next swipe waits for its end.
    await waitFor(element.machine.actor, (snapshot) => snapshot.matches('idle'));
    await swipe(FAR);
    expect(location.hash).to.equal('#post-previous');
    expect(swipes).to.deep.equal(['left', 'right']);
  });

  it('by touch: a move shorter than the minimum, or more vertical than sideways, goes nowhere', async () => {
    const { swipes } = await mount();
    await swipe(-(SWIPE.MIN_HORIZONTAL_PX - 1));
    await swipe(-FAR, FAR + 1);
    expect(location.hash).to.equal('');
    expect(swipes).to.deep.equal([]);
  });

  it('by touch: without the swipe attribute a swipe goes nowhere', async () => {
    const { swipes } = await mount({ swipe: false });
    await swipe(-FAR);
    expect(location.hash).to.equal('');
    expect(swipes).to.deep.equal([]);
  });

  it('by touch: scrolling the page up and down is untouched', async () => {
    await mount();
    await touchDrag(START, [START[0], START[1] - FAR]);
    await waitUntil(() => scrollY >= SWIPE.MIN_HORIZONTAL_PX, 'scrolled down by touch');
    expect(location.hash).to.equal('');
  });

  it('in Hebrew (right to left) it follows the reading direction: a swipe to the right goes to the next post', async () => {
    const { element } = await mount({ dir: 'rtl' });
    await swipe(FAR);
    expect(location.hash).to.equal('#post-next');
    await expect(element).to.be.accessible();
  });

  it('by keyboard the links are plain links: Tab reaches them and Enter follows one', async () => {
    const { element } = await mount({ swipe: true });
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.getAttribute('rel')).to.equal('prev');
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.getAttribute('rel')).to.equal('next');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => location.hash === '#post-next', 'the next post');
    expect(element.contains(document.activeElement)).to.equal(true);
  });
});
