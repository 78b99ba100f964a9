/**
 * kite-gallery in real Chromium: thumbnails fading in one after another once loaded (fake clock),
 * choosing the preview by mouse, keyboard (roving focus, mirrored in Hebrew) and touch (tap, swipe
 * on the preview), reduced motion, the lightbox opening from the preview, the page's markup given
 * back, and axe in each visible state.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import '../../../components/gallery/gallery.element.ts';
import type { KiteGallery } from '../../../components/gallery/gallery.element.ts';
import { GALLERY } from '../../../shared/constants/site.ts';
import { loadMessages } from '../../../shared/i18n/index.ts';
import { click, fakeClock, holdAnswers, spyEvents, touchDrag, untilAtOnce, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

const MEDIA = '/demo/public/media/gallery';
const IMAGES = ['aero-01', 'aero-02', 'aero-03', 'aero-04'].map((name) => ({ src: `${MEDIA}/${name}.svg`, alt: `Kite ${name}` }));
/** A swipe's travel: well beyond the least a swipe needs. */
const SWIPE_PX = 150;

const galleryMarkup = (query = '') => html`
  <div class="avia-gallery">
    <a class="avia-gallery-big" href=${IMAGES[0]!.src}><img src=${IMAGES[0]!.src} alt=${IMAGES[0]!.alt} width="400" height="300" /></a>
    <div class="avia-gallery-thumb">
      ${IMAGES.map((image) => html`<a href=${image.src} data-prev-img=${image.src}><img src=${image.src + query} alt=${image.alt} width="60" height="45" /></a>`)}
    </div>
  </div>
`;

async function mount({ lang = 'en', lightbox = false, query = '' } = {}) {
  const wrapper = await fixture<HTMLDivElement>(
    lightbox
      ? html`<div lang=${lang}><kite-lightbox><kite-gallery>${galleryMarkup(query)}</kite-gallery></kite-lightbox></div>`
      : html`<div lang=${lang} dir=${lang === 'he' ? 'rtl' : 'ltr'}><kite-gallery>${galleryMarkup(query)}</kite-gallery></div>`,
  );
  const gallery = wrapper.querySelector<KiteGallery>('kite-gallery')!;
  await gallery.updateComplete;
  const thumbs = [...gallery.querySelectorAll<HTMLAnchorElement>('.avia-gallery-thumb a')];
  const preview = gallery.querySelector<HTMLAnchorElement>('.avia-gallery-big')!;
  const image = preview.querySelector('img')!;
  const states = () => thumbs.map((thumb) => thumb.getAttribute('data-kite-gallery-thumb'));
  const current = () => thumbs.findIndex((thumb) => thumb.getAttribute('aria-current') === 'true');
  return { wrapper, gallery, thumbs, preview, image, states, current };
}

