/**
 * The video consent in the React surfaces that frame a video site (`kite-lightbox`, `kite-player`):
 * the consent as React state, and the notice they show instead of the frame. `kite-video-embed`
 * (lit) renders the same notice from the same messages, parts and styles (video-consent.styles.ts).
 */
import { useSyncExternalStore } from 'react';
import { t } from '../i18n/site.ts';
import { VIDEO_SITE_NAMES, videoPageUrl, type VideoId } from '../logic/video-url.ts';
import { allowVideoEmbeds, onVideoConsent, videoConsentAllowed, visitorMayAllowVideo } from './video-consent.ts';

/** Whether a video site may be framed now; the component renders again when the site or the visitor changes it. */
export function useVideoConsent(): boolean {
  return useSyncExternalStore(onVideoConsent, videoConsentAllowed);
}


/**
 * Shown instead of a video site's frame while video embeds are not allowed: what is held back, the
 * link to watch `video` on its site (in a new tab) and, where the page lets visitors decide
 * (`content="ask"`), the button that allows video embeds.
 */
export function VideoConsentNotice({ video, title, lang }: { video: VideoId; title: string; lang: string }) {
  const site = VIDEO_SITE_NAMES[video.provider];
  const named = title || t(lang, 'videoUntitled');
  return (
    <div part="consent">
      <p>{t(lang, 'videoConsentNeeded', { site })}</p>
      <a part="consent-link" href={videoPageUrl(video)} target="_blank" rel="noopener noreferrer">
        {t(lang, 'videoWatchOn', { title: named, site })}
      </a>
      {visitorMayAllowVideo() && (
        <button part="consent-allow" type="button" onClick={allowVideoEmbeds}>
          {t(lang, 'videoAllow')}
        </button>
      )}
    </div>
  );
}
