import { expect } from '@open-wc/testing';
import { lockScroll } from '../../../shared/dom/scroll-lock.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => void): void;

const root = document.documentElement;
/** Whether the page can scroll, read as the browser applies it. */
const scrolls = () => getComputedStyle(root).overflow !== 'hidden';

describe('scroll lock (shared/dom/scroll-lock.ts)', () => {
  afterEach(() => root.style.removeProperty('overflow'));

  it('stops the page from scrolling and gives back the page\'s own overflow', async () => {
    root.style.setProperty('overflow', 'auto');
    const release = lockScroll();
    expect(scrolls()).to.equal(false);
    release();
    expect(root.style.getPropertyValue('overflow')).to.equal('auto');
  });

  it('counts its locks: the page scrolls again only when the last is released, whatever the order', async () => {
    const lightbox = lockScroll();
    const menu = lockScroll();
    lightbox();
    expect(scrolls(), 'the menu still covers the page').to.equal(false);
    menu();
    expect(scrolls()).to.equal(true);
    expect(root.style.getPropertyValue('overflow')).to.equal('');
  });

  it('a release called twice releases once', async () => {
    const first = lockScroll();
    const second = lockScroll();
    first();
    first();
    expect(scrolls(), 'the second lock still holds').to.equal(false);
    second();
    expect(scrolls()).to.equal(true);
  });
});
