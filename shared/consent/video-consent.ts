/**
 * The one video consent of the library (content-site spec 001, section 4 "Video consent: allowed
 * or not allowed; this decides between an embed and an external link"), read by `kite-video-embed`,
 * `kite-lightbox` and `kite-player` before they frame a video site.
 *
 * The page states its policy once, in markup (so a page under a strict CSP needs no inline script):
 * `<meta name="kite-video-consent" content="required">` holds every embed until the site's consent
 * manager calls `window.kite.consent(true, 'video')`; `content="ask"` holds them too and lets the
 * visitor allow them from the embed itself. Without the meta, embeds play: a site that never
 * mentions consent keeps working as before. The decision lives in `window.kite` (shared with
 * widget.js, never clobbered) for the page's life, and every element follows it live through the
 * `kite-video-consent` event on `window`.
 */
import type {} from '../widget/global.ts'; // the type of `window.kite`

/** The `<meta name>` that carries the page's video consent policy. */
export const VIDEO_CONSENT_META = 'kite-video-consent';

/** The page's policy: `allowed` (no meta), `required` (the site decides), `ask` (the site or the visitor decides). */
export type VideoConsentPolicy = 'allowed' | 'required' | 'ask';

/** The policy the page's meta states (read each time: a single-page app may change it). */
export function videoConsentPolicy(): VideoConsentPolicy {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${VIDEO_CONSENT_META}"]`)?.content.trim().toLowerCase();
  return content === 'required' || content === 'ask' ? content : 'allowed';
}

/*
 * `window.kite` is read as kite.js left it: its import set up `consent(granted, 'video')`
 * (shared/consent/consent.ts). Not imported here: kite.js would then become a facade over a chunk
 * of its own, one more request on every page.
 */

/** Whether a video site may be framed now: the site's decision, else the page's policy. */
export function videoConsentAllowed(): boolean {
  return window.kite?.videoConsented ?? videoConsentPolicy() === 'allowed';
}

/** Whether the embeds offer the visitor a button that allows video embeds (`content="ask"`). */
export function visitorMayAllowVideo(): boolean {
  return videoConsentPolicy() === 'ask';
}

/** The visitor's "Allow video embeds": the same consent the site's consent manager gives. */
export function allowVideoEmbeds(): void {
  window.kite?.consent?.(true, 'video');
}

/** Calls `listener` with the new answer each time the video consent changes; returns the unsubscribe. */
export function onVideoConsent(listener: (allowed: boolean) => void): () => void {
  const changed = () => listener(videoConsentAllowed());
  addEventListener('kite-video-consent', changed);
  return () => removeEventListener('kite-video-consent', changed);
}
