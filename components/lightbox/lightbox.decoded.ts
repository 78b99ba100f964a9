import { thumbnailOf, type Entry } from './lightbox.links.ts';

/**
 * The images the page holds decoded, by address. No React: the element's first chunk decodes the
 * image of a link the visitor is about to click, before the rest of the lightbox has loaded.
 */

/**
 * Images decoded ahead (on hover or focus of their link, or by an earlier opening), by address.
 * Holding the decoded `Image` keeps it in the browser's memory cache, so an `<img>` with that
 * address paints in its first frame.
 */
export class DecodedImages {
  readonly #loads = new Map<string, Promise<void>>();
  readonly #ready = new Map<string, HTMLImageElement>();

  has(src: string): boolean {
    return this.#ready.has(src);
  }

  /** Loads and decodes `src` once; a failure is forgotten, so a later attempt tries again. */
  load(src: string): Promise<void> {
    let load = this.#loads.get(src);
    if (!load) {
      const image = new Image();
      image.decoding = 'async';
      image.src = src;
      // decode(): ready only when it can be painted at once; rejects on a load or decode error.
      load = image.decode().then(
        () => void this.#ready.set(src, image),
        (error: unknown) => {
          this.#loads.delete(src);
          throw error;
        },
      );
      this.#loads.set(src, load);
    }
    return load;
  }
}

/** An image item the page already holds decoded: its thumbnail is the same file, or it was decoded ahead. */
export const isAvailable = (entry: Entry | undefined, decoded: DecodedImages) =>
  entry?.item.kind === 'image' && (decoded.has(entry.item.src) || thumbnailOf(entry)?.currentSrc === entry.item.src);
