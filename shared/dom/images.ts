/**
 * Whether every image in `images` has finished loading or failing: the check the preloader makes
 * of the page's images and the gallery of its thumbnails, each every `PRELOADER.CHECK_INTERVAL_MS`.
 */
export function imagesComplete(images: Iterable<HTMLImageElement>): boolean {
  for (const image of images) if (!image.complete) return false;
  return true;
}
