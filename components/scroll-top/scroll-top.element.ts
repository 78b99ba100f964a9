import { LitElement, css, html } from 'lit';
import { isQuietScroll, scrollTopMachine } from '../../machines/scroll-top/scroll-top.machine.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { applyPageClasses } from '../../shared/dom/page-classes.ts';
import { watchScroll } from '../../shared/dom/scroll-position.ts';
import { smoothScrollTo } from '../../shared/dom/smooth-scroll.ts';
import { isRightToLeft, loadMessages, pageLanguage } from '../../shared/i18n/translate.ts';
import { t } from '../../shared/i18n/site.ts';

/**
 * The scroll-to-top link: hidden until the page is scrolled
 * `SCROLL.TO_TOP_THRESHOLD_PX` or more, then a link in the window's corner that scrolls back to the
 * top smoothly (at once under reduced motion) and moves focus to the top of the page. Without
 * JavaScript the theme's own `#top` link inside it shows as written.
 *
 * @summary Scroll-to-top link, shown once the page is scrolled far enough.
 *
 * @slot - The link's icon; an upward chevron when empty.
 *
 * @attr {string} lang - Language of its accessible name; the page's by default.
 *
 * @csspart link - The link; `data-state` is `hidden` or `shown`.
 *
 * @cssproperty --kite-scroll-top-background - Background of the link. Default `CanvasText`.
 * @cssproperty --kite-scroll-top-color - Colour of the icon. Default `Canvas`.
 * @cssproperty --kite-scroll-top-size - Width and height of the link. Default `2.75rem`.
 * @cssproperty --kite-scroll-top-offset - Distance from the window's corner. Default `1rem`.
 * @cssproperty --kite-scroll-top-duration - Duration of its fade. Default `0.2s`.
 */
export class KiteScrollTop extends LitElement {
  static override properties = {
    // oxlint-disable-next-line lit/no-native-attributes -- a reactive `lang` re-renders the labels; reflected, so a property write moves the attribute (and :lang()) too
    lang: { type: String, reflect: true },
  };

  static override styles = css`
    :host {
      --kite-scroll-top-background: CanvasText;
      --kite-scroll-top-color: Canvas;
      --kite-scroll-top-size: 2.75rem;
      --kite-scroll-top-offset: 1rem;
      --kite-scroll-top-duration: 0.2s;
    }
    [part='link'] {
      position: fixed;
      inset-block-end: var(--kite-scroll-top-offset);
      inset-inline-end: var(--kite-scroll-top-offset);
      z-index: 90;
      display: grid;
      place-items: center;
      inline-size: var(--kite-scroll-top-size);
      block-size: var(--kite-scroll-top-size);
      border-radius: 50%;
      background: var(--kite-scroll-top-background);
      color: var(--kite-scroll-top-color);
      opacity: 1;
      transition:
        opacity var(--kite-scroll-top-duration),
        visibility var(--kite-scroll-top-duration);
    }
    /* Hidden also from keyboard and screen readers, not only from sight. */
    [part='link'][data-state='hidden'] {
      opacity: 0;
      visibility: hidden;
    }
    [part='link']:focus-visible {
      outline: 3px solid Highlight;
      outline-offset: 2px;
    }
    svg {
      inline-size: 50%;
      block-size: 50%;
    }
    @media (prefers-reduced-motion: reduce) {
      [part='link'] {
        transition: none;
      }
    }
  `;

  /** Language of the accessible name (reflects `lang`); the page's when unset. */
  declare lang: string;

  readonly machine = new MachineController(this, { machine: scrollTopMachine, surface: 'scroll-top' });
  #stop: (() => void) | null = null;

  override connectedCallback(): void {
    applyPageClasses();
    super.connectedCallback();
    // Only a scroll across the threshold reaches the machine: most scrolls cost a comparison.
    this.#stop = watchScroll((y) => {
      if (!isQuietScroll(this.machine.snapshot, y)) this.machine.send({ type: 'SCROLL', y });
    });
    const lang = pageLanguage(this.lang);
    void loadMessages(lang).then(() => this.requestUpdate());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stop?.();
  }

  #toTop(event: MouseEvent): void {
    event.preventDefault();
    void smoothScrollTo(0);
    // Keyboard users continue from the top of the page, not from the corner link.
    const start = document.body;
    if (!start.hasAttribute('tabindex')) start.setAttribute('tabindex', '-1');
    start.focus({ preventScroll: true });
  }

  override render() {
    const lang = pageLanguage(this.lang);
    const state = this.machine.snapshot.matches('shown') ? 'shown' : 'hidden';
    return html`<a
      part="link"
      href="#top"
      data-state=${state}
      dir=${isRightToLeft(lang) ? 'rtl' : 'ltr'}
      aria-label=${t(lang, 'scrollToTop')}
      @click=${this.#toTop}
      ><slot
        ><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 15l6-6 6 6" fill="none" stroke="currentColor" stroke-width="2.5" /></svg></slot
    ></a>`;
  }
}

defineElement('kite-scroll-top', KiteScrollTop);

declare global {
  interface HTMLElementTagNameMap {
    'kite-scroll-top': KiteScrollTop;
  }
}
