/**
 * `kite-player` in real Chromium (content-site spec 001, "Media player"): the generated demo
 * media served from /demo/public/media/, real clicks and key presses, the media's own events.
 * Every timing comes from PLAYER, every text from the catalogues.
 *
 * The test server answers without byte ranges, and Chromium seeks only in media it may fetch
 * by range: tests that seek play the same file from a blob: address (fetched from the same path).
 */
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { click, fakeClock, holdAnswers, nameOf, PAGE_WAIT_MS, spyEvents, untilAtOnce, waitUntil, type FakeClock } from '../helpers.ts';
import { render, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { emulateMedia, resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../components/player/player.element.ts';
import type { KitePlayer } from '../../../components/player/player.element.ts';
import type Hls from 'hls.js';
import { PLAYER } from '../../../shared/constants/site.ts';
import { CONTROLS_HEIGHT_PX } from '../../../components/player/player.styles.ts';
import { VIDEO_CONSENT_META } from '../../../shared/consent/video-consent.ts';
import { kiteWithVideoConsent } from '../../../shared/consent/consent.ts';
import { SECOND_MS } from '../../../shared/constants/time.ts';
import { en, he, YOUTUBE_ERROR_WORDS } from '../../messages.ts';

const MEDIA = '/demo/public/media';
const VIDEO = `${MEDIA}/product.webm`;
const AUDIO = `${MEDIA}/jingle.wav`;
const POSTER = `${MEDIA}/poster.webp`;
/** Layout rounding. */
const PX = 1;

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await resetMouse();
});

const blobs = new Map<string, Promise<string>>();
/** How far before its end a test that waits for the end seeks the film to. */
const NEAR_END_S = 0.5;

/** The file at `path` as a blob: address, which Chromium can seek in without range requests. */
function blobUrl(path: string): Promise<string> {
  if (!blobs.has(path)) blobs.set(path, fetch(path).then(async (response) => URL.createObjectURL(await response.blob())));
  return blobs.get(path)!;
}

/** Every `kite-player-*` event, heard on the document. */
const PLAYER_EVENTS = ['kite-player-play', 'kite-player-pause', 'kite-player-ended', 'kite-player-timeupdate', 'kite-player-error'] as const;
const spyPlayerEvents = () => spyEvents(PLAYER_EVENTS);
/** The details of the error events `events` heard. */
const errorsOf = (events: ReturnType<typeof spyPlayerEvents>) => events.of('kite-player-error').map(({ detail }) => detail);

/** The player's shadow parts and its media. */
function partsOf(el: KitePlayer) {
  const part = <T extends Element = HTMLElement>(name: string) => el.shadowRoot!.querySelector<T & HTMLElement>(`[part~="${name}"]`);
  return {
    part,
    base: () => part('base')!,
    media: () => el.querySelector<HTMLMediaElement>('video, audio')!,
    play: () => part<HTMLButtonElement>('play-button')!,
    bigPlay: () => part<HTMLButtonElement>('big-play-button'),
    progress: () => part('progress')!,
    volume: () => part('volume')!,
    mute: () => part<HTMLButtonElement>('mute-button')!,
    fullscreen: () => part<HTMLButtonElement>('fullscreen-button'),
    captionsButton: () => part<HTMLButtonElement>('captions-button'),
    chaptersButton: () => part<HTMLButtonElement>('chapters-button'),
    menu: () => part('menu'),
    items: () => [...el.shadowRoot!.querySelectorAll<HTMLElement>('[role="menuitemradio"]')],
    error: () => part('error'),
    loading: () => part('loading')!,
    poster: () => part<HTMLImageElement>('poster'),
    controls: () => part('controls')!,
    captions: () => part('captions'),
  };
}

/** A fresh player, once React rendered it. */
async function mount(template: TemplateResult) {
  const el = await fixture<KitePlayer>(template);
  await waitUntil(() => el.shadowRoot!.querySelector('[part~="base"]'), 'player rendered');
  return { el, ...partsOf(el) };
}

/** A video player; `src` may be a blob: address for tests that seek. */
const video = (options: { src?: string; poster?: string; muted?: boolean; loop?: boolean; tracks?: TemplateResult; attrs?: Record<string, string> } = {}) => html`
  <kite-player
    show-poster-when-ended=${ifDefined(options.attrs?.['show-poster-when-ended'])}
    show-poster-when-paused=${ifDefined(options.attrs?.['show-poster-when-paused'])}
    lang=${ifDefined(options.attrs?.lang)}
  >
    <video controls preload="auto" poster=${ifDefined(options.poster)} ?muted=${options.muted ?? true} .muted=${options.muted ?? true} ?loop=${options.loop ?? false}>
      <source src=${options.src ?? VIDEO} type="video/webm" />
      ${options.tracks ?? ''}
    </video>
  </kite-player>
`;

/** Resolves once the media has `readyState` at least `state`. */
const mediaReady = (media: HTMLMediaElement, state: number = HTMLMediaElement.HAVE_METADATA) =>
  waitUntil(() => media.readyState >= state && Number.isFinite(media.duration), 'media loaded');

const loadedAndIdle = (media: HTMLMediaElement) =>
  media.readyState === HTMLMediaElement.HAVE_ENOUGH_DATA && media.networkState === HTMLMediaElement.NETWORK_IDLE;
/** Media whose load has been announced in full (see {@link mediaSettled}). */
const announced = new WeakSet<EventTarget>();
/**
 * A media element delivers its events in the order it queues them, and the last two of a load are
 * `canplaythrough` (enough data) and `suspend` (no longer fetching): whichever of them comes once
 * both states hold comes after every event queued before it. Heard for the whole file, in the
 * capture phase (media events do not bubble), so none passes before a test asks.
 */
for (const type of ['canplaythrough', 'suspend']) {
  document.addEventListener(type, ({ target }) => target instanceof HTMLMediaElement && loadedAndIdle(target) && announced.add(target), true);
}

/**
 * Fully loaded, no longer fetching, and the events that announced it delivered: no media event of
 * its own comes until it plays or seeks, so a test's own events are the only ones the player hears.
 */
const mediaSettled = (media: HTMLMediaElement) => waitUntil(() => announced.has(media), 'media loaded, idle and announced');

async function focusAndPress(element: HTMLElement, key: string): Promise<void> {
  element.focus();
  await sendKeys({ press: key });
}

const visible = (element: Element | null) => element !== null && element.checkVisibility({ opacityProperty: true, visibilityProperty: true });

