import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { initialSliderView, lastPosition, sliderView } from '../../machines/slider/slider.view-state.ts';
import type { SliderInput, SliderStopAt, SliderView } from '../../machines/slider/slider.types.ts';
import { SLIDER } from '../../shared/constants/site.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { keepAttributes, listen, setAttribute, setStyle, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { currentBreakpoint, onBreakpoint } from '../../shared/dom/breakpoints.ts';
import { ActorController, loadRuntime } from '../../shared/dom/actor-controller.ts';
import { applyPageClasses } from '../../shared/dom/page-classes.ts';
import { onReducedMotionChange, reducedMotionNow } from '../../shared/dom/reduced-motion-change.ts';
import { hasMessages, isRightToLeft, loadMessages, pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { cssLinearEasing, easeInOutQuart } from '../../shared/logic/easing.ts';
import { sliderLightStyles, sliderStyles } from './slider.styles.ts';

/** The slides: the `<li>`s of the list the theme put inside. */
const SLIDES = ':scope > ul > li';
/** What plays in a video slide. */
const VIDEO = 'video, kite-player, kite-video-embed, iframe';
/** The image a theme gives a video slide for mobile devices, which cannot autoplay it. */
const MOBILE_FALLBACK = '.av-mobile-fallback-image';
/** What each update writes on the slides: the page's own values come back when the element leaves. */
const SLIDE_ATTRIBUTES = ['aria-roledescription', 'aria-label', 'inert', 'data-current'] as const;
/** Class of the spec's message put in a video slide without a mobile fallback image. */
const MESSAGE_CLASS = 'kite-slider-message';
/** Points of the `linear()` easing that stands for easeInOutQuart in the compositor animation. */
const EASING_STEPS = 32;
/** The slide change's easing as CSS, computed once. */
const EASING = cssLinearEasing(easeInOutQuart, EASING_STEPS);

/** `stop-infinite-loop`: `first` stops autoplay back at the first slide; present otherwise, at the last. */
const stopAtOf = (value: string | null | undefined): SliderStopAt => (value == null ? null : value.trim() === 'first' ? 'first' : 'last');

/** A number attribute that is a positive number, else `fallback`. */
const positive = (value: number | undefined, fallback: number) => (Number.isFinite(value) && value! > 0 ? value! : fallback);

/**
 * A slideshow, or with `carousel` a carousel, made of the theme's list of slides, following the WAI-ARIA carousel pattern.
 *
 * Light-DOM contract: a `<ul>` whose `<li>`s are the slides, each with an image (or a `<video>`,
 * `kite-player` or `kite-video-embed`) and an optional caption (the theme's markup, for example a
 * `.avia-caption` block). Without JavaScript it is a plain list. Once running, the element shows
 * one slide (or `carousel-slides-to-show` in carousel mode) and adds previous and next arrows
 * (mirrored right to left), a dot per position and, with `autoplay`, a rotation control placed
 * first; all are 44 px targets. The list moves with a transform over `transition-speed`
 * (easeInOutQuart, on the compositor) or, with `animation="fade"`, cross-fades; with reduced motion
 * the change is instant. Touch swipes move it too (`SWIPE.MIN_HORIZONTAL_PX`, then
 * `SWIPE.LOCK_MS`; mirrored right to left), and the arrow keys while focus is in it.
 *
 * Navigation is ignored while a change is animating and with fewer than `SLIDER.MIN_SLIDES`
 * positions. `loop-manual` wraps the arrows, keys and swipes at both ends; autoplay (`autoplay`,
 * every `interval` seconds) wraps only with `loop-autoplay`, and stops on the visitor's first
 * navigation, on the rotation control, under reduced motion (it does not start then), and on
 * arriving where it may not go on: the last slide without `loop-autoplay`, or the stop point of
 * `stop-infinite-loop`. It waits while keyboard focus or the mouse is inside. A video in the slide
 * shown that ends moves on as autoplay would, unless it loops or there is a single slide; autoplay
 * waits while it plays. Videos pause when their slide leaves the view, and those marked
 * `data-autoplay` play (muted, as the theme writes them) when it comes in.
 *
 * Accessibility: a region with `aria-roledescription="carousel"` and a label; each slide (a list
 * item, so the list keeps its meaning) has `aria-roledescription="slide"` and "N of M"; slides out
 * of view are `inert`; the slides' live region is `off` while rotating and `polite` otherwise.
 *
 * On a mobile device (page class `avia_mobile`) a video slide shows its
 * `.av-mobile-fallback-image` instead of the video or, lacking one, the theme's message "Please set
 * a mobile device fallback image for this video in your wordpress backend". Texts are shown as
 * text, never as HTML; writes to the page's markup are undone when the element leaves.
 *
 * @summary Slideshow or carousel of the theme's slides: arrows, dots, captions, autoplay with a rotation control, touch swipes.
 *
 * @slot - The `<ul>` of slides (`<li>`s with an image or video and an optional caption).
 *
 * @attr {number} interval - Autoplay's time on each slide, in seconds. Default `SLIDER.INTERVAL_DEFAULT_S` (5).
 * @attr {boolean} autoplay - The slides change by themselves (not under reduced motion); a rotation control stops and starts it.
 * @attr {boolean} loop-autoplay - Autoplay goes from the last slide back to the first.
 * @attr {boolean} loop-manual - The arrows, keys and swipes wrap at both ends.
 * @attr {string} stop-infinite-loop - Autoplay stops at the last slide even with `loop-autoplay`; with the value `first`, when it is back at the first.
 * @attr {string} animation - `slide` (default) or `fade`.
 * @attr {number} transition-speed - Duration of a change in milliseconds. Default `SLIDER.TRANSITION_MS` (900).
 * @attr {boolean} carousel - Carousel mode: several slides shown, one position per step.
 * @attr {number} carousel-slides-to-show - Slides shown in carousel mode. Default `SLIDER.CAROUSEL_SLIDES_TO_SHOW` (3). On narrow windows at most `SLIDER.CAROUSEL_MOST_SHOWN`: 1 up to 479 px, 2 up to 767 px.
 * @attr {string} label - The carousel's accessible name. Default: "Slideshow" in the page's language.
 * @attr {string} lang - Language of the labels (`en`, `he`). Default: the page's.
 *
 * @event kite-slider-change - The slider moved. `detail: { index, previous, trigger }`, trigger `next`, `previous`, `goto`, `swipe`, `autoplay` or `video`.
 * @event kite-slider-autoplay-start - Autoplay started. `detail: {}`.
 * @event kite-slider-autoplay-stop - Autoplay stopped. `detail: { reason }`, `navigation`, `control`, `end` or `reduced-motion`.
 *
 * @csspart base - The carousel region; `data-animating` while a change runs (navigation is ignored then).
 * @csspart rotation - The rotation control (stop / start autoplay), with `autoplay` only.
 * @csspart viewport - The window onto the slides (the slot), the live region.
 * @csspart previous - The previous-slide button.
 * @csspart next - The next-slide button.
 * @csspart arrow - The arrow sign in the previous and next buttons.
 * @csspart dots - The group of dots.
 * @csspart dot - Each dot button; the current one has `aria-current="true"`.
 *
 * @cssproperty --kite-slider-arrow-top - Where the middle of the arrows sits, from the top of the slides. Default `50%`; a carousel of cards with text under their pictures sets it to the pictures' middle.
 * @cssproperty --kite-slider-control-size - Size of the arrows, dots and rotation control. Default `44px`.
 * @cssproperty --kite-slider-control-background - Background of the arrows and rotation control. Default `rgb(0 0 0 / 55%)`.
 * @cssproperty --kite-slider-control-color - Colour of their signs. Default `#fff`.
 * @cssproperty --kite-slider-dot-color - Colour of a dot. Default `rgb(0 0 0 / 35%)`.
 * @cssproperty --kite-slider-dot-current-color - Colour of the current dot. Default `currentColor`: the text colour around the slider (the arrows' colour is theirs alone).
 * @cssproperty --kite-slider-focus-ring - Outline of the focused control. Default `3px solid #1a73e8`.
 */
export class KiteSlider extends LitElement {
  static override styles = sliderStyles;
  static override properties = {
    interval: { type: Number },
    autoplay: { type: Boolean },
    loopAutoplay: { type: Boolean, attribute: 'loop-autoplay' },
    loopManual: { type: Boolean, attribute: 'loop-manual' },
    stopInfiniteLoop: { type: String, attribute: 'stop-infinite-loop' },
    animation: { type: String },
    transitionSpeed: { type: Number, attribute: 'transition-speed' },
    carousel: { type: Boolean },
    carouselSlidesToShow: { type: Number, attribute: 'carousel-slides-to-show' },
    label: { type: String },
    // oxlint-disable-next-line lit/no-native-attributes -- a reactive `lang` re-renders the labels; reflected, so a property write moves the attribute (and :lang()) too
    lang: { type: String, reflect: true },
  };

  /** Seconds per slide under autoplay (reflects `interval`). */
  declare interval: number | undefined;
  /** Autoplay (reflects `autoplay`). */
  declare autoplay: boolean;
  /** Autoplay wraps (reflects `loop-autoplay`). */
  declare loopAutoplay: boolean;
  /** Manual navigation wraps (reflects `loop-manual`). */
  declare loopManual: boolean;
  /** Where autoplay stops by itself (reflects `stop-infinite-loop`). */
  declare stopInfiniteLoop: string | undefined;
  /** `slide` or `fade` (reflects `animation`). */
  declare animation: string | undefined;
  /** Milliseconds per change (reflects `transition-speed`). */
  declare transitionSpeed: number | undefined;
  /** Carousel mode (reflects `carousel`). */
  declare carousel: boolean;
  /** Slides shown in carousel mode (reflects `carousel-slides-to-show`). */
  declare carouselSlidesToShow: number | undefined;
  /** Accessible name (reflects `label`). */
  declare label: string | undefined;
  /** Language of the labels (reflects `lang`). */
  declare lang: string;

  // Lazy: a carousel nobody touches draws its first frame from `initialSliderView` and never
  // creates an actor, nor loads the machine and XState (a third of the slider's bytes); autoplay,
  // which needs the machine's timer, starts it at once (see #enhance), and a visitor's pointer,
  // focus or finger coming in starts loading it before their first click, key or swipe (which
  // wait for it, in order).
  readonly #machine = new ActorController(this, {
    runtime: loadRuntime(() => import('../../machines/slider/slider.machine.ts').then((module) => module.sliderMachine)),
    surface: 'slider',
    input: () => this.#input(),
    lazy: true,
  });
  /** The first frame's view while the actor has not started, read once per connection. */
  #initialView: SliderView | null = null;

  /** What connecting set up (light-DOM writes, listeners): undone on disconnection. */
  #undo: Undo = () => {};
  #enhanced = false;
  #slideList: HTMLLIElement[] = [];
  /** The position the list was last moved to, to animate from. */
  #shownIndex = 0;
  /** How many slides the list was last laid out to show. */
  #shownShow = 1;
  /**
   * The row of slides runs right to left (its direction, read from the DOM at connection: reading
   * the computed style at each change would force a style recalculation per slider, 20 in a row on
   * a page of 20 carousels changing together).
   */
  #rowRightToLeft = false;
  #rtl: boolean | null = null;

  constructor() {
    super();
    this.autoplay = false;
    this.loopAutoplay = false;
    this.loopManual = false;
    this.carousel = false;
  }

  override connectedCallback(): void {
    applyPageClasses();
    super.connectedCallback();
    if (document.readyState === 'loading' && !this.#slides().length) {
      document.addEventListener('DOMContentLoaded', () => this.isConnected && this.#enhance(), { once: true });
    } else this.#enhance();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#undo();
    this.#undo = () => {};
    this.#enhanced = false;
  }

  #input(): SliderInput {
    return {
      count: this.#slides().length,
      show: this.#show(),
      scroll: this.carousel ? SLIDER.CAROUSEL_SLIDES_TO_SCROLL : 1,
      autoplay: this.autoplay,
      intervalMs: positive(this.interval, SLIDER.INTERVAL_DEFAULT_S) * 1_000,
      transitionMs: Number.isFinite(this.transitionSpeed) && this.transitionSpeed! >= 0 ? this.transitionSpeed! : SLIDER.TRANSITION_MS,
      loopManual: this.loopManual,
      loopAutoplay: this.loopAutoplay,
      stopAt: stopAtOf(this.getAttribute('stop-infinite-loop')),
      reducedMotion: reducedMotionNow(),
      rightToLeft: this.#rightToLeft(),
    };
  }

  /** What to draw: the running machine's view, or before it starts the view of its initial state. */
  #view(): SliderView {
    if (this.#machine.started) return sliderView(this.#machine.snapshot);
    return (this.#initialView ??= initialSliderView(this.#input()));
  }

  /** The slides, as counted when the element took the list over (the machine's count). */
  #slides(): HTMLLIElement[] {
    return this.#enhanced ? this.#slideList : [...this.querySelectorAll<HTMLLIElement>(SLIDES)];
  }

  #show(): number {
    if (!this.carousel) return 1;
    const asked = Math.floor(positive(this.carouselSlidesToShow, SLIDER.CAROUSEL_SLIDES_TO_SHOW));
    const breakpoint = currentBreakpoint();
    return breakpoint === 'mini' || breakpoint === 'small' ? Math.min(asked, SLIDER.CAROUSEL_MOST_SHOWN[breakpoint]) : asked;
  }

  /** The slider reads right to left: read once per connection and language (`:dir()` costs a walk up the tree, at each render of 20 carousels). */
  #rightToLeft(): boolean {
    return (this.#rtl ??= isRightToLeft(pageLanguage(this.lang)) || this.matches(':dir(rtl)'));
  }

  /** Also waits for the machine while it loads (autoplay, or an event sent before it arrived): its snapshot is drawn then. */
  protected override async getUpdateComplete(): Promise<boolean> {
    await super.getUpdateComplete();
    await this.#machine.ready;
    return super.getUpdateComplete();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) this.#rtl = null;
  }

  /** A mobile device, as the page classes tell it (section 2 "Page classes"): videos give way to their fallback image. */
  #mobile(): boolean {
    return document.documentElement.classList.contains('avia_mobile');
  }

  #isFade(): boolean {
    return this.animation === 'fade' && !this.carousel;
  }

  /** Takes over the theme's list: slide roles and labels, the mobile video rule, listeners. */
  #enhance(): void {
    const slides = this.#slides();
    this.#slideList = slides;
    const list = this.querySelector<HTMLUListElement>(':scope > ul');
    this.#rowRightToLeft = list?.matches(':dir(rtl)') ?? false;
    this.#rtl = null;
    const undos: Undo[] = [setAttribute(this, 'data-enhanced', ''), setStyle(this, '--kite-slider-show', String(this.#show()))];
    adoptStyles(this.getRootNode(), sliderLightStyles, { document: true });
    const lang = pageLanguage(this.lang);
    if (!hasMessages(lang)) void loadMessages(lang).then(() => this.requestUpdate());
    if (list) undos.push(setStyle(list, 'transform', ''));
    const mobile = this.#mobile();
    slides.forEach((slide) => {
      // The list stays a list (an `<li>` may not be a group): each item is a slide by its role description and "N of M",
      // worded and made inert or not by each update (the page's language may load later). Only remembered here: empty
      // placeholders, and inert on every slide then off again on those in view, made 20 carousels of 6 start with 660
      // attribute writes instead of 300.
      undos.push(keepAttributes(slide, SLIDE_ATTRIBUTES));
      if (mobile && slide.querySelector(VIDEO) && !slide.querySelector(MOBILE_FALLBACK)) {
        const message = document.createElement('p');
        message.className = MESSAGE_CLASS;
        slide.append(message);
        undos.push(setAttribute(slide, 'data-video-message', ''), () => message.remove());
      }
    });
    const send = this.#machine.send.bind(this.#machine);
    const startMachine = () => this.#machine.start();
    let start: Touch | null = null;
    undos.push(
      // The visitor is coming to the controls: the machine loads while they aim.
      listen(this, 'pointerenter', startMachine),
      listen(this, 'focusin', startMachine),
      listen(this, 'touchstart', (event) => {
        startMachine();
        start = event.touches.length === 1 ? event.touches[0]! : null;
      }, { passive: true }),
      listen(this, 'touchend', (event) => {
        const end = start && [...event.changedTouches].find((touch) => touch.identifier === start!.identifier);
        if (start && end) send({ type: 'TOUCH.END', dx: end.clientX - start.clientX, dy: end.clientY - start.clientY });
        start = null;
      }, { passive: true }),
      listen(this, 'touchcancel', () => (start = null), { passive: true }),
      onReducedMotionChange((reduced) => send({ type: 'MOTION.SET', reduced })),
      onBreakpoint(() => {
        const show = this.#show();
        this.style.setProperty('--kite-slider-show', String(show));
        send({ type: 'SHOW.SET', show });
      }),
    );
    // Only where they can matter (most carousels have neither): 8 listeners fewer each, 160 on a page of 20.
    if (this.autoplay) undos.push(...this.#listenForHolds());
    if (slides.some((slide) => slide.querySelector(VIDEO))) undos.push(...this.#listenForVideos());
    this.#undo = undoAll(undos);
    this.#enhanced = true;
    // Slides counted now (the markup was parsed after connection) reach a running actor; one not started reads them as it starts.
    if (this.#machine.started) send({ type: 'SLIDES.SET', count: slides.length });
    this.#initialView = null;
    const view = this.#view();
    this.#shownIndex = view.index;
    this.#shownShow = view.show;
    if (view.autoplayOn) this.#machine.start();
    this.requestUpdate();
  }

  /** Keyboard focus and a mouse inside hold autoplay. */
  #listenForHolds(): Undo[] {
    const outside = (event: FocusEvent) => !this.contains(event.relatedTarget as Node | null) && !this.shadowRoot!.contains(event.relatedTarget as Node | null);
    return [
      listen(this, 'focusin', (event) => outside(event) && this.#machine.send({ type: 'FOCUS.SET', inside: true })),
      listen(this, 'focusout', (event) => outside(event) && this.#machine.send({ type: 'FOCUS.SET', inside: false })),
      // Hover is a mouse's: a touch's pointer events come with its tap.
      listen(this, 'pointerenter', (event) => event.pointerType === 'mouse' && this.#machine.send({ type: 'POINTER.SET', inside: true })),
      listen(this, 'pointerleave', (event) => event.pointerType === 'mouse' && this.#machine.send({ type: 'POINTER.SET', inside: false })),
    ];
  }

  /** The slides' videos: one playing holds autoplay, one ending moves the slider on. */
  #listenForVideos(): Undo[] {
    return [
      // Media events do not bubble: caught on the way down.
      listen(this, 'ended', (event) => this.#videoEnded(event.target as Element), { capture: true }),
      listen(this, 'playing', (event) => this.#inView(event.target as Element) && this.#machine.send({ type: 'VIDEO.SET', playing: true }), { capture: true }),
      listen(this, 'pause', () => this.#machine.send({ type: 'VIDEO.SET', playing: false }), { capture: true }),
      listen(this, 'kite-player-ended', (event) => this.#videoEnded(event.target as Element)),
    ];
  }

  /** `media` is in one of the slides in view. */
  #inView(media: Element): boolean {
    const slide = media.closest('li');
    return Boolean(slide) && !slide!.hasAttribute('inert') && this.#slides().includes(slide as HTMLLIElement);
  }

  /** A video of a slide in view ended: the machine moves on unless it loops. */
  #videoEnded(media: Element): void {
    if (!this.#inView(media)) return;
    this.#machine.send({ type: 'VIDEO.SET', playing: false });
    this.#machine.send({ type: 'VIDEO.ENDED', looping: media.hasAttribute('loop') });
  }

  /** Arrow keys step while focus is on the slider's controls or slides (not in a video's own controls). */
  #onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if ((event.composedPath()[0] as Element).closest?.(`${VIDEO}, input, textarea, select`)) return;
    event.preventDefault();
    const forward = (event.key === 'ArrowRight') !== this.#rightToLeft();
    this.#machine.send({ type: forward ? 'SLIDE.NEXT' : 'SLIDE.PREVIOUS' });
  };

  /** The controls' clicks, one listener for them all (20 carousels added 140 listeners otherwise). */
  #onClick = (event: MouseEvent) => {
    const control = (event.target as Element).closest<HTMLElement>('button[part]');
    // A slide's own buttons (slotted, light DOM) are the page's.
    const part = control?.getRootNode() === this.shadowRoot ? control.getAttribute('part') : null;
    if (part === 'rotation') this.#machine.send({ type: 'ROTATION.TOGGLE' });
    else if (part === 'previous') this.#machine.send({ type: 'SLIDE.PREVIOUS' });
    else if (part === 'next') this.#machine.send({ type: 'SLIDE.NEXT' });
    else if (part === 'dot') this.#machine.send({ type: 'SLIDE.GOTO', index: Number(control!.dataset.position) });
  };

  override render() {
    const { index, count, show, animating, autoplayOn: on, rotating } = this.#view();
    const lang = pageLanguage(this.lang);
    const positions = lastPosition({ count, show }) + 1;
    const navigable = this.#enhanced && positions >= SLIDER.MIN_SLIDES;
    return html`
      <section
        part="base"
        aria-roledescription=${t(lang, 'sliderCarousel')}
        aria-label=${this.label || t(lang, 'sliderLabel')}
        dir=${this.#rightToLeft() ? 'rtl' : nothing}
        lang=${lang}
        ?data-animating=${animating}
        @keydown=${this.#onKeyDown}
        @click=${this.#onClick}
      >
        ${this.autoplay && navigable
          ? html`<button part="rotation" type="button" aria-label=${t(lang, on ? 'sliderStop' : 'sliderStart')}>
              <span aria-hidden="true">${on ? '❚❚' : '▶'}</span>
            </button>`
          : nothing}
        <div part="viewport" aria-live=${rotating ? 'off' : 'polite'}><slot></slot></div>
        ${navigable
          ? html`<button part="previous" type="button" aria-label=${t(lang, 'sliderPrevious')}>
                <span part="arrow" aria-hidden="true">‹</span>
              </button>
              <button part="next" type="button" aria-label=${t(lang, 'sliderNext')}>
                <span part="arrow" aria-hidden="true">›</span>
              </button>
              <div part="dots" role="group" aria-label=${t(lang, 'sliderDots')}>
                ${Array.from(
                  { length: positions },
                  (_, position) => html`<button
                    part="dot"
                    type="button"
                    aria-label=${t(lang, 'sliderDot', { index: String(position + 1) })}
                    aria-current=${position === index ? 'true' : 'false'}
                    data-position=${position}
                  ></button>`,
                )}
              </div>`
          : nothing}
      </section>
    `;
  }

  /** Words the slides' labels and the mobile message in the page's language (messages may arrive after the first render). */
  #wordSlides(slides: HTMLLIElement[]): void {
    const lang = pageLanguage(this.lang);
    const write = (element: Element, name: string, value: string) => element.getAttribute(name) !== value && element.setAttribute(name, value);
    slides.forEach((slide, index) => {
      write(slide, 'aria-roledescription', t(lang, 'sliderSlide'));
      write(slide, 'aria-label', t(lang, 'sliderSlideOf', { index: String(index + 1), count: String(slides.length) }));
      const message = slide.querySelector(`.${MESSAGE_CLASS}`);
      if (message) message.textContent = t(lang, 'sliderMobileFallback');
    });
  }

  /** Puts the light DOM where the snapshot says: slides in view and worded, the list's transform or the fade. */
  protected override updated(): void {
    if (!this.#enhanced) return;
    const { index, show, reducedMotion, transitionMs } = this.#view();
    const slides = this.#slides();
    this.#wordSlides(slides);
    slides.forEach((slide, position) => {
      const inView = position >= index && position < index + show;
      // A forced toggle to the state the slide has already writes nothing.
      slide.toggleAttribute('inert', !inView);
      if (inView === slide.hasAttribute('data-current')) return;
      slide.toggleAttribute('data-current', inView);
      // A video plays only while its slide is shown: `data-autoplay` ones start as it comes into view.
      for (const video of slide.querySelectorAll('video')) {
        if (!inView) video.pause();
        else if (video.hasAttribute('data-autoplay') && !this.#mobile()) void video.play().catch(() => {});
      }
    });
    if (index === this.#shownIndex && show === this.#shownShow) return;
    const from = this.#shownIndex;
    // A window narrowed or widened past a breakpoint resizes the slides at once: no animation.
    const resized = show !== this.#shownShow;
    this.#shownIndex = index;
    this.#shownShow = show;
    const duration = reducedMotion || resized ? 0 : transitionMs;
    const list = this.querySelector<HTMLUListElement>(':scope > ul');
    if (!list) return;
    if (this.#isFade()) {
      if (duration) {
        slides[index]?.animate([{ opacity: 0, visibility: 'visible' }, { opacity: 1, visibility: 'visible' }], { duration, easing: EASING });
        slides[from]?.animate([{ opacity: 1, visibility: 'visible' }, { opacity: 0, visibility: 'visible' }], { duration, easing: EASING });
      }
      return;
    }
    // One slide is 100 / show percent of the list's width; a right-to-left row runs the other way.
    const sign = this.#rowRightToLeft ? 1 : -1;
    const offset = (position: number) => `translateX(${sign * ((position * 100) / show)}%)`;
    list.style.transform = offset(index);
    if (duration) list.animate([{ transform: offset(from) }, { transform: offset(index) }], { duration, easing: EASING });
  }
}

defineElement('kite-slider', KiteSlider);

declare global {
  interface HTMLElementTagNameMap {
    'kite-slider': KiteSlider;
  }
}
