import { LitElement, css, html } from 'lit';
import { overlayOf, preloaderMachine } from '../../machines/preloader/preloader.machine.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { imagesComplete } from '../../shared/dom/images.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { applyPageClasses } from '../../shared/dom/page-classes.ts';
import { isPageTransition } from '../../shared/logic/page-transition.ts';

/** Every image of the page and the document itself have finished loading (or failing). */
const assetsLoaded = () => document.readyState === 'complete' && imagesComplete(document.images);

/**
 * The page preloader and page transitions. Put it
 * once in the page, anywhere; without JavaScript there is nothing to see.
 *
 * Behaviour: it covers the window from the start and fades out `PRELOADER.START_DELAY_MS` after
 * the page has loaded (its assets are checked every `PRELOADER.CHECK_INTERVAL_MS`, at most
 * `PRELOADER.CHECK_MAX_LOOPS` times), or after `PRELOADER.FALLBACK_MS` whatever happens. A click on
 * a link to another page of the site (same host, another page, no target, not mailto or
 * add-to-cart, no modifier key) covers the page again while the next one loads; a page restored
 * from the back-forward cache is uncovered at once. It is decoration (`aria-hidden`): it never
 * takes focus or announces anything. With `prefers-reduced-motion: reduce` it disappears without a fade.
 * Page-speed tools see the cover as the visitor does: Lighthouse's Speed Index counts the page as
 * unseen until it lifts (on the demo's content page, the mobile score goes from 100 to 99 with it),
 * so a theme puts it only on pages where the cover is wanted.
 *
 * @summary Page preloader with page transitions.
 *
 * @slot - The preloader's content; a spinner when empty.
 *
 * @event kite-preloader-hide - The preloader is gone and the page uncovered.
 * @event kite-preloader-show - The preloader covers the page again while it leaves. `detail: { url }`.
 *
 * @csspart overlay - The full-window cover; `data-state` is `covering`, `fading` or `hidden`.
 * @csspart spinner - The default spinner.
 *
 * @cssproperty --kite-preloader-background - Background of the cover. Default `Canvas`.
 * @cssproperty --kite-preloader-color - Colour of the spinner. Default `CanvasText`.
 * @cssproperty --kite-preloader-duration - Duration of the fade. Default `0.4s`.
 * @cssproperty --kite-preloader-z-index - Stacking order of the cover. Default `1000`.
 */
export class KitePreloader extends LitElement {
  static override styles = css`
    :host {
      --kite-preloader-background: Canvas;
      --kite-preloader-color: CanvasText;
      --kite-preloader-duration: 0.4s;
      --kite-preloader-z-index: 1000;
    }
    [part='overlay'] {
      position: fixed;
      inset: 0;
      z-index: var(--kite-preloader-z-index);
      display: grid;
      place-items: center;
      background: var(--kite-preloader-background);
      color: var(--kite-preloader-color);
      transition:
        opacity var(--kite-preloader-duration),
        visibility var(--kite-preloader-duration);
    }
    [part='overlay'][data-state='fading'] {
      opacity: 0;
      pointer-events: none;
    }
    [part='overlay'][data-state='hidden'] {
      opacity: 0;
      visibility: hidden;
      pointer-events: none;
    }
    [part='spinner'] {
      inline-size: 2.5rem;
      block-size: 2.5rem;
      border: 0.25rem solid currentColor;
      border-block-start-color: transparent;
      border-radius: 50%;
      animation: kite-preloader-spin 0.8s linear infinite;
    }
    @keyframes kite-preloader-spin {
      to {
        transform: rotate(1turn);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      [part='overlay'] {
        transition: none;
      }
      [part='spinner'] {
        animation: none;
      }
    }
  `;

  readonly machine = new MachineController(this, {
    machine: preloaderMachine.provide({ guards: { areAssetsLoaded: assetsLoaded } }),
    surface: 'preloader',
    input: () => ({ reducedMotion: prefersReducedMotion() }),
  });
  #stop: Array<() => void> = [];

  override connectedCallback(): void {
    applyPageClasses();
    super.connectedCallback();
    const listen = <Type extends keyof WindowEventMap>(type: Type, listener: (event: WindowEventMap[Type]) => void) => {
      addEventListener(type, listener);
      this.#stop.push(() => removeEventListener(type, listener));
    };
    const onLoad = () => this.machine.send({ type: 'LOAD' });
    if (document.readyState === 'complete') onLoad();
    else listen('load', onLoad);
    listen('pageshow', (event) => {
      if (event.persisted) this.machine.send({ type: 'PAGE.RESTORED' });
    });
    // Bubbling on window: any handler of the page that cancels the click has run by then.
    listen('click', (event) => {
      const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement && node.hasAttribute('href'));
      if (!link || event.defaultPrevented) return;
      const click = {
        href: link.href,
        target: link.getAttribute('target') ?? '',
        className: link.className,
        modified: event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey,
      };
      if (isPageTransition(click, location.href)) this.machine.send({ type: 'LEAVE', url: link.href });
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const stop of this.#stop.splice(0)) stop();
  }

  #fadeEnded(event: TransitionEvent): void {
    if (event.target === event.currentTarget && event.propertyName === 'opacity') this.machine.send({ type: 'FADE.END' });
  }

  override render() {
    return html`<div
      part="overlay"
      aria-hidden="true"
      data-state=${overlayOf(this.machine.snapshot)}
      @transitionend=${this.#fadeEnded}
      @transitioncancel=${this.#fadeEnded}
    >
      <slot><div part="spinner"></div></slot>
    </div>`;
  }
}

defineElement('kite-preloader', KitePreloader);

declare global {
  interface HTMLElementTagNameMap {
    'kite-preloader': KitePreloader;
  }
}
