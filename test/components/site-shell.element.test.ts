import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { command, mountScrollTop, nextFrame, scrollToY, touchDrag, touchScrollDown, waitUntil } from './helpers.ts';
import '../../components/header/header.element.ts';
import '../../components/scroll-top/scroll-top.element.ts';
import '../../components/preloader/preloader.element.ts';
import type { KiteHeader } from '../../components/header/header.element.ts';
import type { KiteScrollTop } from '../../components/scroll-top/scroll-top.element.ts';
import type { KitePreloader } from '../../components/preloader/preloader.element.ts';
import { BREAKPOINTS, HEADER, SCROLL } from '../../shared/constants/site.ts';
import { BreakpointController, currentBreakpoint } from '../../shared/dom/breakpoints.ts';
import { LitElement } from 'lit';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => unknown): void;
declare function beforeEach(body: () => unknown): void;

const emulateMedia = (reducedMotion: 'reduce' | 'no-preference') => command('emulate-media', { reducedMotion });
const setViewport = (width: number, height = 600) => command('set-viewport', { width, height });

/** Header height: any; the thresholds follow from it. */
const HEADER_PX = 100;
/** Scroll positions the machine of `element` is sent, from now on. */
function sentScrolls(element: KiteHeader | KiteScrollTop): number[] {
  const sent: number[] = [];
  const send = element.machine.send.bind(element.machine) as (event: { type: 'SCROLL'; y: number }) => void;
  element.machine.send = ((event: { type: string; y: number }) => {
    if (event.type === 'SCROLL') sent.push(event.y);
    send(event as { type: 'SCROLL'; y: number });
  }) as typeof element.machine.send;
  return sent;
}

const page = (header: ReturnType<typeof html>) => html`<div>
  ${header}
  <main>
    <section id="intro" style="height: 1200px"><h2>Intro</h2><a class="av-scroll-down" href="#next">Next section</a><a href="#details">To details</a><a class="no-scroll" href="#details">No scroll</a></section>
    <section id="hidden-section" style="display: none">Hidden</section>
    <section id="details" style="height: 1200px"><h2>Details</h2></section>
    <section id="more" style="height: 1200px"><h2>More</h2></section>
  </main>
</div>`;

const headerBar = (header: KiteHeader) => header.shadowRoot!.querySelector<HTMLElement>('[part="bar"]')!;

async function mountHeader(attributes = '') {
  const root = await fixture<HTMLElement>(
    page(
      attributes === 'transparent'
        ? html`<kite-header transparent><nav style="height: ${HEADER_PX}px"><a href="/">Home</a></nav></kite-header>`
        : attributes === 'factor'
          ? html`<kite-header shrink-factor="20" style="--kite-header-padding: 0px"><nav style="height: ${HEADER_PX}px"><a href="/">Home</a></nav></kite-header>`
          : html`<kite-header style="--kite-header-padding: 0px; --kite-header-scrolled-padding: 0px"><nav style="height: ${HEADER_PX}px"><a href="/">Home</a></nav></kite-header>`,
    ),
  );
  const header = root.querySelector('kite-header')!;
  await header.updateComplete;
  return { root, header };
}

beforeEach(async () => {
  await emulateMedia('reduce');
  scrollTo({ top: 0, behavior: 'instant' });
});
afterEach(async () => {
  await emulateMedia('no-preference');
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
});

describe('page classes', () => {
  it('the first site element tags the page: avia_desktop here, then js_active and the transforms', async () => {
    await mountHeader();
    const classes = [...document.documentElement.classList];
    expect(classes).to.include.members(['avia_desktop', 'js_active', 'avia_transform', 'avia_transform3d']);
    expect(classes).to.not.include('avia_mobile');
    expect(classes.indexOf('avia_desktop')).to.be.below(classes.indexOf('js_active'));
  });
});