describe('kite-gallery', () => {
  before(async () => {
    await loadMessages('he');
  });
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('fades the thumbnails in THUMB_FADE_STAGGER_MS apart once their images have loaded, with no axe violations', async () => {
    const clock = fakeClock();
    clock.hold();
    const events = spyEvents(['kite-gallery-shown'] as const);
    const { gallery, states } = await mount();
    await untilAtOnce(clock, () => states()[0] === 'shown', 'the first thumbnail did not show once loaded');
    expect(states()).to.deep.equal(['shown', 'hidden', 'hidden', 'hidden']);
    for (let shown = 2; shown <= IMAGES.length; shown += 1) {
      await clock.advance(GALLERY.THUMB_FADE_STAGGER_MS - 1);
      expect(states().filter((state) => state === 'shown')).to.have.length(shown - 1);
      await clock.advance(1);
      await gallery.updateComplete;
      expect(states().filter((state) => state === 'shown')).to.have.length(shown);
    }
    expect(events.types()).to.deep.equal(['kite-gallery-shown']);
    clock.release();
    await expect(gallery).to.be.accessible();
  });

  it('images still loading: checked every PRELOAD_CHECK_INTERVAL_MS, the thumbnails show anyway after PRELOAD_CHECK_MAX_LOOPS checks', async () => {
    const clock = fakeClock();
    clock.hold();
    // The test server holds these images' answers: they stay loading throughout.
    const hold = holdAnswers();
    const { gallery, states } = await mount({ query: `?${hold.query}` });
    await clock.advance(GALLERY.PRELOAD_CHECK_INTERVAL_MS * (GALLERY.PRELOAD_CHECK_MAX_LOOPS - 1));
    await gallery.updateComplete;
    expect(states().every((state) => state === 'hidden'), 'still waiting for the images').to.equal(true);
    await clock.advance(GALLERY.PRELOAD_CHECK_INTERVAL_MS - 1);
    await gallery.updateComplete;
    expect(states()[0]).to.equal('hidden');
    await clock.advance(1);
    await untilAtOnce(clock, () => states()[0] === 'shown', 'not shown after the last check');
    await hold.release();
  });

  it('a click on a thumbnail puts its image and alt in the preview, marks it current, and says so', async () => {
    const events = spyEvents(['kite-gallery-change'] as const);
    const { gallery, thumbs, image, preview, current } = await mount();
    expect(current()).to.equal(0);
    await click(thumbs[2]!);
    await gallery.updateComplete;
    expect(image.getAttribute('src')).to.equal(IMAGES[2]!.src);
    expect(image.alt).to.equal(IMAGES[2]!.alt);
    expect(preview.getAttribute('href')).to.equal(IMAGES[2]!.src);
    expect(current()).to.equal(2);
    expect(location.pathname, 'the thumbnail link was not followed').to.not.contain('aero-03');
    expect(events.of('kite-gallery-change').map((event) => event.detail)).to.deep.equal([{ index: 2 }]);
    const heard = events.of('kite-gallery-change')[0]!;
    expect(heard.bubbles && heard.composed).to.equal(true);
    await waitUntil(() => thumbs.every((thumb) => thumb.getAttribute('data-kite-gallery-thumb') === 'shown'), 'not shown');
    await expect(gallery).to.be.accessible();
  });

  it('keyboard: one tab stop; arrows move and choose, wrapping; Home, End; Space chooses', async () => {
    const { gallery, thumbs, image, current } = await mount();
    expect(thumbs.map((thumb) => thumb.tabIndex)).to.deep.equal([0, -1, -1, -1]);
    expect(thumbs[0]!.closest('[role="toolbar"]')!.getAttribute('aria-label')).to.equal('Gallery images');
    thumbs[0]!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await gallery.updateComplete;
    expect(document.activeElement).to.equal(thumbs[1]);
    expect(current()).to.equal(1);
    expect(image.getAttribute('src')).to.equal(IMAGES[1]!.src);
    expect(thumbs.map((thumb) => thumb.tabIndex)).to.deep.equal([-1, 0, -1, -1]);
    await sendKeys({ press: 'End' });
    await gallery.updateComplete;
    expect(document.activeElement).to.equal(thumbs[3]);
    await sendKeys({ press: 'ArrowRight' });
    await gallery.updateComplete;
    expect(document.activeElement, 'wraps after the last').to.equal(thumbs[0]);
    await sendKeys({ press: 'ArrowLeft' });
    await gallery.updateComplete;
    expect(current(), 'wraps before the first').to.equal(3);
    await sendKeys({ press: 'Home' });
    await gallery.updateComplete;
    expect(current()).to.equal(0);
    thumbs[2]!.focus();
    await sendKeys({ press: 'Space' });
    await gallery.updateComplete;
    expect(current()).to.equal(2);
    expect(scrollY, 'Space did not scroll the page').to.equal(0);
  });

  it('touch: a tap on a thumbnail chooses it; a swipe left on the preview goes to the next image, right to the previous', async () => {
    const { gallery, thumbs, preview, current } = await mount();
    const centre = (element: Element): [number, number] => {
      const rect = element.getBoundingClientRect();
      return [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
    };
    await touchDrag(centre(thumbs[1]!), centre(thumbs[1]!));
    await waitUntil(() => current() === 1, 'the tap did not choose');
    const [x, y] = centre(preview);
    await touchDrag([x + SWIPE_PX / 2, y], [x - SWIPE_PX / 2, y]);
    await gallery.updateComplete;
    expect(current()).to.equal(2);
    await touchDrag([x - SWIPE_PX / 2, y], [x + SWIPE_PX / 2, y]);
    await gallery.updateComplete;
    expect(current()).to.equal(1);
  });

  it('Hebrew: the arrows and the swipe mirror, the label is Hebrew, with no axe violations', async () => {
    const { gallery, thumbs, preview, current } = await mount({ lang: 'he' });
    await gallery.updateComplete;
    expect(thumbs[0]!.closest('[role="toolbar"]')!.getAttribute('aria-label')).to.equal('תמונות הגלריה');
    thumbs[0]!.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await gallery.updateComplete;
    expect(current(), 'left is forward right to left').to.equal(1);
    const rect = preview.getBoundingClientRect();
    const y = Math.round(rect.top + rect.height / 2);
    const x = Math.round(rect.left + rect.width / 2);
    await touchDrag([x - SWIPE_PX / 2, y], [x + SWIPE_PX / 2, y]);
    await gallery.updateComplete;
    expect(current(), 'a swipe right is forward right to left').to.equal(2);
    await waitUntil(() => thumbs.every((thumb) => thumb.getAttribute('data-kite-gallery-thumb') === 'shown'), 'not shown');
    await expect(gallery).to.be.accessible();
  });

  it('with reduced motion every thumbnail shows at once, without a fade', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const clock = fakeClock();
    clock.hold();
    const { thumbs, states } = await mount();
    await untilAtOnce(clock, () => states().every((state) => state === 'shown'), 'not all shown at once');
    expect(getComputedStyle(thumbs[0]!).transitionDuration).to.equal('0s');
  });

  it('gives the page its markup back when it leaves', async () => {
    const { gallery, thumbs, image } = await mount();
    await click(thumbs[2]!);
    await gallery.updateComplete;
    gallery.remove();
    expect(image.getAttribute('src')).to.equal(IMAGES[0]!.src);
    expect(image.alt).to.equal(IMAGES[0]!.alt);
    expect(thumbs.some((thumb) => thumb.hasAttribute('tabindex') || thumb.hasAttribute('aria-current') || thumb.hasAttribute('data-kite-gallery-thumb'))).to.equal(false);
  });

  it('inside a kite-lightbox the preview opens it at the current image, with the thumbnails as its gallery', async () => {
    await import('../../../components/lightbox/lightbox.element.ts');
    const events = spyEvents(['kite-lightbox-open'] as const);
    const { gallery, thumbs, preview, current } = await mount({ lightbox: true });
    expect(preview.classList.contains('no-lightbox')).to.equal(true);
    await click(thumbs[1]!);
    await gallery.updateComplete;
    expect(current()).to.equal(1);
    expect(events.of('kite-lightbox-open'), 'a thumbnail chooses, it does not open the lightbox').to.have.length(0);
    await click(preview);
    const open = await events.next('kite-lightbox-open');
    expect(open.detail.index).to.equal(1);
    expect(open.detail.count).to.equal(IMAGES.length);
    expect(open.detail.src).to.contain('aero-02');
    document.querySelector('kite-lightbox')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
  });
});
