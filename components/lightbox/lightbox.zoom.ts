import { useLayoutEffect, type RefObject } from 'react';
import type { LightboxItemStatus } from '../../machines/lightbox/lightbox.types.ts';
import { LIGHTBOX } from '../../shared/constants/site.ts';
import type { Opening } from './lightbox.content.ts';

/**
 * The zoom, as Magnific Popup's: the image (or its placeholder) grows from the thumbnail's place
 * and size to its own, opaque from the first frame. A placeholder replaced by the image mid-way
 * hands the rest of the zoom on to it. Runs after the dialog is in the page: it measures where
 * the item shows.
 */
export function useZoomFromThumbnail(
  figure: RefObject<HTMLElement | null>,
  thumbnail: Element | null | undefined,
  status: LightboxItemStatus,
  opening: Opening,
) {
  useLayoutEffect(() => {
    const media = figure.current?.querySelector<HTMLElement>('[part~="image"], [part~="placeholder"]');
    if (!thumbnail?.isConnected || !media) return;
    const from = thumbnail.getBoundingClientRect();
    const to = media.getBoundingClientRect();
    if (!from.width || !from.height || !to.width || !to.height) return;
    opening.zoomStartedAt ??= performance.now();
    const start = `translate(${from.left - to.left}px, ${from.top - to.top}px) scale(${from.width / to.width}, ${from.height / to.height})`;
    const animation = media.animate(
      [
        { transformOrigin: '0 0', transform: start },
        { transformOrigin: '0 0', transform: 'none' },
      ],
      { duration: LIGHTBOX.ZOOM_MS, delay: opening.zoomStartedAt - performance.now(), easing: 'ease-out' },
    );
    return () => animation.cancel();
  }, [figure, thumbnail, status, opening]);
}