describe('breakpoints', () => {
  class KiteBreakpointProbe extends LitElement {
    readonly breakpoints = new BreakpointController(this);
    renders = 0;
    override render() {
      // oxlint-disable-next-line lit/no-this-assign-in-render -- the probe counts its renders: what the test asserts
      this.renders += 1;
      return this.breakpoints.breakpoint;
    }
  }
  customElements.define('kite-breakpoint-probe', KiteBreakpointProbe);

  it('names the breakpoint at each edge and renders the elements again when it changes, not within a range', async () => {
    await setViewport(BREAKPOINTS.DESKTOP_MIN_PX);
    const probe = await fixture<KiteBreakpointProbe>(html`<kite-breakpoint-probe></kite-breakpoint-probe>`);
    expect(probe.shadowRoot!.textContent).to.equal('desktop');
    const cases: Array<[number, string]> = [
      [BREAKPOINTS.MEDIUM_MAX_PX, 'medium'],
      [BREAKPOINTS.SMALL_MAX_PX + 1, 'medium'],
      [BREAKPOINTS.SMALL_MAX_PX, 'small'],
      [BREAKPOINTS.MINI_MAX_PX, 'mini'],
    ];
    for (const [width, name] of cases) {
      await setViewport(width);
      await waitUntil(() => currentBreakpoint() === name, `${name} at ${width}px`);
      await probe.updateComplete;
      expect(probe.shadowRoot!.textContent).to.equal(name);
    }
    const renders = probe.renders;
    await setViewport(BREAKPOINTS.MINI_MAX_PX - 100);
    await nextFrame();
    await probe.updateComplete;
    expect(probe.renders, 'no render within a range').to.equal(renders);
    await setViewport(800);
  });
});

