import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { videoEmbedMachine } from '../../machines/video-embed/video-embed.machine.ts';
import type { PosterQuality, VideoEmbedInput } from '../../machines/video-embed/video-embed.types.ts';
import { VIDEO_EMBED } from '../../shared/constants/site.ts';
import { allowVideoEmbeds, onVideoConsent, videoConsentAllowed, visitorMayAllowVideo } from '../../shared/consent/video-consent.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { hasMessages, isRightToLeft, loadMessages, pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { lightboxIframeSandbox } from '../../shared/logic/lightbox-links.ts';
import { parseVideoUrl, VIDEO_FRAME_ALLOW, VIDEO_SITE_NAMES, videoEmbedUrl, videoPageUrl, videoThumbnailUrl, type VideoId } from '../../shared/logic/video-url.ts';
import { videoEmbedStyles } from './video-embed.styles.ts';

/** `load` value that frames the video once the embed is in view rather than on play. */
const LOAD_IN_VIEW = 'visible';

/** What the theme wrote: the link to the video on its site, and the poster it shows. */
interface Markup {
  link: HTMLAnchorElement | null;
  video: VideoId | null;
  /** The theme's own poster: `poster`, else the `<img>` inside the link. */
  poster: string | null;
  /** `label`, else the link's text, else its image's `alt`. */
  title: string;
}

/**
 * A lazy video embed with one video consent.
 *
 * The theme writes a link to the video on its site (YouTube or Vimeo), optionally around a poster
 * image; without JavaScript that link is what the visitor gets. The element shows the poster with
 * a play button ("Play <title>"); nothing of the video site loads until the visitor plays (or,
 * with `load="visible"`, until the embed is in view). Playing frames the video site's player
 * (YouTube through `youtube-nocookie.com`), sandboxed and titled as `kite-lightbox`'s frames are,
 * and moves focus into it.
 *
 * Without a poster of its own, a YouTube video shows YouTube's thumbnail in `quality`: a missing one (an error, YouTube's narrow placeholder, or nothing within the theme's 2 s
 * fallback timer, `VIDEO_EMBED.POSTER_FALLBACK_MS`) falls back to the next quality down; a Vimeo
 * video, or none left, shows its title on a plain box.
 *
 * Video consent: when the page requires it (`<meta name="kite-video-consent" content="required">`
 * or `"ask"`) and it is not given, the visitor gets the theme's own poster, a short notice and a
 * link to watch the video on its site (in a new tab); with `"ask"`, also a button "Allow video
 * embeds", which gives the same consent as the site's `window.kite.consent(true, 'video')`. No
 * service thumbnail loads without consent either: it comes from the video site. Consent given
 * later turns the notice into the poster at once; withdrawn, a poster or a frame still loading
 * goes back to the notice, while a frame already playing stays. Hebrew pages get `dir="rtl"`.
 *
 * @summary Lazy YouTube or Vimeo embed behind a poster and a play button, framed only with the page's video consent.
 *
 * @slot - The theme's link to the video (optionally around its poster `<img>`): shown as written without JavaScript, until the page's language file has loaded, or when it is no YouTube or Vimeo video.
 *
 * @attr {string} quality - YouTube thumbnail quality for the poster when the theme gives none: `maxresdefault`, `sddefault`, `hqdefault` (default), `mqdefault` or `default`.
 * @attr {string} poster - Address of the theme's own poster image (else the `<img>` inside the link). Shown with or without consent.
 * @attr {string} label - The video's title, for the play button ("Play <title>"), the frame's title and the link. Default: the link's text, else its image's `alt`.
 * @attr {string} load - `visible`: frame the video (without playing) once the embed is in view, instead of when the visitor plays.
 * @attr {string} lang - Language of the labels (`en`, `he`). Default: the page's.
 *
 * @event kite-video-embed-play - The video site's frame was asked for. `detail: { provider, id, autoplay }`.
 * @event kite-video-embed-load - The video site's frame loaded. `detail: { provider, id }`.
 *
 * @csspart base - The box of the video's shape.
 * @csspart pending - The box of the video's shape around the theme's link, while the page's language file is loading.
 * @csspart poster - The poster image.
 * @csspart title - The video's title over the poster.
 * @csspart play - The play button.
 * @csspart consent - Without video consent: the notice with the link (and the allow button).
 * @csspart consent-link - The link to watch the video on its site.
 * @csspart consent-allow - The button that allows video embeds (with `content="ask"` only).
 * @csspart frame - The video site's player frame.
 *
 * @cssproperty --kite-video-embed-aspect-ratio - Shape of the box. Default `16 / 9`.
 * @cssproperty --kite-video-embed-background - Behind the poster. Default `#111`.
 * @cssproperty --kite-video-embed-color - Text and icon colour. Default `#fff`.
 * @cssproperty --kite-video-embed-button-background - The play button. Default `rgb(0 0 0 / 72%)`.
 * @cssproperty --kite-video-embed-button-hover-background - The play button under the pointer. Default `#c4302b`.
 * @cssproperty --kite-video-embed-focus-ring - Outline of a focused control. Default `3px solid #ffbf47`.
 */
