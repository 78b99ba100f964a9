/**
 * `kite-lightbox` in real Chromium: what a visitor sees and does (content-site spec 001, sections
 * 2, 4, 5, 8 and 9). A fresh fixture per test; real clicks and key presses; swipes as pointer
 * events; `kite-lightbox-*` events spied; an accessibility check in each visible state. Every
 * timing comes from shared/constants/site.ts, every message from the catalogues in shared/i18n.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { click, fakeClock, holdAnswers, imagesAnswered, nextFrame, shiftTab, spyEvents, untilAtOnce, waitUntil } from '../helpers.ts';
import type { TemplateResult } from 'lit';
import { a11ySnapshot, emulateMedia, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../components/lightbox/lightbox.element.ts';
import type { KiteLightbox } from '../../../components/lightbox/lightbox.element.ts';
import { LIGHTBOX, SWIPE } from '../../../shared/constants/site.ts';
import { VIDEO_CONSENT_META } from '../../../shared/consent/video-consent.ts';
import { kiteWithVideoConsent } from '../../../shared/consent/consent.ts';
import { en, he } from '../../messages.ts';
import { loadMessages } from '../../../shared/i18n/translate.ts';

// Mocha's globals on the test page.
declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => unknown): void;

/** The demo's generated images (demo/media/make-images.mjs), served by the test server from the repository. */
const image = (n: number) => `/demo/public/media/gallery/aero-${String(n).padStart(2, '0')}.svg`;
const absolute = (path: string) => new URL(path, location.href).href;
/** Generous bound for "it happens after X ms": the timer plus a React render and some slack. */
const SLACK_MS = 1_000;
/** A moment on the fake clock: what the page does right after an input (a timer after the next frame) has run by then. */
const MOMENT_MS = 50;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await resetMouse();
});

interface Options {
  useAlt?: boolean;
  midClick?: boolean;
  lang?: string;
  zoom?: boolean;
  /** Added to each big image's address, so it differs from the thumbnail's (to see which ones load). */
  query?: string;
}

/** A gallery of `count` images; each link's title comes from its image's title. */
const gallery = (count: number, options: Options = {}) => html`
  <kite-lightbox ?use-alt=${options.useAlt ?? false} ?mid-click=${options.midClick ?? false} ?zoom=${options.zoom ?? false} lang=${options.lang ?? 'en'}>
    <div class="gallery">
      ${Array.from(
        { length: count },
        (_, i) =>
          html`<a href=${image(i + 1) + (options.query ?? '')} class="thumb"
            ><img src=${image(i + 1)} alt=${`Kite ${i + 1}`} title=${`Aero 2 no. ${i + 1}`} width="60" height="40"
          /></a>`,
      )}
    </div>
  </kite-lightbox>
`;

async function mount(template: TemplateResult = gallery(5)): Promise<KiteLightbox> {
  const el = await fixture<KiteLightbox>(template);
  // Started: its links are marked (its first chunk runs at once; the rest loads on intent).
  await waitUntil(() => el.querySelector('a[aria-haspopup="dialog"]'), 'started');
  return el;
}

/**
 * The dialog on show, else the one built ahead (closed). Before React has loaded, the first click
 * shows a stand-in dialog, which React's takes the place of.
 */
const dialogOf = (el: Element) =>
  el.shadowRoot!.querySelector<HTMLDialogElement>('dialog[open]') ?? el.shadowRoot!.querySelector<HTMLDialogElement>('[part~="dialog"]');
/** Focus on `link` (an intent): the rest of the lightbox loads and builds its dialog, closed. */
async function builtOnIntent(el: Element, link = links(el)[0]!): Promise<HTMLDialogElement> {
  link.focus();
  await waitUntil(() => dialogOf(el), 'built on intent');
  link.blur();
  return dialogOf(el)!;
}
const part = <T extends Element = HTMLElement>(el: Element, name: string) => el.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
const links = (el: Element) => [...el.querySelectorAll<HTMLAnchorElement>('a[href]')];
const phaseOf = (el: Element) => dialogOf(el)?.dataset.phase ?? 'closed';
const statusOf = (el: Element) => dialogOf(el)?.dataset.status ?? '';
/** The src of the big image on show, or ''. */
const shownImage = (el: Element) => part<HTMLImageElement>(el, 'image')?.getAttribute('src') ?? '';

/**
 * A node's short name for assertions. Assertions compare names, never nodes: a failing assertion on
 * a node makes the runner serialise its React-laden object graph, which stalls the browser.
 */
function nameOf(node: Element | null | undefined): string {
  if (!node) return 'nothing';
  const name = node.getAttribute('part') ?? node.getAttribute('href') ?? node.id;
  return name ? `${node.localName}(${name})` : node.localName;
}
/** The focused element, inside the lightbox's shadow root when focus is there. */
const focused = (el: Element) => (document.activeElement === el ? el.shadowRoot!.activeElement : document.activeElement);

/** Every kite-lightbox-* event reaching the document. */
const LIGHTBOX_EVENTS = ['kite-lightbox-open', 'kite-lightbox-change', 'kite-lightbox-close'] as const;

/** Opens by a real click on link `n` (0-based) and waits until the dialog is open and its machine too. */
async function openAt(el: KiteLightbox, n = 0): Promise<HTMLDialogElement> {
  await click(links(el)[n]!.querySelector('img') ?? links(el)[n]!);
  await waitUntil(() => dialogOf(el)?.open && phaseOf(el) !== 'closed', 'the dialog did not open');
  return dialogOf(el)!;
}

async function shown(el: KiteLightbox, n: number): Promise<void> {
  await waitUntil(() => shownImage(el) === absolute(image(n)) && phaseOf(el) === 'shown', `image ${n} did not show (${shownImage(el)}, ${phaseOf(el)})`, {
    timeout: LIGHTBOX.ZOOM_MS + LIGHTBOX.NAVIGATION_DELAY_MS + SLACK_MS,
  });
}

/** Records whether each click that reaches the document was taken by the lightbox, and stops any navigation. */
function guardNavigation() {
  const taken: boolean[] = [];
  const listener = (event: Event) => {
    taken.push(event.defaultPrevented);
    event.preventDefault();
  };
  document.addEventListener('click', listener);
  document.addEventListener('auxclick', listener);
  cleanups.push(() => {
    document.removeEventListener('click', listener);
    document.removeEventListener('auxclick', listener);
  });
  return taken;
}

/** A synthetic click on `target` (for modifier keys and the middle button, which must not open tabs here). */
function syntheticClick(target: Element, init: MouseEventInit & { type?: 'click' | 'auxclick' } = {}): void {
  const { type = 'click', ...rest } = init;
  target.dispatchEvent(new MouseEvent(type, { bubbles: true, cancelable: true, composed: true, button: 0, ...rest }));
}

/** Replaces `fetch` for one address with a fixed answer. */
function stubFetch(path: string, body: string, status = 200): void {
  const original = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === absolute(path)
      ? Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'text/html' } }))
      : original(input, init);
  cleanups.push(() => (window.fetch = original));
}

/** A touch swipe on the stage as pointer events: down at the middle, up `dx`, `dy` away. */
function swipe(el: Element, dx: number, dy = 0): void {
  const stage = part(el, 'stage')!;
  const rect = stage.getBoundingClientRect();
  const x = rect.left + rect.width / 2;
  const y = rect.top + rect.height / 2;
  const init = { bubbles: true, composed: true, pointerId: 7, pointerType: 'touch', isPrimary: true };
  stage.dispatchEvent(new PointerEvent('pointerdown', { ...init, clientX: x, clientY: y }));
  stage.dispatchEvent(new PointerEvent('pointermove', { ...init, clientX: x + dx / 2, clientY: y + dy / 2 }));
  stage.dispatchEvent(new PointerEvent('pointerup', { ...init, clientX: x + dx, clientY: y + dy }));
  // The click a tap would end with.
  stage.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true, clientX: x + dx, clientY: y + dy }));
}