describe('kite-header', () => {
  it('keeps its full height reserved and is at the top, full height, with no scrolled class', async () => {
    const { header, root } = await mountHeader();
    expect(header.getBoundingClientRect().height).to.be.closeTo(HEADER_PX, 1);
    expect(headerBar(header).getBoundingClientRect().top).to.equal(0);
    expect(header.classList.contains('header-scrolled')).to.equal(false);
    expect(root.querySelector('main')!.getBoundingClientRect().top, 'content starts below the header').to.be.at.least(header.getBoundingClientRect().bottom);
    await expect(header).to.be.accessible();
  });

  it('gets the scrolled class beyond half its height (also on html), scrolled-full beyond height + 30, and back', async () => {
    const { header, root } = await mountHeader();
    const mainTop = root.querySelector('main')!.getBoundingClientRect().top + scrollY;
    await scrollToY(HEADER_PX / 2);
    expect(header.classList.contains('header-scrolled')).to.equal(false);
    const change = oneEvent(header, 'kite-header-change');
    await scrollToY(HEADER_PX / 2 + 1);
    expect((await change).detail).to.deep.equal({ shrink: 'scrolled', transparent: false });
    expect(header.classList.contains('header-scrolled')).to.equal(true);
    expect(document.documentElement.classList.contains('header-scrolled')).to.equal(true);
    expect(headerBar(header).getBoundingClientRect().top, 'sticks').to.equal(0);
    await expect(header).to.be.accessible();
    await scrollToY(HEADER_PX + HEADER.SCROLLED_FULL_EXTRA_PX + 1);
    expect(header.classList.contains('header-scrolled-full')).to.equal(true);
    expect(root.querySelector('main')!.getBoundingClientRect().top + scrollY, 'no layout shift').to.be.closeTo(mainTop, 1);
    await expect(header).to.be.accessible();
    await scrollToY(0);
    expect(header.classList.contains('header-scrolled')).to.equal(false);
    expect(header.classList.contains('header-scrolled-full')).to.equal(false);
    expect(document.documentElement.classList.contains('header-scrolled')).to.equal(false);
  });

  it('takes the shrink threshold from shrink-factor (a percentage)', async () => {
    const { header } = await mountHeader('factor');
    const threshold = (HEADER_PX * 20) / 100;
    await scrollToY(Math.floor(threshold));
    expect(header.classList.contains('header-scrolled')).to.equal(false);
    await scrollToY(Math.ceil(threshold) + 1);
    expect(header.classList.contains('header-scrolled')).to.equal(true);
  });

  it('a transparent header loses its transparency past the cut-off and gets it back at the top', async () => {
    const { header } = await mountHeader('transparent');
    expect(header.classList.contains('av_header_transparency')).to.equal(true);
    expect(getComputedStyle(headerBar(header)).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    await expect(header).to.be.accessible();
    await scrollToY(HEADER.TRANSPARENCY_CUTOFF_PX + 1);
    expect(header.classList.contains('av_header_transparency')).to.equal(false);
    expect(getComputedStyle(headerBar(header)).backgroundColor).to.not.equal('rgba(0, 0, 0, 0)');
    await scrollToY(0);
    expect(header.classList.contains('av_header_transparency')).to.equal(true);
  });

  it('does not render for a scroll that crosses no threshold', async () => {
    const { header } = await mountHeader();
    await scrollToY(HEADER_PX * 3);
    const update = header.updateComplete;
    let rendered = false;
    header.addEventListener('kite-header-change', () => (rendered = true));
    await scrollToY(HEADER_PX * 4);
    await update;
    expect(header.isUpdatePending).to.equal(false);
    expect(rendered).to.equal(false);
  });

  it('sends the machine only the scrolls that cross a threshold (the scroll path stays a comparison)', async () => {
    const { header } = await mountHeader();
    const sent = sentScrolls(header);
    await scrollToY(1);
    await scrollToY(HEADER_PX / 2);
    expect(sent).to.deep.equal([]);
    await scrollToY(HEADER_PX);
    await scrollToY(HEADER_PX + 1);
    expect(sent).to.deep.equal([HEADER_PX]);
  });

  it('by touch: scrolling the page with a finger gives it the scrolled class, and back at the top loses it', async () => {
    const { header } = await mountHeader();
    await touchScrollDown(HEADER_PX * 2);
    await waitUntil(() => header.classList.contains('header-scrolled'), 'scrolled by touch');
    await touchDrag([200, 100], [200, 100 + HEADER_PX * 4]);
    await waitUntil(() => scrollY === 0 && !header.classList.contains('header-scrolled'), 'back at the top by touch');
  });
});

describe('in-page anchors', () => {
  it('scroll to the target below the sticky header and move focus there (at once under reduced motion)', async () => {
    const { root, header } = await mountHeader();
    const details = root.querySelector<HTMLElement>('#details')!;
    root.querySelector<HTMLAnchorElement>('a[href="#details"]:not(.no-scroll)')!.click();
    await waitUntil(() => Math.abs(details.getBoundingClientRect().top - headerBar(header).getBoundingClientRect().height) <= 1, 'details below the header');
    expect(document.activeElement?.id).to.equal('details');
    expect(location.hash).to.equal('#details');
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('scroll smoothly over the smooth-scroll time with motion allowed, passing through the middle', async () => {
    await emulateMedia('no-preference');
    const { root, header } = await mountHeader();
    const details = root.querySelector<HTMLElement>('#details')!;
    const target = details.getBoundingClientRect().top + scrollY - headerBar(header).getBoundingClientRect().height;
    const seen: number[] = [];
    const record = () => seen.push(scrollY);
    addEventListener('scroll', record, { passive: true });
    root.querySelector<HTMLAnchorElement>('a[href="#details"]:not(.no-scroll)')!.click();
    await waitUntil(() => Math.abs(scrollY - target) <= 1, 'arrived', { timeout: SCROLL.SMOOTH_MS * 5 });
    removeEventListener('scroll', record);
    expect(seen.some((y) => y > 1 && y < target - 1), 'steps between start and target').to.equal(true);
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('by keyboard: Enter on an in-page link scrolls to its target below the header and moves focus there', async () => {
    const { root, header } = await mountHeader();
    const details = root.querySelector<HTMLElement>('#details')!;
    root.querySelector<HTMLAnchorElement>('a[href="#details"]:not(.no-scroll)')!.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => Math.abs(details.getBoundingClientRect().top - headerBar(header).getBoundingClientRect().height) <= 1, 'details below the header');
    expect(document.activeElement?.id).to.equal('details');
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('a next-section link goes to the next visible section; no-scroll links are left to the browser', async () => {
    const { root, header } = await mountHeader();
    root.querySelector<HTMLAnchorElement>('.av-scroll-down')!.click();
    const details = root.querySelector<HTMLElement>('#details')!;
    await waitUntil(() => Math.abs(details.getBoundingClientRect().top - headerBar(header).getBoundingClientRect().height) <= 1, 'next visible section');
    let prevented: boolean | null = null;
    const noScroll = root.querySelector<HTMLAnchorElement>('a.no-scroll')!;
    // Checked after every handler ran, and cancelled there so the test page does not jump.
    addEventListener('click', (event) => ((prevented = event.defaultPrevented), event.preventDefault()), { once: true });
    noScroll.click();
    expect(prevented).to.equal(false);
    history.replaceState(null, '', location.pathname + location.search);
  });
});

describe('kite-scroll-top', () => {
  it('is hidden (and not focusable) below the threshold, shown from it, labelled', async () => {
    const { element, link } = await mountScrollTop();
    expect(link().dataset.state).to.equal('hidden');
    expect(getComputedStyle(link()).visibility).to.equal('hidden');
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX - 1);
    expect(link().dataset.state).to.equal('hidden');
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX);
    await element.updateComplete;
    expect(link().dataset.state).to.equal('shown');
    expect(getComputedStyle(link()).visibility).to.equal('visible');
    expect(link().getAttribute('aria-label')).to.equal('Scroll to top');
    await expect(element).to.be.accessible();
  });

  it('scrolls back to the top on activation and moves focus to the page', async () => {
    const { element, link } = await mountScrollTop();
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX * 2);
    await element.updateComplete;
    link().focus();
    link().click();
    await waitUntil(() => scrollY === 0, 'at the top');
    expect(document.activeElement).to.equal(document.body);
    document.body.removeAttribute('tabindex');
  });

  it('sends the machine only the scrolls that cross the threshold', async () => {
    const { element } = await mountScrollTop();
    const sent = sentScrolls(element);
    await scrollToY(1);
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX - 1);
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX);
    await scrollToY(SCROLL.TO_TOP_THRESHOLD_PX * 2);
    expect(sent).to.deep.equal([SCROLL.TO_TOP_THRESHOLD_PX]);
  });

});

describe('kite-preloader', () => {
  const overlay = (element: KitePreloader) => element.shadowRoot!.querySelector<HTMLElement>('[part="overlay"]')!;

  it('covers the page as decoration, then hides after load (the page has loaded already here)', async () => {
    const element = await fixture<KitePreloader>(html`<kite-preloader></kite-preloader>`);
    await element.updateComplete;
    expect(overlay(element).dataset.state).to.equal('covering');
    expect(overlay(element).getAttribute('aria-hidden')).to.equal('true');
    await expect(element).to.be.accessible();
    await oneEvent(element, 'kite-preloader-hide');
    await element.updateComplete;
    expect(overlay(element).dataset.state).to.equal('hidden');
    expect(getComputedStyle(overlay(element)).visibility).to.equal('hidden');
  });

  it('fades out with motion allowed and hides at the end of the fade', async () => {
    await emulateMedia('no-preference');
    const element = await fixture<KitePreloader>(html`<kite-preloader style="--kite-preloader-duration: 50ms"></kite-preloader>`);
    await waitUntil(() => overlay(element).dataset.state === 'fading', 'fading');
    await oneEvent(element, 'kite-preloader-hide');
    await element.updateComplete;
    expect(overlay(element).dataset.state).to.equal('hidden');
  });

  it('covers again for a link to another page of the site, not for a new tab, mailto or the same page', async () => {
    const element = await fixture<KitePreloader>(html`<kite-preloader></kite-preloader>`);
    await oneEvent(element, 'kite-preloader-hide');
    const links = await fixture<HTMLElement>(html`<p>
      <a id="same" href="#section">Same page</a><a id="tab" href="/other/" target="_blank">New tab</a><a id="mail" href="mailto:a@b.example">Mail</a><a id="other" href="/other/">Other page</a>
    </p>`);
    // The test page must not navigate: cancel every default after the preloader has seen the click.
    const cancel = (event: Event) => event.preventDefault();
    const heard: string[] = [];
    element.addEventListener('kite-preloader-show', (event) => heard.push(event.detail.url));
    for (const id of ['same', 'tab', 'mail']) {
      links.querySelector<HTMLElement>(`#${id}`)!.addEventListener('click', () => addEventListener('click', cancel, { once: true }));
      links.querySelector<HTMLElement>(`#${id}`)!.click();
    }
    expect(heard).to.deep.equal([]);
    const other = links.querySelector<HTMLAnchorElement>('#other')!;
    other.addEventListener('click', () => addEventListener('click', cancel, { once: true }));
    other.click();
    expect(heard).to.deep.equal([other.href]);
    await element.updateComplete;
    expect(overlay(element).dataset.state).to.equal('covering');
    await expect(element).to.be.accessible();
  });

  it('a page restored from the back-forward cache is uncovered at once', async () => {
    const element = await fixture<KitePreloader>(html`<kite-preloader></kite-preloader>`);
    await oneEvent(element, 'kite-preloader-hide');
    element.machine.send({ type: 'LEAVE', url: new URL('/other/', location.href).href });
    await element.updateComplete;
    expect(overlay(element).dataset.state).to.equal('covering');
    dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await element.updateComplete;
    expect(overlay(element).dataset.state).to.equal('hidden');
  });
});