export class KiteVideoEmbed extends LitElement {
  static override styles = videoEmbedStyles;
  static override properties = {
    quality: { type: String },
    poster: { type: String },
    label: { type: String },
    load: { type: String },
    // oxlint-disable-next-line lit/no-native-attributes -- a reactive `lang` re-renders the labels; reflected, so a property write moves the attribute (and :lang()) too
    lang: { type: String, reflect: true },
  };

  /** Poster thumbnail quality (reflects `quality`). */
  declare quality: string | undefined;
  /** The theme's poster address (reflects `poster`). */
  declare poster: string | undefined;
  /** The video's title (reflects `label`). */
  declare label: string | undefined;
  /** `visible` loads the frame in view (reflects `load`). */
  declare load: string | undefined;
  /** Language of the labels (reflects `lang`). */
  declare lang: string;

  #markup: Markup = { link: null, video: null, poster: null, title: '' };
  readonly #machine = new MachineController(this, { machine: videoEmbedMachine, surface: 'video-embed', input: () => this.#input() });
  #stopListening: (() => void) | null = null;
  #observer: IntersectionObserver | null = null;
  /** Where focus goes after the next render: into the frame the visitor started, or onto play after allowing. */
  #focusNext: 'frame' | 'play' | null = null;

  /** Read at each connection (MachineController), before the actor starts: the theme's markup and the consent. */
  #input(): VideoEmbedInput {
    const link = this.querySelector<HTMLAnchorElement>('a[href]');
    const video = link ? parseVideoUrl(link.getAttribute('href') ?? '') : null;
    const image = link?.querySelector('img');
    const poster = this.poster || image?.currentSrc || image?.getAttribute('src') || null;
    const title = this.label?.trim() || link?.textContent?.replace(/\s+/g, ' ').trim() || image?.alt.trim() || '';
    this.#markup = { link, video, poster, title };
    return {
      video,
      consent: videoConsentAllowed(),
      poster: poster ? 'local' : video && videoThumbnailUrl(video, VIDEO_EMBED.DEFAULT_POSTER_QUALITY) ? 'service' : 'none',
      quality: this.quality as PosterQuality | undefined,
      loadInView: this.load === LOAD_IN_VIEW,
    };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void loadMessages(pageLanguage(this.lang)).then(() => this.requestUpdate());
    this.#stopListening = onVideoConsent((allowed) => {
      this.#machine.send({ type: 'CONSENT.CHANGE', allowed });
      this.requestUpdate(); // the allow button follows the page's policy too
    });
    if (this.load === LOAD_IN_VIEW) {
      this.#observer = new IntersectionObserver((records) => records.some((record) => record.isIntersecting) && this.#machine.send({ type: 'VIEW.ENTER' }));
      this.#observer.observe(this);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopListening?.();
    this.#stopListening = null;
    this.#observer?.disconnect();
    this.#observer = null;
  }

  override updated(changed: PropertyValues): void {
    super.updated(changed);
    const focus = this.#focusNext;
    if (!focus) return;
    const target = this.renderRoot.querySelector<HTMLElement>(`[part~="${focus}"]`);
    if (!target) return;
    this.#focusNext = null;
    target.focus();
  }

  #play = () => {
    this.#focusNext = 'frame';
    this.#machine.send({ type: 'PLAY' });
  };

  #allow = () => {
    this.#focusNext = 'play';
    allowVideoEmbeds();
  };

  #posterLoaded = (event: Event) => this.#machine.send({ type: 'POSTER.LOADED', width: (event.target as HTMLImageElement).naturalWidth });
  #posterFailed = () => this.#machine.send({ type: 'POSTER.FAILED' });
  #frameLoaded = () => this.#machine.send({ type: 'FRAME.LOADED' });

  override render() {
    const snapshot = this.#machine.snapshot;
    const { video, poster, link } = this.#markup;
    const lang = pageLanguage(this.lang);
    if (snapshot.matches('unplayable') || !video || !link) return html`<slot></slot>`;
    // The theme's link as written until the page's language is here (no English flash on a Hebrew
    // page), already in the video's box: the page does not move as the words arrive.
    if (!hasMessages(lang)) return html`<div part="pending"><slot></slot></div>`;
    const title = this.#markup.title || t(lang, 'videoUntitled');
    const site = VIDEO_SITE_NAMES[video.provider];
    const { quality, autoplay } = snapshot.context;
    const trying = snapshot.matches({ poster: 'trying' });
    const thumbnail = trying || snapshot.matches({ poster: 'shown' }) ? (poster ?? videoThumbnailUrl(video, quality)) : null;
    let content;
    if (snapshot.matches('consentNeeded')) {
      content = html`
        ${poster ? html`<img part="poster" src=${poster} alt="" />` : nothing}
        <div part="consent">
          <p>${t(lang, 'videoConsentNeeded', { site })}</p>
          <a part="consent-link" href=${videoPageUrl(video)} target="_blank" rel="noopener noreferrer">${t(lang, 'videoWatchOn', { title, site })}</a>
          ${visitorMayAllowVideo() ? html`<button part="consent-allow" type="button" @click=${this.#allow}>${t(lang, 'videoAllow')}</button>` : nothing}
        </div>
      `;
    } else if (snapshot.matches('poster')) {
      content = html`
        ${thumbnail
          ? html`<img part="poster" src=${thumbnail} alt="" ?data-trying=${trying} @load=${trying ? this.#posterLoaded : nothing} @error=${trying ? this.#posterFailed : nothing} />`
          : nothing}
        <p part="title">${title}</p>
        <button part="play" type="button" aria-label=${t(lang, 'videoPlay', { title })} @click=${this.#play}>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5v14l11-7z" /></svg>
        </button>
      `;
    } else {
      const src = videoEmbedUrl(video, { autoplay });
      content = html`<iframe
        part="frame"
        src=${src}
        title=${t(lang, 'videoFrame', { title })}
        allow=${VIDEO_FRAME_ALLOW}
        sandbox=${lightboxIframeSandbox(src, location.origin, false) ?? nothing}
        referrerpolicy="strict-origin-when-cross-origin"
        @load=${this.#frameLoaded}
      ></iframe>`;
    }
    return html`<div part="base" lang=${lang} dir=${isRightToLeft(lang) ? 'rtl' : nothing} data-state=${typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]}>${content}</div>`;
  }
}

defineElement('kite-video-embed', KiteVideoEmbed);

declare global {
  interface HTMLElementTagNameMap {
    'kite-video-embed': KiteVideoEmbed;
  }
}