/** Records each phase the open dialog goes through, with the image it shows then (no sampling race). */
function recordPhases(el: Element): string[] {
  const seen: string[] = [];
  const observer = new MutationObserver(() => {
    const entry = `${phaseOf(el)}:${shownImage(el)}`;
    if (seen.at(-1) !== entry) seen.push(entry);
  });
  observer.observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase', 'src'] });
  cleanups.push(() => observer.disconnect());
  return seen;
}

/** The opacity `element` is painted with: its own times every ancestor's, across shadow roots. */
function paintedOpacity(element: Element): number {
  let product = 1;
  for (let node: Element | null = element; node; node = node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host ?? null))
    product *= Number(getComputedStyle(node).opacity);
  return product;
}

/** What the first frame that shows the dialog paints: `read` runs in that frame's animation callback. */
function inFirstFrame<T>(el: Element, read: () => T): Promise<T> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!dialogOf(el)?.open) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(read()));
    });
    observer.observe(el.shadowRoot!, { childList: true, subtree: true, attributes: true });
    cleanups.push(() => observer.disconnect());
  });
}

const boxOf = (element: Element) => {
  const { left, top, width, height } = element.getBoundingClientRect();
  return { left: Math.round(left), top: Math.round(top), width: Math.round(width), height: Math.round(height) };
};

/** The dialog's name: the text it is labelled by, else `label:` and its label. */
function titleOf(el: Element): string | null {
  const id = dialogOf(el)!.getAttribute('aria-labelledby');
  return id ? el.shadowRoot!.getElementById(id)!.textContent : `label:${dialogOf(el)!.getAttribute('aria-label')}`;
}

/** The dialog is open (it stays in the shadow root, hidden, while closed). */
const isOpen = (el: Element) => Boolean(dialogOf(el)?.open);

async function closed(el: Element): Promise<void> {
  await waitUntil(() => !isOpen(el), 'the dialog did not close', { timeout: LIGHTBOX.REMOVAL_DELAY_MS + SLACK_MS });
}

/** Resolves once the animations in the lightbox have ended: they run on the real clock, not the fake one. */
const animationsEnded = (el: Element) => Promise.all(el.shadowRoot!.getAnimations().map((animation) => animation.finished));

/**
 * Every image address ending in `query` that the page starts to load from now on (an image's src
 * set, as a property or an attribute): a load is seen when it starts, not when its answer is in.
 */
function recordImageLoads(query: string): Set<string> {
  const started = new Set<string>();
  const note = (value: string) => {
    const url = new URL(value, location.href).href;
    if (url.endsWith(query)) started.add(url);
  };
  const property = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!;
  const { setAttribute } = Element.prototype;
  Object.defineProperty(HTMLImageElement.prototype, 'src', {
    ...property,
    set(this: HTMLImageElement, value: string) {
      note(value);
      property.set!.call(this, value);
    },
  });
  Element.prototype.setAttribute = function (this: Element, name: string, value: string) {
    if (this instanceof HTMLImageElement && name === 'src') note(value);
    setAttribute.call(this, name, value);
  };
  cleanups.push(() => {
    Object.defineProperty(HTMLImageElement.prototype, 'src', property);
    Element.prototype.setAttribute = setAttribute;
  });
  return started;
}