describe('kite-player', () => {
  describe('takes over the media', () => {
    it('turns the native controls off and draws its own, idle, with the big play button', async () => {
      const { el, media, base, play, bigPlay, progress, volume, mute, fullscreen } = await mount(video({ muted: false }));
      expect(media().controls).to.equal(false);
      expect(base().dataset.state).to.equal('idle');
      expect(base().getAttribute('role')).to.equal('group');
      expect(base().getAttribute('aria-label')).to.equal(en.playerVideo);
      expect(play().getAttribute('aria-label')).to.equal(en.playerPlay);
      await mediaReady(media(), HTMLMediaElement.HAVE_ENOUGH_DATA);
      await waitUntil(() => visible(bigPlay()), 'big play button once loaded');
      expect(progress().getAttribute('role')).to.equal('slider');
      expect(volume().getAttribute('role')).to.equal('slider');
      expect(mute().getAttribute('aria-label')).to.equal(en.playerMute);
      expect(fullscreen()!.getAttribute('aria-label')).to.equal(en.playerFullscreen);
      await mediaReady(media());
      await waitUntil(() => progress().getAttribute('aria-valuemax') !== '0', 'duration shown');
      await expect(el).to.be.accessible();
    });

    it('sets the start volume', async () => {
      const { media, volume } = await mount(video({ muted: false }));
      expect(media().volume).to.be.closeTo(PLAYER.START_VOLUME, 1e-9);
      expect(volume().getAttribute('aria-valuenow')).to.equal(String(PLAYER.START_VOLUME * 100));
      expect(volume().getAttribute('aria-valuetext')).to.equal(`${PLAYER.START_VOLUME * 100}%`);
    });

    it('is 480 x 270 (16:9) for a video without a size, or the size the video gives', async () => {
      const plain = await mount(video());
      expect(plain.el.getBoundingClientRect().width).to.be.closeTo(PLAYER.VIDEO_WIDTH_PX, PX);
      expect(plain.base().getBoundingClientRect().height).to.be.closeTo(PLAYER.VIDEO_HEIGHT_PX, PX);
      const WIDTH = 320;
      const HEIGHT = 240;
      const sized = await mount(html`<kite-player><video muted width=${WIDTH} height=${HEIGHT} src=${VIDEO}></video></kite-player>`);
      expect(sized.el.getBoundingClientRect().width).to.be.closeTo(WIDTH, PX);
      expect(sized.base().getBoundingClientRect().height).to.be.closeTo(HEIGHT, PX);
    });

    it('is 400 wide for audio and as tall as its bar (the spec\'s 40 raised to a touch target), with no big play button and no fullscreen', async () => {
      const { el, base, bigPlay, fullscreen, media, progress } = await mount(html`<kite-player><audio controls src=${AUDIO}></audio></kite-player>`);
      expect(el.getBoundingClientRect().width).to.be.closeTo(PLAYER.AUDIO_WIDTH_PX, PX);
      expect(base().getBoundingClientRect().height).to.be.closeTo(CONTROLS_HEIGHT_PX, PX);
      expect(base().getAttribute('aria-label')).to.equal(en.playerAudio);
      expect(nameOf(bigPlay())).to.equal('nothing');
      expect(nameOf(fullscreen())).to.equal('nothing');
      expect(media().controls).to.equal(false);
      await mediaReady(media());
      await waitUntil(() => progress().getAttribute('aria-valuemax') !== '0', 'duration shown');
      await expect(el).to.be.accessible();
    });

    it('leaves markup without media as it is', async () => {
      const el = await fixture<KitePlayer>(html`<kite-player><p>No media here</p></kite-player>`);
      await waitUntil(() => !el.shadowRoot!.querySelector('slot[data-kite-placeholder]'), 'rendered, with the light DOM read');
      expect(nameOf(el.shadowRoot!.querySelector('[part~="base"]'))).to.equal('nothing');
      expect(el.querySelector('p')!.checkVisibility()).to.equal(true);
    });
  });

  describe('playback', () => {
    it('plays on a real click on the play button, then pauses; events carry the time', async () => {
      const events = spyPlayerEvents();
      const { el, media, play, base, bigPlay } = await mount(video({ loop: true }));
      await mediaReady(media());
      await click(play());
      await waitUntil(() => base().dataset.state === 'playing', 'playing');
      expect(media().paused).to.equal(false);
      expect(play().getAttribute('aria-label')).to.equal(en.playerPause);
      expect(nameOf(bigPlay())).to.equal('nothing');
      expect(events.of('kite-player-play')).to.have.length(1);
      await events.next('kite-player-timeupdate', undefined, 1);
      const [first, second] = events.of('kite-player-timeupdate').map(({ detail }) => detail);
      expect(second!.currentTime).to.be.greaterThan(first!.currentTime);
      expect(second!.duration).to.be.closeTo(media().duration, 1e-6);
      await expect(el).to.be.accessible();

      await click(play());
      await waitUntil(() => base().dataset.state === 'paused', 'paused');
      expect(media().paused).to.equal(true);
      expect(events.of('kite-player-pause')[0]!.detail.currentTime).to.be.closeTo(media().currentTime, 0.3);
      expect(visible(bigPlay())).to.equal(true);
    });

    it(`emits a time update every ${PLAYER.TIME_UPDATE_MS} ms while playing, none while paused`, async () => {
      const clock = fakeClock();
      const events = spyPlayerEvents();
      const updates = () => events.of('kite-player-timeupdate').length;
      const { media, base } = await mount(video({ loop: true }));
      await mediaReady(media());
      // Held before play: the first period starts when playing does, on the fake clock.
      clock.hold();
      await media().play();
      await waitUntil(() => base().dataset.state === 'playing', 'playing');
      const PERIODS = 4;
      await clock.advance(PLAYER.TIME_UPDATE_MS * PERIODS - 1);
      expect(updates(), 'one short of the periods').to.equal(PERIODS - 1);
      await clock.advance(1);
      expect(updates()).to.equal(PERIODS);
      media().pause();
      await waitUntil(() => base().dataset.state === 'paused', 'paused');
      await clock.advance(PLAYER.TIME_UPDATE_MS * PERIODS);
      expect(updates(), 'none while paused').to.equal(PERIODS);
    });

    it('plays from the big play button and from a click on the video', async () => {
      const { media, base, bigPlay, part } = await mount(video({ loop: true }));
      await mediaReady(media());
      await click(bigPlay()!);
      await waitUntil(() => base().dataset.state === 'playing', 'playing from the big button');
      await click(part('surface')!);
      await waitUntil(() => base().dataset.state === 'paused', 'paused by a click on the video');
    });

    it('has one Play in the keyboard order: the big button is for pointers, and pressing it while focused keeps focus in the player', async () => {
      const { el, media, base, bigPlay, play } = await mount(video({ loop: true }));
      await mediaReady(media());
      // What the media reports renders in the next frame: the big button comes with the loaded state.
      await waitUntil(() => bigPlay(), 'the big play button');
      expect(bigPlay()!.tabIndex).to.equal(-1);
      expect(bigPlay()!.getAttribute('aria-hidden')).to.equal('true');
      // Focused by script (a mouse press leaves focus where it was, tested below); the big one is gone once playing.
      bigPlay()!.focus();
      bigPlay()!.click();
      await waitUntil(() => base().dataset.state === 'playing', 'playing from the big button');
      // Compared as a boolean: a failing comparison of two DOM nodes makes chai walk them both.
      expect(el.shadowRoot!.activeElement === play(), "focus on the control bar's play button").to.equal(true);
    });

    it("starts the media within a mouse click's own dispatch, from the big play button, the video and the play button", async () => {
      const { media, base, bigPlay, part, play } = await mount(video({ loop: true }));
      await mediaReady(media());
      await waitUntil(() => bigPlay(), 'the big play button');
      // Heard after the player's own click handler (bubbling to the window): whether `play()` has run by then.
      const pausedAtClick: boolean[] = [];
      const onClick = () => pausedAtClick.push(media().paused);
      window.addEventListener('click', onClick);
      try {
        await click(bigPlay()!);
        expect(pausedAtClick, 'big play button: playing by the end of the click').to.deep.equal([false]);
        await waitUntil(() => base().dataset.state === 'playing', 'playing from the big button');
        await click(part('surface')!);
        await waitUntil(() => base().dataset.state === 'paused', 'paused by a click on the video');
        await click(part('surface')!);
        expect(pausedAtClick.at(-1), 'video: playing by the end of the click').to.equal(false);
        await waitUntil(() => base().dataset.state === 'playing', 'playing from the video');
        media().pause();
        await waitUntil(() => base().dataset.state === 'paused', 'paused');
        await click(play());
        expect(pausedAtClick.at(-1), 'play button: playing by the end of the click').to.equal(false);
      } finally {
        window.removeEventListener('click', onClick);
      }
    });

    it('leaves focus where it was when the big play button is pressed with a mouse', async () => {
      const { el, media, base, bigPlay } = await mount(video({ loop: true }));
      const outside = document.createElement('button');
      outside.textContent = 'Before the player';
      el.before(outside);
      try {
        await mediaReady(media());
        await waitUntil(() => bigPlay(), 'the big play button');
        outside.focus();
        await click(bigPlay()!);
        await waitUntil(() => base().dataset.state === 'playing', 'playing from the big button');
        // Compared as booleans: a failing comparison of two DOM nodes makes chai walk them both.
        expect(document.activeElement === outside, 'focus still on the button before the player').to.equal(true);
        expect(el.shadowRoot!.activeElement === null, 'nothing in the player took focus').to.equal(true);
      } finally {
        outside.remove();
      }
    });

    it('plays and pauses from the keyboard (Enter and Space on the play button)', async () => {
      const { media, base, play } = await mount(video({ loop: true }));
      await mediaReady(media());
      await focusAndPress(play(), 'Enter');
      await waitUntil(() => base().dataset.state === 'playing', 'playing by Enter');
      await focusAndPress(play(), 'Space');
      await waitUntil(() => base().dataset.state === 'paused', 'paused by Space');
    });

    it('pauses the other players of the page when one starts', async () => {
      const first = await mount(video({ loop: true }));
      const second = await mount(html`<kite-player><audio src=${AUDIO} loop muted></audio></kite-player>`);
      await mediaReady(first.media());
      await mediaReady(second.media());
      await click(first.play());
      await waitUntil(() => first.base().dataset.state === 'playing', 'first playing');
      await click(second.play());
      await waitUntil(() => second.base().dataset.state === 'playing', 'second playing');
      await waitUntil(() => first.base().dataset.state === 'paused', 'first paused');
      expect(first.media().paused).to.equal(true);
    });

    it('shows the poster until play, and again on end with show-poster-when-ended', async () => {
      const events = spyPlayerEvents();
      // From a blob: address, so the test can seek near the end instead of playing the whole film.
      const { el, media, base, poster } = await mount(video({ src: await blobUrl(VIDEO), poster: POSTER, attrs: { 'show-poster-when-ended': '' } }));
      expect(visible(poster())).to.equal(true);
      expect(poster()!.src).to.equal(new URL(POSTER, location.href).href);
      await expect(el).to.be.accessible();
      await mediaReady(media());
      await media().play();
      await waitUntil(() => poster() === null, 'poster hidden on play');
      const seeked = oneEvent(media(), 'seeked');
      media().currentTime = media().duration - NEAR_END_S;
      await seeked;
      await waitUntil(() => base().dataset.state === 'ended', 'ended', { timeout: NEAR_END_S * SECOND_MS + PAGE_WAIT_MS });
      expect(visible(poster())).to.equal(true);
      expect(events.of('kite-player-ended')).to.have.length(1);
      expect(events.of('kite-player-ended')[0]!.detail.currentTime).to.be.closeTo(media().duration, 0.3);
    });

    it('keeps the poster hidden on end by default, and shows it on pause with show-poster-when-paused', async () => {
      const { media, base, poster } = await mount(video({ poster: POSTER, loop: true }));
      await mediaReady(media());
      await media().play();
      await waitUntil(() => base().dataset.state === 'playing', 'playing');
      media().pause();
      await waitUntil(() => base().dataset.state === 'paused', 'paused');
      expect(nameOf(poster())).to.equal('nothing');

      const other = await mount(video({ poster: POSTER, loop: true, attrs: { 'show-poster-when-paused': '' } }));
      await mediaReady(other.media());
      await other.media().play();
      await waitUntil(() => other.poster() === null, 'poster hidden on play');
      other.media().pause();
      await waitUntil(() => visible(other.poster()), 'poster back on pause');
    });
  });

  describe('loading overlay', () => {
    it('shows while the media seeks or waits, and hides when it can play', async () => {
      const { el, media, loading, bigPlay } = await mount(video());
      await mediaSettled(media());
      await waitUntil(() => !loading().hasAttribute('data-active'), 'not loading at rest');
      media().dispatchEvent(new Event('seeking'));
      await waitUntil(() => loading().hasAttribute('data-active'), 'loading while seeking');
      expect(loading().getAttribute('role')).to.equal('status');
      expect(loading().textContent).to.equal(en.playerLoading);
      expect(nameOf(bigPlay())).to.equal('nothing');
      await expect(el).to.be.accessible();
      media().dispatchEvent(new Event('seeked'));
      await waitUntil(() => !loading().hasAttribute('data-active'), 'hidden once seeked');
      media().dispatchEvent(new Event('waiting'));
      await waitUntil(() => loading().hasAttribute('data-active'), 'loading while waiting');
      media().dispatchEvent(new Event('canplay'));
      await waitUntil(() => !loading().hasAttribute('data-active'), 'hidden once it can play');
      media().dispatchEvent(new Event('loadstart'));
      await waitUntil(() => loading().hasAttribute('data-active'), 'loading while loading data');
      media().dispatchEvent(new Event('suspend'));
      await waitUntil(() => !loading().hasAttribute('data-active'), 'hidden once the browser stops fetching');
    });

    it("paints what the media reports in the next frame, rendered once in that frame's callbacks", async () => {
      const { media, loading } = await mount(video());
      await mediaSettled(media());
      await waitUntil(() => !loading().hasAttribute('data-active'), 'not loading at rest');
      let changes = 0;
      const observer = new MutationObserver((records) => (changes += records.length));
      observer.observe(loading(), { attributes: true, attributeFilter: ['data-active'] });
      cleanups.push(() => observer.disconnect());
      // A burst within one task, as the media reports around a start: shown, hidden, shown again.
      media().dispatchEvent(new Event('waiting'));
      media().dispatchEvent(new Event('canplay'));
      media().dispatchEvent(new Event('waiting'));
      const inNextFrame = await new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(loading().hasAttribute('data-active'))));
      expect(inNextFrame, 'the overlay in the next frame, before it is painted').to.equal(true);
      expect(changes, 'one render for the burst: the overlay shown once').to.equal(1);
    });
  });

  describe('errors', () => {
    it('shows the media error text for a missing source, and emits it', async () => {
      const events = spyPlayerEvents();
      const { el, error, bigPlay, controls } = await mount(video({ src: `${MEDIA}/missing.webm` }));
      await waitUntil(() => error(), 'error overlay');
      expect(nameOf(controls())).to.equal('nothing');
      expect(error()!.getAttribute('role')).to.equal('alert');
      expect(error()!.textContent).to.equal('Media error: Format(s) not supported or source(s) not found');
      expect(error()!.textContent).to.equal(en.playerErrorFormat);
      expect(nameOf(bigPlay())).to.equal('nothing');
      expect(errorsOf(events)).to.deep.equal([{ kind: 'format', message: en.playerErrorFormat }]);
      await expect(el).to.be.accessible();
    });

    it('tries every source: one missing source before a good one plays fine', async () => {
      const { media, error } = await mount(html`
        <kite-player>
          <video muted preload="auto"><source src="${MEDIA}/missing.webm" type="video/webm" /><source src=${VIDEO} type="video/webm" /></video>
        </kite-player>
      `);
      await mediaReady(media());
      expect(nameOf(error())).to.equal('nothing');
    });

    it('shows "No renderer found" with download links when no source can play', async () => {
      const events = spyPlayerEvents();
      const { el, error, controls } = await mount(html`
        <kite-player>
          <video controls>
            <source src="${MEDIA}/product.flv" type="video/x-flv" />
            <source src="${MEDIA}/product.kite" type="video/x-kite-unknown" />
          </video>
        </kite-player>
      `);
      await waitUntil(() => error(), 'error overlay');
      expect(error()!.querySelector('[part~="error-message"]')!.textContent).to.equal('No renderer found');
      const links = [...error()!.querySelectorAll<HTMLAnchorElement>('a[part~="download"]')];
      expect(links.map((link) => link.href)).to.deep.equal([
        new URL(`${MEDIA}/product.flv`, location.href).href,
        new URL(`${MEDIA}/product.kite`, location.href).href,
      ]);
      expect(links.map((link) => link.textContent)).to.deep.equal(['Download file: product.flv', 'Download file: product.kite']);
      expect(nameOf(controls())).to.equal('nothing');
      expect(errorsOf(events)).to.deep.equal([{ kind: 'renderer', message: en.playerNoRenderer }]);
      await expect(el).to.be.accessible();
    });

    it('shows the error of an audio player over its bar', async () => {
      const { el, error, controls } = await mount(html`<kite-player><audio src="${MEDIA}/missing.wav"></audio></kite-player>`);
      await waitUntil(() => error(), 'error overlay');
      expect(error()!.textContent).to.equal(en.playerErrorFormat);
      expect(nameOf(controls())).to.equal('nothing');
      expect(error()!.checkVisibility()).to.equal(true);
      await expect(el).to.be.accessible();
    });

    it('never links a source that is not a web address', async () => {
      const { error } = await mount(html`
        <kite-player><video><source src="javascript:alert(1)" type="video/x-kite-unknown" /></video></kite-player>
      `);
      await waitUntil(() => error(), 'error overlay');
      expect(error()!.querySelectorAll('a')).to.have.length(0);
    });
  });

  describe('captions', () => {
    const tracks = html`
      <track kind="captions" src="${MEDIA}/captions.vtt" srclang="en" label="English" />
      <track kind="captions" src="${MEDIA}/missing.vtt" srclang="fr" label="Français" />
      <track kind="subtitles" src="${MEDIA}/captions-he.vtt" srclang="he" label="עברית" />
    `;

    it('lists the tracks that load in a menu; a track that fails to load leaves it', async () => {
      const { el, captionsButton, items, menu } = await mount(video({ tracks }));
      await waitUntil(() => captionsButton(), 'captions button');
      expect(captionsButton()!.getAttribute('aria-haspopup')).to.equal('menu');
      expect(captionsButton()!.getAttribute('aria-expanded')).to.equal('false');
      await click(captionsButton()!);
      await waitUntil(() => menu(), 'menu open');
      await waitUntil(() => items().length === 3, 'the failing track removed');
      expect(items().map((item) => item.textContent)).to.deep.equal([en.playerCaptionsOff, 'English', 'עברית']);
      expect(items()[0]!.getAttribute('aria-checked')).to.equal('true');
      expect(captionsButton()!.getAttribute('aria-expanded')).to.equal('true');
      expect(menu()!.getAttribute('role')).to.equal('menu');
      expect(el.shadowRoot!.activeElement?.textContent).to.equal(items()[0]!.textContent);
      await expect(el).to.be.accessible();
    });

    it('shows the chosen track above the controls, from the keyboard', async () => {
      const { el, media, captionsButton, items, menu, captions } = await mount(video({ tracks }));
      await mediaReady(media());
      await waitUntil(() => captionsButton(), 'captions button');
      await focusAndPress(captionsButton()!, 'Enter');
      await waitUntil(() => menu(), 'menu open by Enter');
      expect(el.shadowRoot!.activeElement?.textContent).to.equal(items()[0]!.textContent);
      await sendKeys({ press: 'ArrowDown' });
      expect(el.shadowRoot!.activeElement?.textContent).to.equal(items()[1]!.textContent);
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => menu() === null, 'menu closed on choice');
      expect(nameOf(el.shadowRoot!.activeElement)).to.equal(nameOf(captionsButton()));
      await waitUntil(() => captions()?.textContent === 'Meet the Aero 2, our single-line kite.', 'first caption shown');
      await expect(el).to.be.accessible();
    });

    it('closes the menu with Escape, back on its button, and by a press outside', async () => {
      const { el, captionsButton, menu } = await mount(video({ tracks }));
      await waitUntil(() => captionsButton(), 'captions button');
      await focusAndPress(captionsButton()!, 'ArrowDown');
      await waitUntil(() => menu(), 'menu open by ArrowDown');
      await sendKeys({ press: 'Escape' });
      await waitUntil(() => menu() === null, 'closed by Escape');
      expect(nameOf(el.shadowRoot!.activeElement)).to.equal(nameOf(captionsButton()));
      await click(captionsButton()!);
      await waitUntil(() => menu(), 'menu open by click');
      await click([2, 2]);
      await waitUntil(() => menu() === null, 'closed by a press outside');
    });

    it('shows the default track at start', async () => {
      const { media, captions } = await mount(video({ tracks: html`<track kind="captions" src="${MEDIA}/captions.vtt" srclang="en" label="English" default />` }));
      await mediaReady(media());
      await waitUntil(() => captions()?.textContent === 'Meet the Aero 2, our single-line kite.', 'default caption shown');
    });
  });

  describe('chapters', () => {
    it('the control bar does not move as its tracks load: captions and chapters have their buttons from the first render, chapters unavailable until its cues are in', async () => {
      // The chapters file is held: from the cache it could be in before the first look.
      const hold = holdAnswers();
      cleanups.push(hold.release);
      const { mute, progress, captionsButton, chaptersButton, menu } = await mount(
        video({
          tracks: html`<track kind="captions" src="${MEDIA}/captions.vtt" srclang="en" label="English" /><track kind="chapters" src="${MEDIA}/chapters.vtt?${hold.query}" srclang="en" />`,
        }),
      );
      expect(captionsButton(), 'no captions button at the first render').to.exist;
      expect(chaptersButton()!.getAttribute('aria-disabled')).to.equal('true');
      const before = { mute: mute().getBoundingClientRect().x, progress: progress().getBoundingClientRect().width };
      await click(chaptersButton()!);
      expect(menu(), 'a menu opened before its chapters were in').to.equal(null);
      await hold.release();
      await waitUntil(() => !chaptersButton()!.hasAttribute('aria-disabled'), 'chapters never usable');
      expect({ mute: mute().getBoundingClientRect().x, progress: progress().getBoundingClientRect().width }).to.deep.equal(before);
      await click(chaptersButton()!);
      await waitUntil(() => menu(), 'menu open');
    });

    it('a chapters track that fails to load takes its button away', async () => {
      // Watched from the upgrade on: the 404 may come before a poll would see the button at all.
      const host = document.createElement('div');
      cleanups.push(() => host.remove());
      render(video({ tracks: html`<track kind="chapters" src="${MEDIA}/missing.vtt" srclang="en" />` }), host);
      const el = host.querySelector<KitePlayer>('kite-player')!;
      let shownUnavailable = false;
      const watch = new MutationObserver(() => {
        shownUnavailable ||= el.shadowRoot!.querySelector('[part~="chapters-button"][aria-disabled="true"]') !== null;
      });
      document.body.append(host);
      watch.observe(el.shadowRoot!, { subtree: true, childList: true, attributes: true });
      cleanups.push(() => watch.disconnect());
      const { chaptersButton } = partsOf(el);
      await waitUntil(() => shownUnavailable && el.shadowRoot!.querySelector('[part~="base"]') && chaptersButton() === null, 'the button never showed, or stayed');
    });

    it('jumps to a chapter from the chapters menu', async () => {
      const { el, media, chaptersButton, items, menu } = await mount(
        video({ src: await blobUrl(VIDEO), tracks: html`<track kind="chapters" src="${MEDIA}/chapters.vtt" srclang="en" />` }),
      );
      await mediaReady(media(), HTMLMediaElement.HAVE_ENOUGH_DATA);
      await waitUntil(() => chaptersButton(), 'chapters button');
      await click(chaptersButton()!);
      await waitUntil(() => menu(), 'menu open');
      expect(items().map((item) => item.querySelector('.label')!.textContent)).to.deep.equal(['Meet the Aero 2', 'Ripstop sail', 'Up in two minutes', 'Ready to fly']);
      expect(items()[0]!.getAttribute('aria-checked')).to.equal('true');
      await expect(el).to.be.accessible();
      const cue = [...media().textTracks].find((track) => track.kind === 'chapters')!.cues![1]!;
      const seeked = oneEvent(media(), 'seeked');
      await click(items()[1]!);
      await seeked;
      expect(media().currentTime).to.be.closeTo(cue.startTime, 0.05);
      await waitUntil(() => menu() === null, 'menu closed');
      await click(chaptersButton()!);
      await waitUntil(() => menu(), 'menu open again');
      expect(items()[1]!.getAttribute('aria-checked')).to.equal('true');
    });
  });

  describe('keyboard sliders', () => {
    it(`volume: arrow keys step ${PLAYER.VOLUME_STEP}, Home and End go to the ends; mute toggles`, async () => {
      const { el, media, volume, mute } = await mount(video({ muted: false }));
      await focusAndPress(volume(), 'ArrowUp');
      await waitUntil(() => volume().getAttribute('aria-valuenow') === String(Math.round((PLAYER.START_VOLUME + PLAYER.VOLUME_STEP) * 100)), 'up a step');
      expect(media().volume).to.be.closeTo(PLAYER.START_VOLUME + PLAYER.VOLUME_STEP, 1e-9);
      await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'ArrowLeft' });
      await waitUntil(() => Math.abs(media().volume - (PLAYER.START_VOLUME - PLAYER.VOLUME_STEP)) < 1e-9, 'down two steps');
      await sendKeys({ press: 'End' });
      await waitUntil(() => media().volume === 1, 'End: full');
      await sendKeys({ press: 'Home' });
      await waitUntil(() => media().muted && volume().getAttribute('aria-valuenow') === '0', 'Home: silent');
      expect(mute().getAttribute('aria-label')).to.equal(en.playerUnmute);
      await click(mute());
      await waitUntil(() => !media().muted, 'unmuted');
      expect(media().volume).to.be.closeTo(PLAYER.START_VOLUME, 1e-9);
      await expect(el).to.be.accessible();
    });

    it(`progress: arrow keys seek ${PLAYER.SEEK_STEP_RATIO * 100}% of the duration, Home and End go to the ends`, async () => {
      const { media, progress } = await mount(video({ src: await blobUrl(VIDEO) }));
      await mediaReady(media(), HTMLMediaElement.HAVE_ENOUGH_DATA);
      const step = media().duration * PLAYER.SEEK_STEP_RATIO;
      await focusAndPress(progress(), 'ArrowRight');
      await waitUntil(() => Math.abs(media().currentTime - step) < 0.01, 'one step forward');
      await sendKeys({ press: 'ArrowUp' });
      await waitUntil(() => Math.abs(media().currentTime - 2 * step) < 0.01, 'two steps forward');
      await waitUntil(() => Math.abs(Number(progress().getAttribute('aria-valuenow')) - 2 * step) < 0.01, 'aria-valuenow follows');
      await sendKeys({ press: 'ArrowLeft' });
      await waitUntil(() => Math.abs(media().currentTime - step) < 0.01, 'one step back');
      await sendKeys({ press: 'End' });
      await waitUntil(() => Math.abs(media().currentTime - media().duration) < 0.05, 'End');
      await sendKeys({ press: 'Home' });
      await waitUntil(() => media().currentTime === 0, 'Home');
      expect(progress().getAttribute('aria-valuetext')).to.equal(`0:00 of 0:0${Math.floor(media().duration)}`);
      expect(progress().getAttribute('aria-valuemin')).to.equal('0');
    });

    it('progress: a click on the track seeks there', async () => {
      const { media, progress } = await mount(video({ src: await blobUrl(VIDEO) }));
      await mediaReady(media(), HTMLMediaElement.HAVE_ENOUGH_DATA);
      await click(progress().querySelector('[part~="progress-track"]')!);
      await waitUntil(() => Math.abs(media().currentTime - media().duration / 2) < media().duration * 0.05, 'seeked to the middle');
    });

    it('right to left: Hebrew labels, and ArrowLeft moves forward', async () => {
      const { el, media, progress, play, base } = await mount(video({ src: await blobUrl(VIDEO), attrs: { lang: 'he' } }));
      expect(base().getAttribute('dir')).to.equal('rtl');
      expect(play().getAttribute('aria-label')).to.equal(he.playerPlay);
      await mediaReady(media(), HTMLMediaElement.HAVE_ENOUGH_DATA);
      await focusAndPress(progress(), 'ArrowLeft');
      await waitUntil(() => media().currentTime > 0, 'forward');
      await expect(el).to.be.accessible();
    });
  });

  describe('controls', () => {
    /**
     * Plays a looping video and waits for it to play; the pointer parked outside the player. The
     * fake `clock` (installed before) is held from just before play, so the controls' first
     * countdown starts at a known time.
     */
    async function playingVideo(clock: FakeClock) {
      await sendMouse({ type: 'move', position: [0, 0] });
      const player = await mount(video({ loop: true }));
      await mediaReady(player.media());
      clock.hold();
      await player.media().play();
      await waitUntil(() => player.base().dataset.state === 'playing', 'playing');
      return player;
    }
    const hidden = (base: HTMLElement) => base.dataset.controls === 'hidden';

    it(`hide ${PLAYER.CONTROLS_HIDE_MS} ms after play starts, and a key brings them back`, async () => {
      const clock = fakeClock();
      const { el, base, controls, play } = await playingVideo(clock);
      await clock.advance(PLAYER.CONTROLS_HIDE_MS - 1);
      expect(hidden(base()), 'still shown before the delay').to.equal(false);
      await clock.advance(1);
      await untilAtOnce(clock, () => hidden(base()), 'hidden at the delay');
      await waitUntil(() => getComputedStyle(controls()).opacity === '0', 'faded out');
      // axe waits on the page's own timers.
      clock.release();
      await expect(el).to.be.accessible();
      // Still focusable while hidden: focus brings them back.
      play().focus();
      await waitUntil(() => !hidden(base()), 'shown on focus');
    });

    it(`hide ${PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS} ms after the pointer enters, ${PLAYER.CONTROLS_HIDE_AFTER_LEAVE_MS} ms after it leaves`, async () => {
      const clock = fakeClock();
      const { base, part } = await playingVideo(clock);
      const surface = part('surface')!.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(surface.left + 10), Math.round(surface.top + 10)] });
      await clock.advance(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS - 1);
      expect(hidden(base())).to.equal(false, 'still shown before the enter delay');
      await clock.advance(1);
      await untilAtOnce(clock, () => hidden(base()), 'hidden at the enter delay');

      await sendMouse({ type: 'move', position: [Math.round(surface.left + 20), Math.round(surface.top + 20)] });
      await waitUntil(() => !hidden(base()), 'shown on move');
      await sendMouse({ type: 'move', position: [Math.round(surface.right + 20), Math.round(surface.bottom + 20)] });
      const left = Date.now();
      await clock.advance(PLAYER.CONTROLS_HIDE_AFTER_LEAVE_MS - 1);
      expect(hidden(base())).to.equal(false, 'still shown before the leave delay');
      await clock.advance(1);
      await untilAtOnce(clock, () => hidden(base()), 'hidden at the leave delay');
      // By the fake clock (Date follows it): not the enter delay the move started, still running when the pointer left.
      expect(Date.now() - left).to.be.below(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS);
    });

    it('stay while paused', async () => {
      const clock = fakeClock();
      const { base, media } = await playingVideo(clock);
      media().pause();
      await waitUntil(() => base().dataset.state === 'paused', 'paused');
      // Past the longest of the hide delays.
      await clock.advance(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS);
      expect(hidden(base())).to.equal(false);
    });
  });

  describe('touch', () => {
    /** A finger tap at `share` of the element's width (pointer events as a touch screen sends them, then the click). */
    function tap(element: HTMLElement, share = 0.5): void {
      const rect = element.getBoundingClientRect();
      const at = { clientX: rect.left + rect.width * share, clientY: rect.top + rect.height / 2 };
      const pointer = { ...at, bubbles: true, composed: true, cancelable: true, pointerType: 'touch', isPrimary: true, pointerId: 11, button: 0 };
      // A touch screen sends the finger's arrival first, as a hover would.
      element.dispatchEvent(new PointerEvent('pointerover', pointer));
      element.dispatchEvent(new PointerEvent('pointerenter', { ...pointer, bubbles: false }));
      element.dispatchEvent(new PointerEvent('pointerdown', pointer));
      element.dispatchEvent(new PointerEvent('pointerup', pointer));
      element.dispatchEvent(new MouseEvent('click', { ...at, bubbles: true, composed: true }));
    }

    it('a tap plays; once the controls hid, a tap only brings them back; the next one pauses', async () => {
      const clock = fakeClock();
      const { media, base, part } = await mount(video({ loop: true }));
      await mediaReady(media());
      tap(part('surface')!);
      await waitUntil(() => base().dataset.state === 'playing', 'playing on a tap');
      await clock.advance(PLAYER.CONTROLS_HIDE_MS);
      await waitUntil(() => base().dataset.controls === 'hidden', 'controls hidden');
      tap(part('surface')!);
      // The tap's click ran with it: had it toggled, the media would be paused already.
      expect(media().paused, 'still playing').to.equal(false);
      await waitUntil(() => base().dataset.controls === 'visible', 'controls back on a tap');
      expect(base().dataset.state).to.equal('playing');
      tap(part('surface')!);
      await waitUntil(() => base().dataset.state === 'paused', 'paused on the next tap');
    });

    it('a tap on the volume slider sets the volume there', async () => {
      const { media, volume } = await mount(video({ muted: false }));
      const track = volume().querySelector<HTMLElement>('[part~="volume-track"]')!;
      const SHARE = 0.25;
      tap(track, SHARE);
      await waitUntil(() => Math.abs(media().volume - SHARE) < 0.02, 'volume set by a tap');
      expect(volume().getAttribute('aria-valuenow')).to.equal(String(Math.round(media().volume * 100)));
    });
  });

  describe('fullscreen', () => {
    it('asks for fullscreen on the player (controls included) from its button', async () => {
      const { el, fullscreen } = await mount(video());
      const calls: unknown[] = [];
      const real = el.requestFullscreen.bind(el);
      el.requestFullscreen = (options?: FullscreenOptions) => {
        calls.push(options);
        // Headless Chromium may refuse: the attempt is what counts here.
        return real(options).catch(() => {});
      };
      await click(fullscreen()!);
      await waitUntil(() => calls.length === 1, 'fullscreen requested');
      if (document.fullscreenElement === el) {
        await waitUntil(() => fullscreen()!.getAttribute('aria-label') === en.playerExitFullscreen, 'exit label');
        await document.exitFullscreen();
      }
    });
  });

  describe('embedded video service', () => {
    const ID = 'aqz-KE-bpKQ';

    async function embed() {
      const player = await mount(html`<kite-player data-youtube="https://www.youtube.com/watch?v=${ID}"><a href="https://www.youtube.com/watch?v=${ID}">Watch</a></kite-player>`);
      const frame = player.part<HTMLIFrameElement>('embed')!;
      return { ...player, frame };
    }
    const message = (data: object, origin: string, source: MessageEventSource | null) =>
      window.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data), origin, source }));

    it('embeds the video privacy-enhanced, with the message API on', async () => {
      const { frame, base } = await embed();
      const url = new URL(frame.src);
      expect(url.origin).to.equal(PLAYER.YOUTUBE_ORIGINS[0]);
      expect(url.pathname).to.equal(`/embed/${ID}`);
      expect(url.searchParams.get('enablejsapi')).to.equal('1');
      expect(url.searchParams.get('origin')).to.equal(location.origin);
      expect(base().dataset.renderer).to.equal('youtube');
    });

    it('follows the embed states from its origin and its iframe only', async () => {
      const { frame, base, loading } = await embed();
      // Wrong origin, right window: ignored.
      message({ event: 'onStateChange', info: PLAYER.YOUTUBE_STATE.PLAYING }, 'https://www.youtube.com.example', frame.contentWindow);
      // Right origin, wrong window: ignored.
      message({ event: 'onStateChange', info: PLAYER.YOUTUBE_STATE.PLAYING }, PLAYER.YOUTUBE_ORIGINS[0], window);
      // Messages are taken in order: the render of one that counts shows what the two before it did.
      message({ event: 'onStateChange', info: PLAYER.YOUTUBE_STATE.BUFFERING }, PLAYER.YOUTUBE_ORIGINS[0], frame.contentWindow);
      await waitUntil(() => loading().hasAttribute('data-active'), 'buffering from the embed');
      expect(base().dataset.state).to.equal('idle');
      message({ event: 'onStateChange', info: PLAYER.YOUTUBE_STATE.PLAYING }, PLAYER.YOUTUBE_ORIGINS[0], frame.contentWindow);
      await waitUntil(() => base().dataset.state === 'playing', 'playing from the embed');
      message({ event: 'onStateChange', info: PLAYER.YOUTUBE_STATE.PAUSED }, PLAYER.YOUTUBE_ORIGINS[0], frame.contentWindow);
      await waitUntil(() => base().dataset.state === 'paused', 'paused from the embed');
      message({ event: 'onStateChange', info: PLAYER.YOUTUBE_STATE.ENDED }, PLAYER.YOUTUBE_ORIGINS[0], frame.contentWindow);
      await waitUntil(() => base().dataset.state === 'ended', 'ended from the embed');
    });

    it('maps unstarted (-1), buffering (3) and cued (5)', async () => {
      const { el, frame, base, loading, bigPlay } = await embed();
      const state = (info: number) => message({ event: 'onStateChange', info }, PLAYER.YOUTUBE_ORIGINS[0], frame.contentWindow);
      state(PLAYER.YOUTUBE_STATE.PLAYING);
      await waitUntil(() => base().dataset.state === 'playing', 'playing');
      state(PLAYER.YOUTUBE_STATE.BUFFERING);
      await waitUntil(() => loading().hasAttribute('data-active'), 'buffering shows the loading overlay');
      await expect(el).to.be.accessible();
      state(PLAYER.YOUTUBE_STATE.CUED);
      await waitUntil(() => !loading().hasAttribute('data-active'), 'cued: loaded');
      state(PLAYER.YOUTUBE_STATE.UNSTARTED);
      await waitUntil(() => base().dataset.state === 'idle', 'unstarted: idle');
      expect(visible(bigPlay())).to.equal(true);
    });

    it('ignores a same-origin iframe posting as the embed', async () => {
      const events = spyPlayerEvents();
      const { base, error } = await embed();
      const impostor = document.createElement('iframe');
      const payload = JSON.stringify(JSON.stringify({ event: 'onError', info: PLAYER.YOUTUBE_ERROR.NOT_FOUND }));
      const state = JSON.stringify(JSON.stringify({ event: 'onStateChange', info: PLAYER.YOUTUBE_STATE.PLAYING }));
      impostor.srcdoc = `<script>parent.postMessage(${state}, '*'); parent.postMessage(${payload}, '*');</script>`;
      // Both of the impostor's messages, heard after the player's own listener (added at mount) took them.
      const heard: MessageEvent[] = [];
      const listener = (event: MessageEvent) => event.source === impostor.contentWindow && heard.push(event);
      window.addEventListener('message', listener);
      cleanups.push(() => window.removeEventListener('message', listener));
      document.body.append(impostor);
      cleanups.push(() => impostor.remove());
      await waitUntil(() => heard.length === 2, "the impostor's messages");
      expect(heard.map((event) => event.origin)).to.deep.equal([location.origin, location.origin]);
      expect(events.of('kite-player-play')).to.deep.equal([]);
      expect(errorsOf(events)).to.deep.equal([]);
      expect(base().dataset.state).to.equal('idle');
      expect(nameOf(error())).to.equal('nothing');
    });

    for (const [code, words] of YOUTUBE_ERROR_WORDS) {
      it(`shows the embed error ${code} as "Code ${code}: ..."`, async () => {
        const events = spyPlayerEvents();
        const { el, frame, error } = await embed();
        message({ event: 'onError', info: code }, PLAYER.YOUTUBE_ORIGINS[0], frame.contentWindow);
        await waitUntil(() => error(), 'error overlay');
        const text = `Code ${code}: ${words}`;
        expect(error()!.textContent).to.equal(text);
        expect(errorsOf(events)).to.deep.equal([{ kind: 'youtube', code, message: text }]);
        await expect(el).to.be.accessible();
      });
    }

    it('reads an unknown code as "Unknown error."', async () => {
      const { frame, error } = await embed();
      const CODE = 150;
      message({ event: 'onError', info: CODE }, PLAYER.YOUTUBE_ORIGINS[0], frame.contentWindow);
      await waitUntil(() => error(), 'error overlay');
      expect(error()!.textContent).to.equal(`Code ${CODE}: Unknown error.`);
    });

    it('without video consent shows the notice and a link to the video on YouTube instead of the frame, and frames it once consent comes', async () => {
      kiteWithVideoConsent(); // what importing kite.js does
      const meta = Object.assign(document.createElement('meta'), { name: VIDEO_CONSENT_META, content: 'required' });
      document.head.append(meta);
      cleanups.push(() => meta.remove(), () => void delete window.kite?.videoConsented);
      const el = await fixture<KitePlayer>(html`<kite-player data-youtube=${ID}><a href="https://www.youtube.com/watch?v=${ID}">Our kite film</a></kite-player>`);
      const part = (name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
      await waitUntil(() => part('consent'), 'no consent notice');
      expect(part('embed'), 'nothing framed').to.equal(null);
      expect(el.shadowRoot!.querySelector('iframe')).to.equal(null);
      const link = part('consent-link') as HTMLAnchorElement;
      expect(link.href).to.equal(`https://www.youtube.com/watch?v=${ID}`);
      expect(link.textContent).to.equal('Watch “Our kite film” on YouTube');
      expect(link.target).to.equal('_blank');
      await expect(el).to.be.accessible();
      window.kite!.consent!(true, 'video');
      await waitUntil(() => part('embed'), 'consent did not frame the video');
      expect(new URL((part('embed') as HTMLIFrameElement).src).pathname).to.equal(`/embed/${ID}`);
    });

    it('shows the time the embed reports', async () => {
      const { frame, progress } = await embed();
      message({ event: 'infoDelivery', info: { currentTime: 30, duration: 120, volume: 50, muted: false } }, PLAYER.YOUTUBE_ORIGINS[0], frame.contentWindow);
      await waitUntil(() => progress().getAttribute('aria-valuemax') === '120', 'duration from the embed');
      expect(progress().getAttribute('aria-valuetext')).to.equal('0:30 of 2:00');
    });
  });

  describe('HLS', () => {
    it('loads hls.js for an HLS source and shows "Network error" when the manifest fails', async () => {
      const events = spyPlayerEvents();
      const { el, error, base } = await mount(html`
        <kite-player prefer-playback="mse">
          <video muted><source src="${MEDIA}/missing.m3u8" type="application/x-mpegURL" /></video>
        </kite-player>
      `);
      expect(base().dataset.renderer).to.equal('hls');
      await waitUntil(() => el.hls, 'hls.js loaded and attached');
      await waitUntil(() => error(), 'error overlay');
      expect(error()!.textContent).to.equal('Network error');
      expect(errorsOf(events)).to.deep.equal([{ kind: 'network', message: en.playerErrorNetwork }]);
    });

    it('recovers a fatal media error, then swaps the audio codec, then gives up within the window', async () => {
      /** A loader that never answers: the stream stays quiet while the test raises errors. */
      class SilentLoader {
        context = null;
        stats = { aborted: false, loaded: 0, retry: 0, total: 0, chunkCount: 0, bwEstimate: 0, loading: { start: 0, first: 0, end: 0 }, parsing: { start: 0, end: 0 }, buffering: { start: 0, first: 0, end: 0 } };
        load() {}
        abort() {}
        destroy() {}
      }
      const events = spyPlayerEvents();
      const el = await fixture<KitePlayer>(html`
        <kite-player prefer-playback="mse" .hlsConfig=${{ loader: SilentLoader }}>
          <video muted><source src="${MEDIA}/stream.m3u8" type="application/x-mpegURL" /></video>
        </kite-player>
      `);
      await waitUntil(() => el.hls, 'hls.js attached');
      // The element types its instance loosely (no hls.js in the package's declarations); a page with hls.js casts it.
      const hls = el.hls! as Hls;
      const calls: string[] = [];
      hls.recoverMediaError = () => void calls.push('recoverMediaError');
      hls.swapAudioCodec = () => void calls.push('swapAudioCodec');
      const fatal = () => hls.trigger('hlsError' as never, { type: 'mediaError', details: 'bufferAppendError', fatal: true } as never);
      fatal();
      expect(calls).to.deep.equal(['recoverMediaError']);
      fatal();
      expect(calls).to.deep.equal(['recoverMediaError', 'swapAudioCodec', 'recoverMediaError']);
      fatal();
      expect(calls).to.have.length(3);
      const error = () => el.shadowRoot!.querySelector('[part~="error"]');
      await waitUntil(() => error(), 'error overlay');
      expect(error()!.textContent).to.equal('Cannot recover, last media error recovery failed');
      expect(errorsOf(events)).to.deep.equal([{ kind: 'recovery', message: en.playerErrorRecovery }]);
    });

    it('uses the browser’s own HLS where it has one, by default', async () => {
      const probe = document.createElement('video');
      const native = probe.canPlayType('application/vnd.apple.mpegurl') !== '';
      const { el, base } = await mount(html`
        <kite-player><video muted><source src="${MEDIA}/missing.m3u8" type="application/x-mpegURL" /></video></kite-player>
      `);
      expect(base().dataset.renderer).to.equal(native ? 'native' : 'hls');
      if (native) {
        // The browser's own attempt at the missing stream has failed: hls.js had no part in it.
        await waitUntil(() => el.shadowRoot!.querySelector('[part~="error"]'), 'error overlay');
        expect(el.hls !== null, 'hls.js attached').to.equal(false);
      }
    });
  });

  describe('reduced motion', () => {
    it('neither fades nor spins', async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      cleanups.push(() => emulateMedia({ reducedMotion: 'no-preference' }));
      const { controls, media, part, loading } = await mount(video());
      expect(getComputedStyle(controls()).transitionDuration).to.equal('0s');
      await mediaSettled(media());
      media().dispatchEvent(new Event('waiting'));
      await waitUntil(() => loading().hasAttribute('data-active'), 'loading');
      expect(getComputedStyle(part('spinner')!).animationName).to.equal('none');
    });
  });

  it('plays media a framework writes in after the element upgraded', async () => {
    const el = await fixture<KitePlayer>(html`<kite-player></kite-player>`);
    await waitUntil(() => !el.shadowRoot!.querySelector('slot[data-kite-placeholder]'), 'rendered empty');
    render(html`<video controls muted .muted=${true} preload="auto"><source src=${VIDEO} type="video/webm" /></video>`, el);
    await waitUntil(() => el.shadowRoot!.querySelector('[part~="base"]'), 'late media enhanced');
    const { play, media } = partsOf(el);
    play().click();
    await waitUntil(() => !media().paused, 'playing');
  });
});
