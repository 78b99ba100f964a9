/**
 * kite-video-embed in real Chromium: the poster (the theme's, or YouTube's thumbnail down the
 * spec's qualities), play framing the no-cookie player, the video consent (the notice and link, the
 * visitor's allow button, consent given and withdrawn live), keyboard, touch, Hebrew, and axe.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../components/video-embed/video-embed.element.ts';
import type { KiteVideoEmbed } from '../../../components/video-embed/video-embed.element.ts';
import { VIDEO_EMBED } from '../../../shared/constants/site.ts';
import { VIDEO_CONSENT_META } from '../../../shared/consent/video-consent.ts';
import { kiteGlobal } from '../../../shared/widget/global.ts';
import { kiteWithVideoConsent } from '../../../shared/consent/consent.ts';
import { loadMessages } from '../../../shared/i18n/index.ts';
import { click, fakeClock, spyEvents, touchDrag, waitUntil } from '../helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

const YOUTUBE_ID = 'aqz-KE-bpKQ';
const YOUTUBE_LINK = `https://www.youtube.com/watch?v=${YOUTUBE_ID}`;
const VIMEO_LINK = 'https://vimeo.com/76979871';
/** A local poster: a data image, so nothing leaves the page. */
const LOCAL_POSTER = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="16" height="9"/%3E';
const [HIGHEST, SECOND, THIRD] = VIDEO_EMBED.POSTER_QUALITIES;
const PAGE_ORIGIN = location.origin;

/** Sets the page's video consent policy (`required`, `ask`) or removes it (`null`). */
function policy(content: 'required' | 'ask' | null) {
  document.head.querySelector(`meta[name="${VIDEO_CONSENT_META}"]`)?.remove();
  if (!content) return;
  const meta = document.createElement('meta');
  meta.name = VIDEO_CONSENT_META;
  meta.content = content;
  document.head.append(meta);
}

/**
 * Mounts an embed of the theme's markup. `realPosterAnswers: false` keeps the browser's own answer
 * for a service thumbnail (this machine has no internet: an error) away from the element, so the
 * test drives the fallback itself.
 */
async function mount({ href = YOUTUBE_LINK, text = 'How we sew a sail', poster, attributes = {}, realPosterAnswers = true }: { href?: string; text?: string; poster?: string; attributes?: Record<string, string>; realPosterAnswers?: boolean } = {}) {
  const embed = document.createElement('kite-video-embed');
  for (const [name, value] of Object.entries(attributes)) embed.setAttribute(name, value);
  const link = document.createElement('a');
  link.href = href;
  link.textContent = text;
  if (poster) link.prepend(Object.assign(document.createElement('img'), { src: poster, alt: '' }));
  embed.append(link);
  document.body.append(embed);
  if (!realPosterAnswers) embed.shadowRoot!.addEventListener('load', stopTrusted, true), embed.shadowRoot!.addEventListener('error', stopTrusted, true);
  await embed.updateComplete;
  return embed;
}

const stopTrusted = (event: Event) => event.isTrusted && event.target instanceof HTMLImageElement && event.stopImmediatePropagation();
const part = (embed: KiteVideoEmbed, name: string) => embed.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const stateOf = (embed: KiteVideoEmbed) => part(embed, 'base')?.dataset.state;
/** Every address the shadow root asks for: none may be a video site's before consent. */
const addressesOf = (embed: KiteVideoEmbed) => [...embed.shadowRoot!.querySelectorAll<HTMLImageElement | HTMLIFrameElement>('img, iframe')].map((node) => node.src);