describe('kite-lightbox', () => {
  describe('opening', () => {
    it('opens a modal dialog on the clicked image, labelled by its title, with the counter', async () => {
      const el = await mount();
      const events = spyEvents(LIGHTBOX_EVENTS);
      const dialog = await openAt(el, 2);
      await shown(el, 3);
      expect(dialog.matches(':modal'), 'modal').to.be.true;
      const titleId = dialog.getAttribute('aria-labelledby');
      expect(titleId).to.be.a('string').and.not.empty;
      expect(el.shadowRoot!.getElementById(titleId!)?.textContent).to.equal('Aero 2 no. 3');
      expect(part(el, 'counter')!.textContent).to.equal('3 / 5');
      expect(part(el, 'image')!.getAttribute('alt')).to.equal('Kite 3');
      expect((await events.next('kite-lightbox-open')).detail).to.deep.equal({ index: 2, count: 5, src: absolute(image(3)) });
      expect(events.of('kite-lightbox-open')).to.have.length(1);
      await expect(el).to.be.accessible();
    });

    it('opens from the keyboard (Enter on a link) and moves focus into the dialog once, onto the photo and its caption', async () => {
      const el = await mount();
      await builtOnIntent(el, links(el)[1]);
      links(el)[1]!.focus();
      const moves: string[] = [];
      el.shadowRoot!.addEventListener('focusin', (event) => moves.push(nameOf(event.composedPath()[0] as Element)));
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => dialogOf(el)?.open, 'opened by Enter');
      await shown(el, 2);
      expect(nameOf(focused(el))).to.equal('figure(figure)');
      expect(moves, 'not to the close button first').to.deep.equal(['figure(figure)']);
      expect(part(el, 'figure')!.hasAttribute('autofocus'), 'no autofocus left for a later insertion').to.be.false;
      expect(getComputedStyle(part(el, 'figure')!).outlineStyle, 'no ring around the photo').to.equal('none');
    });

    it('before the rest has loaded, shows the photo in a stand-in dialog with focus on it; React\'s dialog takes over, focus going from photo to photo, never back to the link', async () => {
      const el = await mount();
      const link = links(el)[1]!;
      const moves: string[] = [];
      el.shadowRoot!.addEventListener('focusin', (event) => moves.push(nameOf(event.composedPath()[0] as Element)));
      // Focus (an intent: the rest starts loading) and the click in one task: the rest cannot be here yet.
      link.focus();
      link.click();
      const standIn = dialogOf(el)!;
      expect(standIn.open, 'open when the click returns').to.be.true;
      expect(shownImage(el)).to.equal(absolute(image(2)));
      expect(nameOf(focused(el))).to.equal('figure(figure)');
      expect(standIn.getAttribute('aria-label'), 'labelled by the photo').to.equal('Aero 2 no. 2');
      await waitUntil(() => phaseOf(el) === 'shown' && part(el, 'counter')?.textContent === '2 / 5', 'React took over');
      expect(dialogOf(el) === standIn, 'React\'s own dialog').to.be.false;
      expect(standIn.isConnected, 'the stand-in is gone').to.be.false;
      expect(nameOf(focused(el))).to.equal('figure(figure)');
      expect(moves, 'from the link to the photo, to React\'s photo').to.deep.equal([nameOf(link), 'figure(figure)', 'figure(figure)']);
      await expect(el).to.be.accessible();
      await sendKeys({ press: 'Escape' });
      await closed(el);
      expect(nameOf(focused(el))).to.equal(nameOf(link));
    });

    it("loads the rest after an intent's frame is painted, not in the intent's own task (a click in that task shows its stand-in first)", async () => {
      const el = await mount();
      const sheets = () => el.shadowRoot!.adoptedStyleSheets.length;
      const before = sheets();
      links(el)[1]!.focus();
      expect(sheets(), "nothing of the rest in the focus's own task").to.equal(before);
      await waitUntil(() => dialogOf(el), 'built after the frame');
      expect(sheets(), "the dialog's styles").to.equal(before + 1);
    });

    it(`zooms in over ${LIGHTBOX.ZOOM_MS} ms`, async () => {
      const clock = fakeClock();
      const el = await mount(gallery(5, { zoom: true }));
      const phases = recordPhases(el);
      // Held from before the click: the zoom lasts its time on the clock, checked 1 ms before its end and at it.
      clock.hold();
      await openAt(el, 0);
      expect(phaseOf(el)).to.equal('zooming');
      expect(getComputedStyle(dialogOf(el)!).animationDuration).to.equal(`${LIGHTBOX.ZOOM_MS / 1000}s`);
      await clock.advance(LIGHTBOX.ZOOM_MS - 1);
      await nextFrame();
      expect(phaseOf(el), 'still zooming').to.equal('zooming');
      await clock.advance(1);
      await waitUntil(() => phaseOf(el) === 'shown', 'zoom ended');
      expect(phases.map((entry) => entry.split(':')[0]).filter((phase, i, all) => phase !== 'closed' && phase !== all[i - 1])).to.deep.equal(['zooming', 'shown']);
    });

    it('shows the image in its first frame, opaque and at its final size, when the page already has it', async () => {
      // The thumbnails are the big images themselves: nothing to load.
      const clock = fakeClock();
      const el = await mount();
      const link = links(el)[1]!;
      const first = inFirstFrame(el, () => {
        const image = part<HTMLImageElement>(el, 'image');
        return {
          images: el.shadowRoot!.querySelectorAll('img').length,
          loaded: Boolean(image?.complete && image.naturalWidth > 0),
          src: image?.currentSrc,
          opacity: image ? paintedOpacity(image) : 0,
          box: image ? boxOf(image) : null,
        };
      });
      await click(link.querySelector('img')!);
      const seen = await first;
      expect(seen.images, 'one image').to.equal(1);
      expect(seen.loaded, 'loaded').to.be.true;
      expect(seen.src).to.equal(absolute(image(2)));
      expect(seen.opacity).to.equal(1);
      // The machine and React follow: the caption and counter come, the item stays where it was.
      await waitUntil(() => phaseOf(el) === 'shown' && part(el, 'counter')?.textContent === '2 / 5', 'the machine followed');
      // Past the time a zoom would take, on the page's timers and its animations.
      await clock.advance(LIGHTBOX.ZOOM_MS);
      await animationsEnded(el);
      expect(el.shadowRoot!.querySelectorAll('img').length, 'one image').to.equal(1);
      expect(seen.box, 'the place and size it keeps').to.deep.equal(boxOf(part(el, 'image')!));
    });

    it("opens an image the page has within the click's own task; the machine hears of it after that frame", async () => {
      const el = await mount();
      const events = spyEvents(LIGHTBOX_EVENTS);
      links(el)[2]!.click();
      expect(dialogOf(el)!.open, 'open when the click returns').to.be.true;
      expect(shownImage(el)).to.equal(absolute(image(3)));
      expect(nameOf(focused(el))).to.equal('figure(figure)');
      expect(document.documentElement.style.overflow, 'the page does not scroll').to.equal('hidden');
      expect(phaseOf(el), 'the machine is not told yet').to.equal('closed');
      await nextFrame();
      await waitUntil(() => phaseOf(el) === 'shown', 'the machine opened');
      expect(events.of('kite-lightbox-open').map((event) => event.detail)).to.deep.equal([{ index: 2, count: 5, src: absolute(image(3)) }]);
      expect(shownImage(el)).to.equal(absolute(image(3)));
      expect(titleOf(el)).to.equal('Aero 2 no. 3');
    });

    it('closes by Esc pressed before the machine has heard of the opening', async () => {
      const el = await mount();
      const events = spyEvents(LIGHTBOX_EVENTS);
      links(el)[0]!.click();
      part(el, 'figure')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }));
      await closed(el);
      expect(events.types()).to.deep.equal(['kite-lightbox-open', 'kite-lightbox-close']);
      expect(events.of('kite-lightbox-close')[0]!.detail.trigger).to.equal('escape');
      expect(document.documentElement.style.overflow).to.equal('');
      expect(nameOf(focused(el))).to.equal(nameOf(links(el)[0]));
    });

    it('gives the page back its scroll when removed before the machine has heard of the opening', async () => {
      const clock = fakeClock();
      const el = await mount();
      const events = spyEvents(LIGHTBOX_EVENTS);
      links(el)[0]!.click();
      expect(document.documentElement.style.overflow).to.equal('hidden');
      el.remove();
      await nextFrame();
      await clock.advance(MOMENT_MS);
      expect(document.documentElement.style.overflow).to.equal('');
      expect(events.types(), 'the machine never opened').to.deep.equal([]);
    });

    it('decodes the image of a link under the pointer, and shows it at once on the click', async () => {
      const query = `?hover=${Math.random().toString(36).slice(2)}`;
      const el = await mount(gallery(3, { query }));
      const link = links(el)[1]!;
      const big = absolute(image(2) + query);
      const rect = link.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
      await waitUntil(() => performance.getEntriesByName(big).length > 0, 'fetched while the pointer rests on the link');
      // The same address decoded here too: by then the lightbox's copy is decoded as well.
      const probe = new Image();
      probe.src = big;
      await probe.decode();
      await nextFrame();
      const first = inFirstFrame(el, () => {
        const shown = part<HTMLImageElement>(el, 'image');
        return { loaded: Boolean(shown?.complete && shown.naturalWidth > 0), src: shown?.currentSrc, placeholder: Boolean(part(el, 'placeholder')) };
      });
      await click(link);
      expect(await first).to.deep.equal({ loaded: true, src: big, placeholder: false });
      await waitUntil(() => statusOf(el) === 'ready', 'ready for the machine too');
    });

    it('shows the thumbnail in place of an image still loading, with the loader, until the image is decoded', async () => {
      // The big image's answer is held until the loading state has been checked.
      const hold = holdAnswers();
      const query = `?${hold.query}`;
      const el = await mount(gallery(2, { query }));
      const first = inFirstFrame(el, () => {
        const placeholder = part<HTMLImageElement>(el, 'placeholder');
        return {
          status: statusOf(el),
          placeholder: placeholder?.currentSrc,
          opacity: placeholder ? paintedOpacity(placeholder) : 0,
          loader: part(el, 'loader')?.textContent,
          image: part(el, 'image'),
        };
      });
      await click(links(el)[0]!.querySelector('img')!);
      const seen = await first;
      expect(seen.status).to.equal('loading');
      expect(seen.placeholder, 'the thumbnail').to.equal(absolute(image(1)));
      expect(seen.opacity).to.equal(1);
      expect(seen.loader).to.equal(en.lightboxLoading);
      expect(seen.image).to.be.null;
      expect(part(el, 'placeholder')!.getAttribute('alt'), 'decorative: the dialog has the name').to.equal('');
      await expect(el).to.be.accessible();
      await hold.release();
      await waitUntil(() => statusOf(el) === 'ready', 'decoded');
      expect(part(el, 'placeholder')).to.be.null;
      expect(part(el, 'loader')).to.be.null;
      expect(shownImage(el)).to.equal(absolute(image(1) + query));
    });

    it('with zoom, grows the image from its thumbnail, opaque from the first frame', async () => {
      const clock = fakeClock();
      const el = await mount(gallery(3, { zoom: true }));
      const thumbnail = links(el)[2]!.querySelector('img')!;
      const from = boxOf(thumbnail);
      const first = inFirstFrame(el, () => {
        const image = part(el, 'image')!;
        return { phase: phaseOf(el), opacity: paintedOpacity(image), box: boxOf(image) };
      });
      await click(thumbnail);
      const seen = await first;
      expect(seen.phase).to.equal('zooming');
      expect(seen.opacity).to.equal(1);
      // Where the thumbnail is, give or take the zoom's first milliseconds.
      expect(Math.abs(seen.box.left - from.left), 'left').to.be.below(from.width / 4);
      expect(Math.abs(seen.box.top - from.top), 'top').to.be.below(from.height / 4);
      expect(seen.box.width, 'width').to.be.below(from.width * 1.25);
      await shown(el, 3);
      const final = boxOf(part(el, 'image')!);
      expect(final.width, 'grown').to.be.above(from.width * 2);
      await clock.advance(LIGHTBOX.NAVIGATION_DELAY_MS);
      await animationsEnded(el);
      expect(boxOf(part(el, 'image')!), 'at rest').to.deep.equal(final);
    });

    it('builds its dialog on the pointer over a link, before the click: the click creates no dialog or button', async () => {
      const el = await mount(gallery(3));
      const link = links(el)[0]!;
      const rect = link.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)] });
      await waitUntil(() => dialogOf(el), 'built on intent');
      // Counts what is created while the click is handled; creation still happens as before.
      const created: string[] = [];
      const { createElement, createElementNS } = Document.prototype;
      Document.prototype.createElement = function (this: Document, ...args: Parameters<Document['createElement']>) {
        created.push(args[0]);
        return createElement.apply(this, args);
      } as Document['createElement'];
      Document.prototype.createElementNS = function (this: Document, namespace: string | null, name: string, options?: ElementCreationOptions) {
        created.push(name);
        return createElementNS.call(this, namespace, name, options);
      } as Document['createElementNS'];
      cleanups.push(() => Object.assign(Document.prototype, { createElement, createElementNS }));
      await openAt(el, 0);
      Object.assign(Document.prototype, { createElement, createElementNS });
      await shown(el, 1);
      expect(created.filter((name) => ['dialog', 'button', 'svg'].includes(name))).to.deep.equal([]);
      // And the same dialog opens each time.
      const dialog = dialogOf(el);
      await sendKeys({ press: 'Escape' });
      await closed(el);
      await openAt(el, 1);
      expect(dialogOf(el) === dialog, 'the same dialog').to.be.true;
    });

    it('keeps the dialog built ahead out of sight until it opens: not shown, hit, focused or in the accessibility tree', async () => {
      const el = await mount(gallery(3));
      const dialog = await builtOnIntent(el);
      expect(dialog.open).to.be.false;
      expect(dialog.checkVisibility({ visibilityProperty: true }), 'shown').to.be.false;
      // The page under it still takes the pointer.
      const link = links(el)[0]!;
      const { left, top, width, height } = link.getBoundingClientRect();
      expect(nameOf(document.elementFromPoint(left + width / 2, top + height / 2)?.closest('a'))).to.equal(nameOf(link));
      part(el, 'close')!.focus();
      expect(nameOf(focused(el)), 'focusable').to.not.equal(nameOf(part(el, 'close')));
      const names: string[] = [];
      const walk = (node: { role?: string; name?: string; children?: unknown[] } | null) => {
        if (!node) return;
        names.push(`${node.role}:${node.name}`);
        for (const child of node.children ?? []) walk(child as typeof node);
      };
      walk((await a11ySnapshot({})) as unknown as Parameters<typeof walk>[0]);
      expect(names, 'the page is in the tree').to.include('link:Kite 1');
      expect(names.filter((name) => /^dialog:|^button:/.test(name))).to.deep.equal([]);
    });

    it('shows the gallery as written from the start, and its pointer events never pass through the view React listens on', async () => {
      const el = document.createElement('kite-lightbox');
      el.innerHTML = `<a href="${image(1)}"><img src="${image(1)}" alt="Kite 1" width="60" height="40"></a>`;
      document.body.append(el);
      cleanups.push(() => el.remove());
      expect(links(el)[0]!.getBoundingClientRect().height, 'laid out before React renders').to.be.greaterThan(0);
      await builtOnIntent(el);
      const paths: EventTarget[][] = [];
      const record = (event: Event) => paths.push(event.composedPath());
      for (const type of ['pointerover', 'pointerdown', 'pointerup', 'focusin']) el.addEventListener(type, record);
      const dialog = dialogOf(el)!;
      // React renders into a box-less container beside the page's slot: it holds the dialog only.
      const view = dialog.parentElement!;
      expect(view.parentNode).to.equal(el.shadowRoot);
      expect(getComputedStyle(view).display).to.equal('contents');
      links(el)[0]!.focus();
      const { left, top, width, height } = links(el)[0]!.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(left + width / 2), Math.round(top + height / 2)] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'up' });
      await waitUntil(() => dialog.open, 'opened');
      const before = paths.filter((path) => !path.includes(dialog));
      expect(before.length, 'pointer and focus events of the gallery').to.be.greaterThan(2);
      expect(before.filter((path) => path.includes(view))).to.deep.equal([]);
      await sendMouse({ type: 'move', position: [0, 0] });
      await sendKeys({ press: 'Escape' });
      await closed(el);
    });

    it('marks the links that open it with aria-haspopup, and no others', async () => {
      const el = await mount(html`
        <kite-lightbox>
          <a href=${image(1)}>Photo</a>
          <a href="/about">About us</a>
          <a class="noLightbox" href=${image(2)}>Download</a>
        </kite-lightbox>
      `);
      await waitUntil(() => links(el)[0]!.getAttribute('aria-haspopup') === 'dialog', 'marked');
      expect(links(el)[1]!.hasAttribute('aria-haspopup')).to.be.false;
      expect(links(el)[2]!.hasAttribute('aria-haspopup')).to.be.false;
      // Links added later are marked too.
      const late = Object.assign(document.createElement('a'), { href: image(3), textContent: 'Late' });
      el.append(late);
      await waitUntil(() => late.getAttribute('aria-haspopup') === 'dialog', 'late link marked');
      el.remove();
      await nextFrame();
      expect(links(el)[0]!.hasAttribute('aria-haspopup'), 'restored when removed').to.be.false;
    });

    it('keeps the page from scrolling while open', async () => {
      const el = await mount();
      await openAt(el, 0);
      expect(document.documentElement.style.overflow).to.equal('hidden');
      await sendKeys({ press: 'Escape' });
      await closed(el);
      expect(document.documentElement.style.overflow).to.equal('');
    });
  });

  describe('gallery', () => {
    it(`changes item ${LIGHTBOX.NAVIGATION_DELAY_MS} ms after next, fading the current one out meanwhile`, async () => {
      const clock = fakeClock();
      const el = await mount();
      const events = spyEvents(LIGHTBOX_EVENTS);
      await openAt(el, 0);
      await shown(el, 1);
      const phases = recordPhases(el);
      // Held from the click: the change comes after its delay on the clock, checked 1 ms before and at it.
      clock.hold();
      await click(part(el, 'next')!);
      await untilAtOnce(clock, () => phaseOf(el) === 'leaving', 'fading out');
      await clock.advance(LIGHTBOX.NAVIGATION_DELAY_MS - 1);
      expect(events.of('kite-lightbox-change'), 'not before the delay').to.deep.equal([]);
      await clock.advance(1);
      const change = await events.next('kite-lightbox-change');
      clock.release();
      expect(change.detail).to.deep.equal({ index: 1, count: 5, src: absolute(image(2)) });
      await shown(el, 2);
      expect(part(el, 'counter')!.textContent).to.equal('2 / 5');
      // The current image stays while it fades out, then the next one shows.
      expect(phases).to.include(`leaving:${absolute(image(1))}`);
      expect(phases.at(-1)).to.equal(`shown:${absolute(image(2))}`);
    });

    it('wraps at both ends with the buttons', async () => {
      const el = await mount(gallery(3));
      await openAt(el, 2);
      await shown(el, 3);
      await click(part(el, 'next')!);
      await shown(el, 1);
      expect(part(el, 'counter')!.textContent).to.equal('1 / 3');
      await click(part(el, 'previous')!);
      await shown(el, 3);
      expect(part(el, 'counter')!.textContent).to.equal('3 / 3');
      await expect(el).to.be.accessible();
    });

    it('wraps at both ends with the arrow keys', async () => {
      const el = await mount(gallery(3));
      await openAt(el, 0);
      await shown(el, 1);
      await sendKeys({ press: 'ArrowLeft' });
      await shown(el, 3);
      await sendKeys({ press: 'ArrowRight' });
      await shown(el, 1);
      await sendKeys({ press: 'ArrowRight' });
      await shown(el, 2);
    });

    it('shows the next image on a click on the image, without closing', async () => {
      const el = await mount(gallery(3));
      await openAt(el, 0);
      await shown(el, 1);
      await click(part(el, 'image')!);
      await shown(el, 2);
    });

    it('names the previous and next buttons (the spec leaves their titles empty)', async () => {
      const el = await mount();
      await openAt(el, 0);
      expect(part(el, 'previous')!.getAttribute('aria-label')).to.equal(en.lightboxPrevious);
      expect(part(el, 'next')!.getAttribute('aria-label')).to.equal(en.lightboxNext);
      expect(part(el, 'close')!.getAttribute('aria-label')).to.equal(en.lightboxClose);
      for (const name of ['previous', 'next', 'close']) expect(part(el, name)!.hasAttribute('title'), name).to.be.false;
    });

    it('has no counter and no previous or next for a single item', async () => {
      const clock = fakeClock();
      const el = await mount(gallery(1));
      await openAt(el, 0);
      await shown(el, 1);
      expect(part(el, 'counter')).to.be.null;
      expect(part(el, 'previous')).to.be.null;
      expect(part(el, 'next')).to.be.null;
      await sendKeys({ press: 'ArrowRight' });
      await clock.advance(LIGHTBOX.NAVIGATION_DELAY_MS * 2);
      expect(phaseOf(el)).to.equal('shown');
      await expect(el).to.be.accessible();
    });

    it('loads 1 image before and 1 after the current one ahead, and no others', async () => {
      const query = `?preload=${Math.random().toString(36).slice(2)}`;
      const el = await mount(gallery(6, { query }));
      const started = recordImageLoads(query);
      const requested = () =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => name.endsWith(query));
      await openAt(el, 0);
      const expected = [1, 2, 6].map((n) => absolute(image(n) + query));
      await waitUntil(() => expected.every((url) => requested().includes(url)), `requested: ${requested().join(', ')}`);
      // The neighbours start together, in one task: any other load ahead has started by now.
      expect([...started].sort()).to.deep.equal(expected.sort());

      await click(part(el, 'next')!);
      const then = absolute(image(3) + query);
      await waitUntil(() => requested().includes(then), 'the new neighbour is loaded ahead');
      expect([...started]).to.not.include(absolute(image(4) + query));
    });
  });

  describe('image states', () => {
    it("shows the spec's error with a link to the address when the image fails", async () => {
      const missing = '/demo/public/media/gallery/missing.jpg';
      const el = await mount(html`<kite-lightbox><a href=${missing} title="Missing kite">Missing</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => statusOf(el) === 'error', 'error state');
      const error = part(el, 'error')!;
      expect(error.textContent).to.equal(en.lightboxImageError.replace('{link}', en.lightboxImageLink));
      const link = error.querySelector('a')!;
      expect(link.textContent).to.equal(en.lightboxImageLink);
      expect(link.href).to.equal(absolute(missing));
      expect(part(el, 'image')).to.be.null;
      await waitUntil(() => phaseOf(el) === 'shown');
      await expect(el).to.be.accessible();
    });

    it('shows a loader with a screen-reader text until the image is ready', async () => {
      const el = await mount(gallery(2, { query: `?slow=${Math.random()}` }));
      await openAt(el, 0);
      // Either still loading (the loader shows) or already decoded (the image shows): never both, never neither.
      const loader = part(el, 'loader');
      if (loader) {
        expect(loader.getAttribute('role')).to.equal('status');
        expect(loader.textContent).to.equal(en.lightboxLoading);
        expect(part(el, 'image')).to.be.null;
      }
      await waitUntil(() => statusOf(el) === 'ready', 'ready');
      expect(part(el, 'loader')).to.be.null;
      expect(part(el, 'image')).to.not.be.null;
    });
  });

  describe('titles', () => {
    it('falls back from the title attribute to the image title, the caption, then the alt (with use-alt)', async () => {
      const template = (useAlt: boolean) => html`
        <kite-lightbox ?use-alt=${useAlt}>
          <a href=${image(1)} title="Link title"><img src=${image(1)} title="Image title" alt="Alt 1" width="40" height="30" /></a>
          <a href=${image(2)}><img src=${image(2)} title="Image title 2" alt="Alt 2" width="40" height="30" /></a>
          <figure>
            <a href=${image(3)}><img src=${image(3)} alt="Alt 3" width="40" height="30" /></a>
            <figcaption>Caption <em>three</em></figcaption>
          </figure>
          <a href=${image(4)}><img src=${image(4)} alt="Alt 4" width="40" height="30" /></a>
        </kite-lightbox>
      `;
      const el = await mount(template(false));
      await openAt(el, 0);
      expect(titleOf(el)).to.equal('Link title');
      for (const [n, expected] of [
        [2, 'Image title 2'],
        [3, 'Caption three'],
        [4, `label:${en.lightboxLabel}`],
      ] as const) {
        await click(part(el, 'next')!);
        await shown(el, n);
        expect(titleOf(el), `item ${n}`).to.equal(expected);
      }
      // No title at all: the dialog still has a name.
      expect(part(el, 'title')).to.be.null;
      await expect(el).to.be.accessible();

      await sendKeys({ press: 'Escape' });
      await closed(el);
      const withAlt = await mount(template(true));
      await openAt(withAlt, 3);
      await shown(withAlt, 4);
      expect(titleOf(withAlt)).to.equal('Alt 4');
    });
    it('decodes the entities a CMS left in a title (Tom &amp; Jerry shows as Tom & Jerry), as text, never as markup', async () => {
      // In the template the attribute is encoded twice, as a CMS writes it: the attribute value reads `Tom &amp; Jerry`.
      const el = await mount(html`
        <kite-lightbox>
          <a href=${image(1)} title="Tom &amp;amp; Jerry"><img src=${image(1)} alt="Alt 1" width="40" height="30" /></a>
          <a href=${image(2)} title="&amp;lt;img src=x onerror=&amp;quot;window.kiteXss=1&amp;quot;&amp;gt; &amp;#8211; caf&amp;#233;"
            ><img src=${image(2)} alt="Alt 2" width="40" height="30"
          /></a>
        </kite-lightbox>
      `);
      expect(links(el)[0]!.getAttribute('title')).to.equal('Tom &amp; Jerry');
      await openAt(el, 0);
      expect(part(el, 'title')!.textContent).to.equal('Tom & Jerry');
      await click(part(el, 'next')!);
      await shown(el, 2);
      // Markup in a title is shown as its text.
      expect(part(el, 'title')!.textContent).to.equal('<img src=x onerror="window.kiteXss=1"> \u2013 café');
      expect(part(el, 'title')!.children.length).to.equal(0);
      expect((window as { kiteXss?: number }).kiteXss).to.equal(undefined);
    });

    it('shows titles the page changed after it loaded: a caption text, a title attribute', async () => {
      const el = await mount(html`
        <kite-lightbox>
          <figure>
            <a href=${image(1)}><img src=${image(1)} alt="Alt 1" width="40" height="30" /></a>
            <figcaption>Old caption</figcaption>
          </figure>
          <a href=${image(2)} title="Old title"><img src=${image(2)} alt="Alt 2" width="40" height="30" /></a>
        </kite-lightbox>
      `);
      await nextFrame();
      el.querySelector('figcaption')!.firstChild!.nodeValue = 'New caption';
      await openAt(el, 1);
      await click(part(el, 'next')!);
      await shown(el, 1);
      expect(part(el, 'title')!.textContent).to.equal('New caption');
      await sendKeys({ press: 'Escape' });
      await closed(el);

      links(el)[1]!.title = 'New title';
      await openAt(el, 0);
      await click(part(el, 'next')!);
      await shown(el, 2);
      expect(part(el, 'title')!.textContent).to.equal('New title');
    });
  });

  describe('inline and ajax content', () => {
    it('shows a copy of an inline target, leaving the page as it was', async () => {
      const el = await mount(html`
        <kite-lightbox>
          <a href="#specs-aero" data-type="inline" title="Specifications">Specifications</a>
          <div id="specs-aero" hidden><h2>Aero 2</h2><p>Span 1.2 m, ripstop sail.</p><button type="button">Compare</button></div>
        </kite-lightbox>
      `);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'panel')?.querySelector('h2'), 'inline content shown');
      const panel = part(el, 'panel')!;
      expect(panel.querySelector('p')!.textContent).to.equal('Span 1.2 m, ripstop sail.');
      expect(panel.firstElementChild!.hasAttribute('hidden')).to.be.false;
      expect(el.querySelector<HTMLElement>('#specs-aero')!.hidden, 'the original stays hidden').to.be.true;
      expect(document.querySelectorAll('#specs-aero')).to.have.length(1);
      await waitUntil(() => phaseOf(el) === 'shown');
      await expect(el).to.be.accessible();
    });

    it('opens a link to a hidden target without a mark, and leaves ordinary in-page anchors alone', async () => {
      const taken = guardNavigation();
      const el = await mount(html`
        <kite-lightbox>
          <a href="#hidden-note">Note</a>
          <a href="#visible-section">Section</a>
          <div id="hidden-note" class="mfp-hide" hidden><p>Hidden note</p></div>
          <section id="visible-section"><p>Visible</p></section>
        </kite-lightbox>
      `);
      syntheticClick(links(el)[1]!);
      expect(taken).to.deep.equal([false]);
      expect(isOpen(el), 'open').to.be.false;
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'panel')?.textContent === 'Hidden note', 'inline note shown');
    });

    it("says 'Content not found' when the inline target is missing", async () => {
      const el = await mount(html`<kite-lightbox><a href="#nowhere" data-type="inline">Details</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'error'), 'error shown');
      expect(part(el, 'error')!.textContent).to.equal(en.lightboxNotFound);
      expect(statusOf(el)).to.equal('error');
      await waitUntil(() => phaseOf(el) === 'shown');
      await expect(el).to.be.accessible();
    });

    it('fetches ajax content and shows it', async () => {
      const el = await mount(html`<kite-lightbox><a href="/demo/public/fragments/kite-specs.html" data-type="ajax">Specs</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'panel')?.querySelector('table'), 'ajax content shown', { timeout: SLACK_MS * 3 });
      await waitUntil(() => phaseOf(el) === 'shown');
      await expect(el).to.be.accessible();
    });

    it('sanitizes ajax content: no script, event handler, javascript: link or style ever runs', async () => {
      const path = '/fragments/evil.html';
      const win = window as unknown as { kiteXss?: number };
      delete win.kiteXss;
      stubFetch(
        path,
        `<p id="fine">Fine text</p><img src="data:," onerror="window.kiteXss = 1"><script>window.kiteXss = 2</script>` +
          `<a href="javascript:window.kiteXss = 3">link</a><svg><script>window.kiteXss = 4</script></svg>` +
          `<style>[part~=close]{display:none}</style><iframe src="javascript:parent.kiteXss = 5"></iframe>`,
      );
      const el = await mount(html`<kite-lightbox><a href=${path} class="mfp-ajax">Details</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'panel')?.querySelector('#fine'), 'ajax content shown');
      const panel = part(el, 'panel')!;
      expect(panel.querySelector('script, style, iframe')).to.be.null;
      expect(panel.querySelector('img')!.hasAttribute('onerror')).to.be.false;
      expect(panel.querySelector('a')!.hasAttribute('href')).to.be.false;
      await imagesAnswered(panel);
      expect(win.kiteXss).to.equal(undefined);
      expect(getComputedStyle(part(el, 'close')!).display).to.not.equal('none');
    });

    it('shows an accessible loader while ajax content loads, and stops loading when closed', async () => {
      const path = '/fragments/slow.html';
      const original = window.fetch;
      let signal: AbortSignal | undefined;
      window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) !== absolute(path)) return original(input, init);
        signal = init?.signal ?? undefined;
        return new Promise<Response>(() => {}); // never answers
      };
      cleanups.push(() => (window.fetch = original));
      const el = await mount(html`<kite-lightbox><a href=${path} data-type="ajax" title="Slow details">Details</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'loader') && phaseOf(el) === 'shown', 'loader shown');
      expect(statusOf(el)).to.equal('loading');
      expect(part(el, 'loader')!.textContent).to.equal(en.lightboxLoading);
      await expect(el).to.be.accessible();
      await sendKeys({ press: 'Escape' });
      await closed(el);
      expect(signal?.aborted, 'the request was aborted').to.be.true;
    });

    it("shows the spec's error with a link when ajax content cannot be loaded", async () => {
      const path = '/demo/public/fragments/missing.html';
      const el = await mount(html`<kite-lightbox><a href=${path} data-type="ajax">Details</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'error'), 'error shown', { timeout: SLACK_MS * 3 });
      expect(part(el, 'error')!.textContent).to.equal(en.lightboxContentError.replace('{link}', en.lightboxContentLink));
      expect(part<HTMLAnchorElement>(el, 'error-link')!.href).to.equal(absolute(path));
      await waitUntil(() => phaseOf(el) === 'shown');
      await expect(el).to.be.accessible();
    });
  });

  describe('videos and iframes', () => {
    const YOUTUBE_ID = 'aqz-KE-bpKQ';

    it('embeds a YouTube link through youtube-nocookie.com, with allow and a title', async () => {
      const el = await mount(html`<kite-lightbox><a href=${`https://www.youtube.com/watch?v=${YOUTUBE_ID}`} title="The Aero 2 in flight">Watch</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'frame'), 'frame shown');
      const frame = part<HTMLIFrameElement>(el, 'frame')!;
      expect(frame.src).to.equal(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?rel=0&autoplay=1`);
      expect(frame.title).to.equal('The Aero 2 in flight');
      expect(frame.allow).to.contain('autoplay').and.contain('fullscreen');
      expect(dialogOf(el)!.dataset.kind).to.equal('video');
    });

    it('embeds a Vimeo player link, titled "Video" without a title', async () => {
      const el = await mount(html`<kite-lightbox><a href="https://vimeo.com/76979871/abc123">Watch</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'frame'), 'frame shown');
      expect(part<HTMLIFrameElement>(el, 'frame')!.src).to.equal('https://player.vimeo.com/video/76979871?h=abc123&autoplay=1');
      expect(part<HTMLIFrameElement>(el, 'frame')!.title).to.equal(en.lightboxVideo);
    });

    it('without video consent shows the notice and a link to the video on its site, no frame; the visitor\'s allow (content="ask") frames it; axe passes', async () => {
      kiteWithVideoConsent(); // what importing kite.js does
      const meta = Object.assign(document.createElement('meta'), { name: VIDEO_CONSENT_META, content: 'ask' });
      document.head.append(meta);
      cleanups.push(() => meta.remove(), () => void delete window.kite?.videoConsented);
      const el = await mount(html`<kite-lightbox><a href=${`https://www.youtube.com/watch?v=${YOUTUBE_ID}`} title="The Aero 2 in flight">Watch</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'consent'), 'no consent notice');
      expect(part(el, 'frame'), 'nothing framed').to.equal(null);
      expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
      const link = part<HTMLAnchorElement>(el, 'consent-link')!;
      expect(link.href).to.equal(`https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
      expect(link.textContent).to.equal('Watch “The Aero 2 in flight” on YouTube');
      expect(link.target).to.equal('_blank');
      await waitUntil(() => phaseOf(el) === 'shown');
      await expect(el).to.be.accessible();
      await click(part(el, 'consent-allow')!);
      await waitUntil(() => part(el, 'frame'), 'allowing did not frame the video');
      expect(part<HTMLIFrameElement>(el, 'frame')!.src).to.equal(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?rel=0&autoplay=1`);
    });

    it('without video consent (required) offers no allow button, and a Vimeo link too gets the notice', async () => {
      const meta = Object.assign(document.createElement('meta'), { name: VIDEO_CONSENT_META, content: 'required' });
      document.head.append(meta);
      cleanups.push(() => meta.remove());
      const el = await mount(html`<kite-lightbox><a href="https://vimeo.com/76979871">Watch</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'consent'), 'no consent notice');
      expect(part(el, 'consent-allow')).to.equal(null);
      expect(part<HTMLAnchorElement>(el, 'consent-link')!.href).to.equal('https://vimeo.com/76979871');
      expect(part(el, 'frame')).to.equal(null);
    });

    it('stops a playing video at once when the lightbox closes', async () => {
      const el = await mount(html`<kite-lightbox><a href=${`https://youtu.be/${YOUTUBE_ID}`}>Watch</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'frame'), 'frame shown');
      const frameGone = new Promise<string>((resolve) => {
        const observer = new MutationObserver(() => {
          if (part(el, 'frame')) return;
          observer.disconnect();
          resolve(phaseOf(el));
        });
        observer.observe(el.shadowRoot!, { subtree: true, childList: true });
      });
      await click(part(el, 'close')!);
      expect(await frameGone, 'the embed is gone before the fade-out ends').to.equal('closing');
      await closed(el);
    });

    it('opens a marked iframe link in an iframe', async () => {
      const path = '/demo/public/fragments/kite-specs.html';
      const el = await mount(html`<kite-lightbox><a class="mfp-iframe" href=${path}>Specs page</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'frame'), 'frame shown');
      const frame = part<HTMLIFrameElement>(el, 'frame')!;
      expect(frame.src).to.equal(absolute(path));
      expect(frame.title).to.equal(en.lightboxFrame);
      await waitUntil(() => statusOf(el) === 'ready', 'iframe loaded');
      await waitUntil(() => phaseOf(el) === 'shown');
      await expect(el).to.be.accessible();
    });
  });

  describe('iframe sandbox', () => {
    const framedPage = '/test/fixtures/lightbox-frame.html';
    /** What the framed page reports: whether it could reach into this page. */
    const framedReport = () =>
      new Promise<string>((resolve) => {
        const listener = (event: MessageEvent) => {
          if (!event.data?.framedPage) return;
          removeEventListener('message', listener);
          resolve(event.data.framedPage);
        };
        addEventListener('message', listener);
      });
    afterEach(() => delete document.body.dataset.framedPageReached);

    it('sandboxes an iframe item: a page of this origin runs its scripts but cannot reach into the page', async () => {
      const report = framedReport();
      const el = await mount(html`<kite-lightbox><a data-type="iframe" href=${framedPage}>Framed</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'frame'), 'frame shown');
      const frame = part<HTMLIFrameElement>(el, 'frame')!;
      expect(frame.getAttribute('sandbox')).to.equal('allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-presentation');
      expect(await report).to.equal('kept out');
      expect(document.body.dataset.framedPageReached).to.equal(undefined);
    });

    it('leaves the frame unsandboxed when the link opts out (data-kite-iframe-unsandboxed)', async () => {
      const report = framedReport();
      const el = await mount(html`<kite-lightbox><a data-type="iframe" data-kite-iframe-unsandboxed href=${framedPage}>Framed</a></kite-lightbox>`);
      await click(links(el)[0]!);
      await waitUntil(() => part(el, 'frame'), 'frame shown');
      expect(part<HTMLIFrameElement>(el, 'frame')!.hasAttribute('sandbox')).to.equal(false);
      expect(await report).to.equal('reached the page');
    });
  });

  describe('exclusions', () => {
    it('leaves excluded links alone: no-lightbox, fake-lightbox, file-sharing, pagination, processed, ordinary', async () => {
      const taken = guardNavigation();
      const el = await mount(html`
        <kite-lightbox>
          <a class="noLightbox" href=${image(1)}>1</a>
          <div class="no-lightbox"><a href=${image(2)}>2</a></div>
          <a class="fakeLightbox" href=${image(3)}>3</a>
          <a href="https://www.dropbox.com/s/abc/kite.jpg">4</a>
          <nav class="pagination"><a href="/gallery/page/2/" class="lightbox">5</a></nav>
          <a rel="next" href="/gallery/page/2/kite.jpg">6</a>
          <a class="lightbox-added" href=${image(4)}>7</a>
          <a href="/about">8</a>
          <a href="movie.swf">9</a>
          <a href=${image(5)}>10</a>
        </kite-lightbox>
      `);
      const all = links(el);
      for (const link of all.slice(0, -1)) syntheticClick(link);
      expect(taken).to.deep.equal(all.slice(0, -1).map(() => false));
      await nextFrame();
      expect(isOpen(el), 'open').to.be.false;
      // The one lightbox link is the whole gallery.
      await click(all.at(-1)!);
      await shown(el, 5);
      expect(part(el, 'counter')).to.be.null;
    });

    it('ignores a middle click and clicks with a modifier key', async () => {
      const taken = guardNavigation();
      const el = await mount(gallery(2));
      const link = links(el)[0]!;
      for (const modifier of ['ctrlKey', 'metaKey', 'altKey', 'shiftKey']) syntheticClick(link, { [modifier]: true });
      syntheticClick(link, { type: 'auxclick', button: 1 });
      await nextFrame();
      expect(taken).to.deep.equal([false, false, false, false, false]);
      expect(isOpen(el), 'open').to.be.false;
    });

    it('opens on a middle click and modified clicks with mid-click', async () => {
      const taken = guardNavigation();
      const el = await mount(gallery(2, { midClick: true }));
      syntheticClick(links(el)[1]!, { type: 'auxclick', button: 1 });
      await waitUntil(() => dialogOf(el)?.open, 'opened by a middle click');
      expect(taken).to.deep.equal([true]);
      await shown(el, 2);
      await sendKeys({ press: 'Escape' });
      await closed(el);
      syntheticClick(links(el)[0]!, { ctrlKey: true });
      await waitUntil(() => dialogOf(el)?.open, 'opened by a ctrl click');
      expect(taken).to.deep.equal([true, true]);
    });

    it('leaves the links of a nested lightbox to it', async () => {
      const el = await mount(html`
        <kite-lightbox>
          <a href=${image(1)}>1</a>
          <a href=${image(2)}>2</a>
          <kite-lightbox id="inner"><a href=${image(3)}>3</a></kite-lightbox>
        </kite-lightbox>
      `);
      const inner = el.querySelector<KiteLightbox>('#inner')!;
      await waitUntil(() => inner.querySelector('a[aria-haspopup="dialog"]'), 'the inner one started');
      await click(links(el)[0]!);
      await shown(el, 1);
      expect(part(el, 'counter')!.textContent).to.equal('1 / 2');
      await sendKeys({ press: 'Escape' });
      await closed(el);
      await click(links(inner)[0]!);
      await waitUntil(() => dialogOf(inner)?.open, 'the inner one opens');
      expect(isOpen(el), 'open').to.be.false;
    });
  });

  describe('swipe', () => {
    it(`goes to the next or previous item on a swipe of ${SWIPE.MIN_HORIZONTAL_PX} px, then locks for ${SWIPE.LOCK_MS} ms`, async () => {
      const clock = fakeClock();
      const el = await mount(gallery(4));
      await openAt(el, 1);
      await shown(el, 2);
      swipe(el, -(SWIPE.MIN_HORIZONTAL_PX - 10));
      await clock.advance(LIGHTBOX.NAVIGATION_DELAY_MS * 2);
      expect(phaseOf(el), 'too short').to.equal('shown');
      expect(shownImage(el)).to.equal(absolute(image(2)));

      swipe(el, -SWIPE.MIN_HORIZONTAL_PX - 10, 5);
      swipe(el, -SWIPE.MIN_HORIZONTAL_PX - 10); // within the lock: ignored
      await shown(el, 3);
      expect(dialogOf(el), 'a swipe ends with no background click').to.not.be.null;
      await clock.advance(SWIPE.LOCK_MS);
      swipe(el, SWIPE.MIN_HORIZONTAL_PX + 10);
      await shown(el, 2);
    });

    it('ignores mostly vertical moves', async () => {
      const clock = fakeClock();
      const el = await mount(gallery(3));
      await openAt(el, 0);
      await shown(el, 1);
      swipe(el, -SWIPE.MIN_HORIZONTAL_PX * 2, SWIPE.MIN_HORIZONTAL_PX * 3);
      await clock.advance(LIGHTBOX.NAVIGATION_DELAY_MS * 2);
      expect(shownImage(el)).to.equal(absolute(image(1)));
    });
  });

  describe('focus', () => {
    it('keeps Tab inside the dialog both ways, and returns focus to the link on close', async () => {
      const el = await mount(gallery(3));
      const link = links(el)[1]!;
      link.focus();
      await sendKeys({ press: 'Enter' });
      await shown(el, 2);
      expect(nameOf(focused(el))).to.equal('figure(figure)');
      await shiftTab();
      expect(nameOf(focused(el)), 'Shift+Tab from the photo goes to the last control').to.equal('button(next)');
      part(el, 'figure')!.focus();
      for (const expected of ['close', 'previous', 'next', 'close']) {
        await sendKeys({ press: 'Tab' });
        expect(nameOf(focused(el)), 'Tab').to.equal(`button(${expected})`);
      }
      await shiftTab();
      expect(nameOf(focused(el)), 'Shift+Tab from the first goes to the last').to.equal('button(next)');
      await sendKeys({ press: 'Tab' });
      expect(nameOf(focused(el))).to.equal('button(close)');
      await sendKeys({ press: 'Enter' });
      await closed(el);
      expect(nameOf(document.activeElement)).to.equal(nameOf(link));
    });

    it('ignores a script clicking a link behind the open lightbox', async () => {
      const clock = fakeClock();
      const el = await mount(gallery(3));
      await openAt(el, 0);
      await shown(el, 1);
      links(el)[2]!.click();
      await clock.advance(LIGHTBOX.NAVIGATION_DELAY_MS * 2);
      expect(shownImage(el)).to.equal(absolute(image(1)));
      expect(part(el, 'counter')!.textContent).to.equal('1 / 3');
      expect(part(el, 'image')!.getAttribute('alt')).to.equal('Kite 1');
    });

    it('keeps the page behind inert while open', async () => {
      const el = await mount(gallery(2));
      await openAt(el, 0);
      links(el)[1]!.focus();
      expect(nameOf(document.activeElement), 'the page behind cannot take focus').to.not.equal(nameOf(links(el)[1]!));
    });
  });

  describe('closing', () => {
    it(`closes by Esc: the dialog fades out for ${LIGHTBOX.REMOVAL_DELAY_MS} ms, then closes`, async () => {
      const clock = fakeClock();
      const el = await mount();
      const events = spyEvents(LIGHTBOX_EVENTS);
      await openAt(el, 3);
      await shown(el, 4);
      const phases = recordPhases(el);
      // Held from the key press: the fade-out lasts its time on the clock, checked 1 ms before its end and at it.
      clock.hold();
      await sendKeys({ press: 'Escape' });
      await untilAtOnce(clock, () => phaseOf(el) === 'closing', 'fading out');
      expect(getComputedStyle(dialogOf(el)!).animationDuration).to.equal(`${LIGHTBOX.REMOVAL_DELAY_MS / 1000}s`);
      await clock.advance(LIGHTBOX.REMOVAL_DELAY_MS - 1);
      expect(events.of('kite-lightbox-close'), 'not before the fade-out ends').to.deep.equal([]);
      await clock.advance(1);
      const close = await events.next('kite-lightbox-close');
      clock.release();
      expect(close.detail).to.deep.equal({ index: 3, count: 5, src: absolute(image(4)), trigger: 'escape' });
      await closed(el);
      expect(phases[0]).to.match(/^closing:/);
      expect(events.types()).to.deep.equal(['kite-lightbox-open', 'kite-lightbox-close']);
    });

    it('closes by the close button', async () => {
      const el = await mount();
      const events = spyEvents(LIGHTBOX_EVENTS);
      await openAt(el, 0);
      await click(part(el, 'close')!);
      expect((await events.next('kite-lightbox-close', LIGHTBOX.REMOVAL_DELAY_MS + SLACK_MS)).detail.trigger).to.equal('button');
      await closed(el);
    });

    it('closes by a click on the background, not on the image or the caption', async () => {
      const clock = fakeClock();
      const el = await mount(gallery(1));
      const events = spyEvents(LIGHTBOX_EVENTS);
      await openAt(el, 0);
      await shown(el, 1);
      await click(part(el, 'caption')!);
      await clock.advance(MOMENT_MS);
      expect(phaseOf(el)).to.equal('shown');
      await click([Math.round(innerWidth / 2), 4]);
      expect((await events.next('kite-lightbox-close', LIGHTBOX.REMOVAL_DELAY_MS + SLACK_MS)).detail.trigger).to.equal('background');
      await closed(el);
    });

    it('opens again after closing', async () => {
      const el = await mount(gallery(2));
      await openAt(el, 0);
      await sendKeys({ press: 'Escape' });
      await closed(el);
      await openAt(el, 1);
      await shown(el, 2);
    });

    it('a close event left over from the last closing does not close the next opening', async () => {
      const clock = fakeClock();
      // The dialog's close event is a queued task; a click (input goes first) may open it again before it runs.
      const el = await mount(gallery(2));
      await openAt(el, 0);
      await sendKeys({ press: 'Escape' });
      await closed(el);
      await openAt(el, 1);
      dialogOf(el)!.dispatchEvent(new Event('close'));
      await clock.advance(LIGHTBOX.REMOVAL_DELAY_MS);
      expect(phaseOf(el)).to.equal('shown');
      expect(dialogOf(el)?.open).to.equal(true);
    });
  });

  describe('reduced motion', () => {
    afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

    it('has no zoom or fade, and nothing waits for one', async () => {
      const clock = fakeClock();
      await emulateMedia({ reducedMotion: 'reduce' });
      const el = await mount(gallery(3, { zoom: true }));
      const events = spyEvents(LIGHTBOX_EVENTS);
      await openAt(el, 0);
      expect(phaseOf(el)).to.equal('shown');
      expect(getComputedStyle(part(el, 'figure')!).animationName).to.equal('none');
      expect(getComputedStyle(dialogOf(el)!).animationName).to.equal('none');
      expect(el.shadowRoot!.getAnimations().filter((animation) => animation.playState === 'running'), 'no zoom from the thumbnail').to.deep.equal([]);
      await waitUntil(() => statusOf(el) === 'ready');
      // The clock held still from here (only what is due at once runs): nothing waits for a navigation or removal delay.
      clock.hold();
      await sendKeys({ press: 'ArrowRight' });
      expect(phaseOf(el)).to.equal('shown');
      await untilAtOnce(clock, () => shownImage(el) === absolute(image(2)), 'changed at once');
      await sendKeys({ press: 'Escape' });
      await untilAtOnce(clock, () => events.of('kite-lightbox-close').length > 0, 'closed at once');
      expect(isOpen(el), 'open').to.be.false;
    });
  });

  describe('Hebrew', () => {
    it('is right-to-left with Hebrew labels; the arrow keys follow the reading direction', async () => {
      const el = await mount(gallery(3, { lang: 'he' }));
      await openAt(el, 0);
      await shown(el, 1);
      const dialog = dialogOf(el)!;
      expect(dialog.getAttribute('dir')).to.equal('rtl');
      expect(dialog.getAttribute('lang')).to.equal('he');
      expect(part(el, 'next')!.getAttribute('aria-label')).to.equal(he.lightboxNext);
      expect(part(el, 'close')!.getAttribute('aria-label')).to.equal(he.lightboxClose);
      // The next button sits on the left.
      expect(part(el, 'next')!.getBoundingClientRect().left).to.be.below(part(el, 'previous')!.getBoundingClientRect().left);
      await sendKeys({ press: 'ArrowLeft' });
      await shown(el, 2);
      await expect(el).to.be.accessible();
    });

    it('before the rest has loaded, a Hebrew page\'s stand-in is right-to-left with Hebrew labels, and its arrow keys follow the reading direction', async () => {
      const el = await mount(gallery(3, { lang: 'he' }));
      // The page's messages, which an intent fetches: here before the click.
      await loadMessages('he');
      links(el)[0]!.click();
      const standIn = dialogOf(el)!;
      expect(standIn.open && phaseOf(el) === 'closed', 'the stand-in shows').to.be.true;
      expect(standIn.getAttribute('dir')).to.equal('rtl');
      expect(part(el, 'close')!.getAttribute('aria-label')).to.equal(he.lightboxClose);
      part(el, 'figure')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, composed: true, cancelable: true }));
      await shown(el, 2);
      expect(part(el, 'counter')!.textContent).to.equal('2 / 3');
    });
  });

  it('opens links an ajax-loaded block adds after the element upgraded', async () => {
    const el = await fixture<KiteLightbox>(html`<kite-lightbox lang="en"></kite-lightbox>`);
    el.insertAdjacentHTML('beforeend', `<div class="gallery"><a href="${image(1)}"><img src="${image(1)}" alt="Kite 1" width="60" height="40"></a></div>`);
    await waitUntil(() => links(el)[0]!.getAttribute('aria-haspopup') === 'dialog', 'late link picked up');
    await openAt(el, 0);
    await shown(el, 1);
  });
});
