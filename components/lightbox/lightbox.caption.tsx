import type { LightboxCaption } from './lightbox.connect.ts';

/**
 * The item's title and the gallery counter, under the item. Announced as it changes; the title
 * names the dialog (`aria-labelledby`).
 */
export function Caption({ title, titleId, counter }: LightboxCaption) {
  return (
    <figcaption part="caption" aria-live="polite">
      {title && (
        <span part="title" id={titleId}>
          {title}
        </span>
      )}
      {counter && <span part="counter">{counter}</span>}
    </figcaption>
  );
}
