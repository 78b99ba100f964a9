import { useLayoutEffect, useRef, type CSSProperties, type ReactElement } from 'react';
import type { LightboxActor } from '../../machines/lightbox/lightbox.machine.ts';
import type { LightboxItem, LightboxItemStatus } from '../../machines/lightbox/lightbox.types.ts';
import { t, type MessageKey } from '../../shared/i18n/site.ts';
import { VIDEO_FRAME_ALLOW, videoEmbedUrl, type VideoId } from '../../shared/logic/video-url.ts';
import { useVideoConsent, VideoConsentNotice } from '../../shared/consent/video-consent-notice.tsx';
import { thumbnailOf, type Entry } from './lightbox.links.ts';

/** The item on show, by kind: the image (or its placeholder), the video or embedded page, the inline or ajax panel. */

/** `allow` of any other embedded page. */
const FRAME_ALLOW = 'fullscreen';

interface ItemContentProps {
  actor: LightboxActor;
  entry: Entry | undefined;
  item: LightboxItem;
  index: number;
  status: LightboxItemStatus;
  lang: string;
  /** Closing: embeds are removed at once, so a playing video stops. */
  stopped: boolean;
  content: DocumentFragment | undefined;
}

export function ItemContent({ actor, entry, item, index, status, lang, stopped, content }: ItemContentProps) {
  if (item.kind === 'image') {
    if (status === 'error') return <LoadError lang={lang} message="lightboxImageError" link="lightboxImageLink" href={item.src} />;
    if (status === 'ready') return <img part="image" src={item.src} alt={entry?.alt ?? item.title} draggable={false} />;
    // Loading: the thumbnail, already on the page, stands in at the size the image will take.
    const thumbnail = thumbnailOf(entry);
    if (!thumbnail) return <Loader lang={lang} />;
    const ratio = { '--ratio': String(thumbnail.naturalWidth / thumbnail.naturalHeight) } as CSSProperties;
    return (
      <div className="pending">
        <img part="placeholder" src={thumbnail.currentSrc} alt="" draggable={false} style={ratio} />
        <Loader lang={lang} />
      </div>
    );
  }

  if (item.kind === 'video' || item.kind === 'iframe') {
    if (status === 'error') return <LoadError lang={lang} message="lightboxContentError" link="lightboxContentLink" href={item.src} />;
    const framed = <Framed actor={actor} entry={entry} item={item} index={index} lang={lang} status={status} stopped={stopped} />;
    const siteVideo = entry?.video?.provider === 'file' ? null : entry?.video;
    return siteVideo ? <WithVideoConsent video={siteVideo} title={item.title} lang={lang} framed={framed} /> : framed;
  }

  // Inline and ajax: a panel holding the copied or fetched (and sanitized) content.
  if (status === 'error') {
    return item.kind === 'inline' ? (
      <p part="error" role="alert">
        {t(lang, 'lightboxNotFound')}
      </p>
    ) : (
      <LoadError lang={lang} message="lightboxContentError" link="lightboxContentLink" href={item.src} />
    );
  }
  if (status !== 'ready' || !content) return <Loader lang={lang} />;
  return <Panel content={content} />;
}

/**
 * A video site's player only with the video consent (shared/consent/video-consent.ts); without it,
 * the notice and the link to watch the video on its site. Consent given while it shows frames the
 * video at once.
 */
function WithVideoConsent({ video, title, lang, framed }: { video: VideoId; title: string; lang: string; framed: ReactElement }) {
  return useVideoConsent() ? framed : <VideoConsentNotice video={video} title={title} lang={lang} />;
}

/** The frame (or video) box, its loader shown until it has loaded; nothing once closing. */
function Framed({ status, stopped, ...props }: Pick<ItemContentProps, 'actor' | 'entry' | 'item' | 'index' | 'lang' | 'status' | 'stopped'>) {
  return (
    <div part="embed" data-status={status}>
      {status === 'loading' && <Loader lang={props.lang} />}
      {stopped ? null : <Embed {...props} />}
    </div>
  );
}

/** A video file in the browser's own player, else the video site's player or the page in a frame. */
function Embed({ actor, entry, item, index, lang }: Pick<ItemContentProps, 'actor' | 'entry' | 'item' | 'index' | 'lang'>) {
  const loaded = () => actor.send({ type: 'ITEM.LOADED', index });
  const video = entry?.video;
  if (video?.provider === 'file') {
    const failed = () => actor.send({ type: 'ITEM.FAILED', index });
    return <video part="video" src={item.src} controls autoPlay playsInline onLoadedData={loaded} onError={failed} aria-label={item.title || t(lang, 'lightboxVideo')} />;
  }
  return (
    <iframe
      part="frame"
      src={video ? videoEmbedUrl(video, { autoplay: true }) : item.src}
      title={item.title || t(lang, video ? 'lightboxVideo' : 'lightboxFrame')}
      allow={video ? VIDEO_FRAME_ALLOW : FRAME_ALLOW}
      sandbox={entry?.sandbox ?? undefined}
      referrerPolicy="strict-origin-when-cross-origin"
      onLoad={loaded}
    />
  );
}

/** The inline or ajax content, as nodes (never as an HTML string). */
function Panel({ content }: { content: DocumentFragment }) {
  const panel = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    panel.current?.replaceChildren(content.cloneNode(true));
  }, [content]);
  return <div part="panel" ref={panel} />;
}

function Loader({ lang }: { lang: string }) {
  return (
    <div part="loader" role="status">
      <span className="visually-hidden">{t(lang, 'lightboxLoading')}</span>
    </div>
  );
}

/** The spec's error text with its link to the address: "<a>The image</a> could not be loaded." */
function LoadError({ lang, message, link, href }: { lang: string; message: MessageKey; link: MessageKey; href: string }) {
  const MARK = '\u0000';
  const [before = '', after = ''] = t(lang, message, { link: MARK }).split(MARK);
  return (
    <p part="error" role="alert">
      {before}
      <a part="error-link" href={href}>
        {t(lang, link)}
      </a>
      {after}
    </p>
  );
}
