/**
 * The pop-up frame's layout helpers (widget spec section 2), apart from the view that uses them:
 * the record's design as custom properties, the fullpage scale, the top bar's page space, and the
 * focused element to return focus to.
 */
import { useEffect, useLayoutEffect, useState, type CSSProperties } from 'react';
import type { PoptinDesign } from '../../shared/schema/poptin-record.ts';
import { FULLPAGE_SIZE, scaleToFit } from '../../shared/logic/layout.ts';

/** The element in the page that had focus inside any shadow roots, so focus can go back to it. */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

/**
 * Focus is in an open dialog other than the pop-up in `root` (a native `<dialog>`, the lightbox,
 * another modal pop-up): Escape there is that dialog's to use.
 */
export function focusInOtherDialog(root: ShadowRoot | undefined): boolean {
  const active = deepActiveElement();
  return !!active && !root?.contains(active) && !!active.closest('dialog[open], [aria-modal="true"]');
}

/**
 * As a pop-up closes, focus goes back to `target` (where the visitor was before it) when the
 * pop-up had it or it fell to the page with the pop-up's controls; focus the visitor has since
 * moved elsewhere stays there. A target gone or hidden by then (a tab teaser that opened it) is
 * left alone: that element takes focus back itself when it shows again.
 */
export function returnFocus(target: HTMLElement | null, root: ShadowRoot | undefined): void {
  const active = deepActiveElement();
  const lost = active === null || active === document.body || (root !== undefined && root.contains(active));
  if (lost && target?.isConnected && target.checkVisibility()) target.focus();
}


/** The record's colours and size as the custom properties the stylesheet reads. */
export function designStyle(design: PoptinDesign | undefined, scale: number): CSSProperties {
  return {
    ...(design?.background_color && { '--kite-poptin-background': design.background_color }),
    ...(design?.text_color && { '--kite-poptin-color': design.text_color }),
    ...(design?.button_color && { '--kite-poptin-button-background': design.button_color }),
    ...(design?.button_text_color && { '--kite-poptin-button-color': design.button_text_color }),
    ...(design?.width && { '--kite-poptin-width': `${design.width}px` }),
    ...(design?.height && { '--kite-poptin-max-height': `${design.height}px` }),
    '--kite-poptin-scale': String(scale),
  } as CSSProperties;
}

/** The fullpage design scaled to the window, kept current on resize. */
export function useFullpageScale(active: boolean): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    if (!active) return;
    const update = () => setScale(scaleToFit(FULLPAGE_SIZE, { width: innerWidth, height: innerHeight }));
    update();
    addEventListener('resize', update);
    return () => removeEventListener('resize', update);
  }, [active]);
  return scale;
}

/**
 * A top bar pushes the page down (widget spec section 2): a spacer at the top of the body takes
 * the bar's height in one step, so the page moves once and nothing jumps later.
 */
export function useTopBarSpace(bar: HTMLElement | null, active: boolean): void {
  useLayoutEffect(() => {
    if (!active || !bar) return;
    const spacer = document.createElement('div');
    spacer.dataset.kiteBarSpace = '';
    spacer.setAttribute('aria-hidden', 'true');
    // The layout height, not the painted one: an entry effect that scales the bar must not shrink the space.
    const fit = () => (spacer.style.height = `${bar.offsetHeight}px`);
    fit();
    document.body.prepend(spacer);
    const observer = new ResizeObserver(fit);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      spacer.remove();
    };
  }, [bar, active]);
}

/**
 * While a bar or corner box is open at an edge of the window, the page's scroll padding on that
 * edge grows by its height, so a control the visitor Tabs to is scrolled into view clear of it,
 * never under it (WCAG 2.2, 2.4.11 Focus Not Obscured). The page's own padding (for its sticky
 * header, say) is kept and comes back as it was.
 */
export function useScrollPadding(box: HTMLElement | null, edge: 'top' | 'bottom' | null): void {
  useLayoutEffect(() => {
    if (!box || !edge) return;
    const style = document.documentElement.style;
    const property = edge === 'top' ? 'scrollPaddingTop' : 'scrollPaddingBottom';
    const inline = style[property];
    const page = getComputedStyle(document.documentElement)[property];
    const fit = () => {
      // What it covers from the window's edge: its size and its gap from the edge (a corner box floats).
      const covered = edge === 'top' ? box.offsetTop + box.offsetHeight : innerHeight - box.offsetTop;
      style[property] = page === 'auto' ? `${covered}px` : `calc(${page} + ${covered}px)`;
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      removeEventListener('resize', fit);
      style[property] = inline;
    };
  }, [box, edge]);
}