describe('kite-video-embed', () => {
  before(async () => {
    await loadMessages('he');
    kiteWithVideoConsent(); // what importing kite.js does
  });
  afterEach(() => {
    document.querySelectorAll('kite-video-embed').forEach((node) => node.remove());
    policy(null);
    if (window.kite) delete window.kite.videoConsented;
  });

  it('shows the theme poster with a real "Play <title>" button; play frames the no-cookie player, sandboxed and titled, and focus goes into it; axe passes', async () => {
    const events = spyEvents(['kite-video-embed-play', 'kite-video-embed-load']);
    const embed = await mount({ poster: LOCAL_POSTER });
    expect(stateOf(embed)).to.equal('poster');
    expect(part(embed, 'poster')!.getAttribute('src')).to.equal(LOCAL_POSTER);
    const play = part(embed, 'play') as HTMLButtonElement;
    expect(play.localName).to.equal('button');
    expect(play.getAttribute('aria-label')).to.equal('Play How we sew a sail');
    expect(addressesOf(embed)).to.deep.equal([LOCAL_POSTER], 'nothing of the video site before play');
    await expect(embed).to.be.accessible();

    await click(play);
    await waitUntil(() => part(embed, 'frame'), 'no frame after play');
    const frame = part(embed, 'frame') as HTMLIFrameElement;
    const src = new URL(frame.src);
    expect(src.origin + src.pathname).to.equal(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}`);
    expect(src.searchParams.get('autoplay')).to.equal('1');
    expect(frame.title).to.equal('How we sew a sail (video)');
    expect(frame.getAttribute('sandbox')).to.include('allow-scripts').and.to.include('allow-same-origin');
    expect(frame.allow).to.include('autoplay');
    expect(embed.shadowRoot!.activeElement, 'focus moves into the frame').to.equal(frame);
    expect(events.of('kite-video-embed-play')[0]!.detail).to.deep.equal({ provider: 'youtube', id: YOUTUBE_ID, autoplay: true });
    expect(events.of('kite-video-embed-play')[0]!.composed).to.equal(true);
    frame.dispatchEvent(new Event('load'));
    await waitUntil(() => stateOf(embed) === 'embedded', 'the loaded frame is not embedded');
    expect((await events.next('kite-video-embed-load')).detail).to.deep.equal({ provider: 'youtube', id: YOUTUBE_ID });
    await expect(embed).to.be.accessible();
  });

  it('plays from the keyboard (Tab, Enter) and from a tap', async () => {
    const byKey = await mount({ poster: LOCAL_POSTER });
    await sendKeys({ press: 'Tab' });
    expect(byKey.shadowRoot!.activeElement).to.equal(part(byKey, 'play'));
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => part(byKey, 'frame'), 'Enter did not play');
    byKey.remove();

    const byTouch = await mount({ poster: LOCAL_POSTER });
    const rect = part(byTouch, 'play')!.getBoundingClientRect();
    const middle: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
    await touchDrag(middle, middle);
    await waitUntil(() => part(byTouch, 'frame'), 'a tap did not play');
  });

  it('without a poster of its own tries YouTube\'s thumbnail in the quality asked, one quality lower after the 2 s fallback timer or a failure', async () => {
    const clock = fakeClock();
    clock.hold();
    const embed = await mount({ attributes: { quality: HIGHEST }, realPosterAnswers: false });
    const poster = () => part(embed, 'poster') as HTMLImageElement;
    expect(poster().src).to.equal(`https://i.ytimg.com/vi/${YOUTUBE_ID}/${HIGHEST}.jpg`);
    await clock.advance(VIDEO_EMBED.POSTER_FALLBACK_MS - 1);
    await embed.updateComplete;
    expect(poster().src, '1 ms before the fallback timer').to.include(HIGHEST);
    await clock.advance(1);
    await embed.updateComplete;
    expect(poster().src).to.equal(`https://i.ytimg.com/vi/${YOUTUBE_ID}/${SECOND}.jpg`);
    poster().dispatchEvent(new Event('error'));
    await embed.updateComplete;
    expect(poster().src, 'a failed thumbnail falls back at once').to.include(`/${THIRD}.jpg`);
    Object.defineProperty(poster(), 'naturalWidth', { value: VIDEO_EMBED.MISSING_POSTER_WIDTH_PX + 1 });
    poster().dispatchEvent(new Event('load'));
    await embed.updateComplete;
    expect(poster().hasAttribute('data-trying'), 'a real thumbnail is shown').to.equal(false);
    await clock.advance(VIDEO_EMBED.POSTER_FALLBACK_MS);
    await embed.updateComplete;
    expect(poster().src, 'and stays').to.include(`/${THIRD}.jpg`);
  });

  it('a Vimeo link without a poster shows its title on a plain box and frames Vimeo\'s player on play', async () => {
    const embed = await mount({ href: VIMEO_LINK, text: 'Kite test flight' });
    expect(part(embed, 'poster')).to.equal(null);
    expect(part(embed, 'title')!.textContent).to.equal('Kite test flight');
    await click(part(embed, 'play')!);
    await waitUntil(() => part(embed, 'frame'), 'no frame');
    expect((part(embed, 'frame') as HTMLIFrameElement).src).to.match(/^https:\/\/player\.vimeo\.com\/video\/76979871\?/);
  });

  it('leaves a link that is no video as the theme wrote it', async () => {
    const embed = await mount({ href: `${PAGE_ORIGIN}/media/product.webm` });
    expect(embed.shadowRoot!.querySelector('slot')).to.not.equal(null);
    expect(part(embed, 'play')).to.equal(null);
  });

  it('with consent required and not given: the theme poster, a notice and a link to watch on YouTube (new tab), no allow button, nothing from the video site; axe passes', async () => {
    policy('required');
    const embed = await mount({ poster: LOCAL_POSTER });
    expect(stateOf(embed)).to.equal('consentNeeded');
    expect(part(embed, 'play')).to.equal(null);
    const link = part(embed, 'consent-link') as HTMLAnchorElement;
    expect(link.href).to.equal(YOUTUBE_LINK);
    expect(link.target).to.equal('_blank');
    expect(link.rel).to.include('noopener');
    expect(link.textContent).to.equal('Watch “How we sew a sail” on YouTube');
    expect(part(embed, 'consent')!.textContent).to.include('Video embeds are off on this site.');
    expect(part(embed, 'consent-allow')).to.equal(null);
    expect(addressesOf(embed)).to.deep.equal([LOCAL_POSTER]);
    await expect(embed).to.be.accessible();
  });

  it('without consent, a derived YouTube thumbnail is not loaded either', async () => {
    policy('required');
    const embed = await mount();
    expect(addressesOf(embed)).to.deep.equal([]);
  });

  it('consent given live (window.kite.consent(true, \'video\')) turns the notice into the poster; withdrawn, a frame still loading goes back', async () => {
    policy('required');
    const embed = await mount({ poster: LOCAL_POSTER });
    window.kite!.consent!(true, 'video');
    await waitUntil(() => stateOf(embed) === 'poster', 'consent did not show the poster');
    await click(part(embed, 'play')!);
    await waitUntil(() => part(embed, 'frame'), 'no frame');
    window.kite!.consent!(false, 'video');
    await waitUntil(() => stateOf(embed) === 'consentNeeded', 'the loading frame stayed');
    expect(part(embed, 'frame')).to.equal(null);
  });

  it('a frame already playing stays when consent is withdrawn', async () => {
    const embed = await mount({ poster: LOCAL_POSTER });
    await click(part(embed, 'play')!);
    await waitUntil(() => part(embed, 'frame'), 'no frame');
    part(embed, 'frame')!.dispatchEvent(new Event('load'));
    await waitUntil(() => stateOf(embed) === 'embedded', 'not embedded');
    window.kite!.consent!(false, 'video');
    await embed.updateComplete;
    expect(part(embed, 'frame')).to.not.equal(null);
  });

  it('with "ask" the visitor allows video embeds from the embed: every embed on the page plays, and focus lands on play; axe passes', async () => {
    policy('ask');
    const consents = spyEvents(['kite-video-consent'], { on: window });
    const first = await mount({ poster: LOCAL_POSTER });
    const second = await mount({ poster: LOCAL_POSTER, text: 'Second' });
    await expect(first).to.be.accessible();
    (part(first, 'consent-allow') as HTMLButtonElement).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => stateOf(first) === 'poster' && stateOf(second) === 'poster', 'the other embeds did not follow');
    expect(consents.of('kite-video-consent')[0]!.detail).to.deep.equal({ granted: true });
    expect(window.kite!.videoConsented).to.equal(true);
    expect(first.shadowRoot!.activeElement).to.equal(part(first, 'play'));
  });

  it('the widget\'s consent(true) leaves video consent alone, and the video purpose leaves the widget\'s', async () => {
    policy('required');
    const embed = await mount({ poster: LOCAL_POSTER });
    const widget = spyEvents(['kite-widget-consent'], { on: window });
    window.kite!.consent!(true);
    await embed.updateComplete;
    expect(stateOf(embed)).to.equal('consentNeeded');
    expect(widget.of('kite-widget-consent')).to.have.length(1);
    const before = window.kite!.consented;
    window.kite!.consent!(true, 'video');
    expect(window.kite!.consented).to.equal(before);
    expect(widget.of('kite-widget-consent')).to.have.length(1);
  });

  it('one consent call for both purposes, whichever of widget.js and kite-elements comes first; widget.js alone leaves the video purpose alone', async () => {
    const page = window.kite;
    const heard = spyEvents(['kite-widget-consent', 'kite-video-consent'], { on: window });
    try {
      delete window.kite;
      kiteGlobal().consent!(true, 'video'); // widget.js alone
      expect(window.kite!.consented, 'a video call does not release the widget').to.equal(undefined);
      expect(heard.types()).to.deep.equal([]);
      kiteWithVideoConsent(); // kite-elements after widget.js: wraps the widget's call
      window.kite!.consent!(true, 'video');
      window.kite!.consent!(true);
      expect([window.kite!.videoConsented, window.kite!.consented]).to.deep.equal([true, true]);
      expect(heard.types()).to.deep.equal(['kite-video-consent', 'kite-widget-consent']);

      delete window.kite;
      kiteWithVideoConsent(); // kite-elements first: widget.js keeps its call
      const ours = window.kite!.consent;
      kiteGlobal();
      kiteWithVideoConsent();
      expect(window.kite!.consent).to.equal(ours);
      window.kite!.consent!(false);
      expect(window.kite!.consented).to.equal(false);
      expect(heard.of('kite-widget-consent').at(-1)!.detail).to.deep.equal({ granted: false });
    } finally {
      window.kite = page;
    }
  });

  it('with load="visible" frames the video (not playing) once in view', async () => {
    const embed = await mount({ poster: LOCAL_POSTER, attributes: { load: 'visible' } });
    await waitUntil(() => part(embed, 'frame'), 'not framed in view');
    expect(new URL((part(embed, 'frame') as HTMLIFrameElement).src).searchParams.has('autoplay')).to.equal(false);
  });

  it('in Hebrew: right to left, the labels and the notice in Hebrew; axe passes', async () => {
    policy('ask');
    const embed = await mount({ poster: LOCAL_POSTER, text: 'איך תופרים מפרש', attributes: { lang: 'he' } });
    await waitUntil(() => part(embed, 'consent-allow')?.textContent === 'לאפשר סרטונים מוטמעים', 'no Hebrew labels');
    expect(part(embed, 'base')!.getAttribute('dir')).to.equal('rtl');
    expect(part(embed, 'consent-link')!.textContent).to.equal('צפייה ב„איך תופרים מפרש” ב־YouTube');
    await expect(embed).to.be.accessible();
    window.kite!.consent!(true, 'video');
    await waitUntil(() => part(embed, 'play'), 'no play');
    expect(part(embed, 'play')!.getAttribute('aria-label')).to.equal('הפעלת איך תופרים מפרש');
  });
});
