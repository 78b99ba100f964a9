import { normaliseMediaUrl } from '../../../shared/logic/button-url.ts';
import { t } from '../../../shared/i18n/blocks.ts';
import { embedUrl, videoSource } from './video-source.ts';
import type { VideoCaptions } from '../../../shared/schema/blocks.ts';
import { videoStyles } from './video.styles.ts';
import { adoptsStyles } from '../../../shared/dom/adopt-styles.ts';

const adoptVideoStyles = adoptsStyles(videoStyles);

/** A language's name in the page's language (`he` on an English page: "Hebrew"), else its tag. */
function languageName(tag: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export interface VideoProps {
  /** A YouTube or Vimeo page URL (embedded in a frame) or a video file's address. */
  url: string;
  /** Accessible name of the frame or player; default "Video" in the page language. */
  title?: string;
  /** Still image shown before a video file plays. */
  poster?: string;
  /** Page language of the default title; default `en`. */
  lang?: string;
  /** Caption tracks of a video file (a frame's video site has its own). */
  captions?: VideoCaptions[];
}

/**
 * A video: YouTube (the no-cookie host) and Vimeo in a lazily loaded frame, other addresses in a
 * `<video>` that fetches nothing until played. An address that is not http(s) or a path renders
 * nothing.
 */
export function Video({ url, title, poster, lang = 'en', captions = [] }: VideoProps) {
  const name = title || t(lang, 'video');
  const source = videoSource(url);
  if (source) {
    return (
      <iframe
        part="video"
        ref={adoptVideoStyles}
        src={embedUrl(source)}
        title={name}
        loading="lazy"
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        data-provider={source.provider}
      />
    );
  }
  const file = normaliseMediaUrl(url);
  if (!file) return null;
  return (
    <video part="video" ref={adoptVideoStyles} src={file} title={name} aria-label={name} poster={normaliseMediaUrl(poster) ?? undefined} controls preload="none" playsInline>
      {captions.map((track) => {
        const src = normaliseMediaUrl(track.src);
        return src && <track key={src} kind="captions" src={src} srcLang={track.srclang} label={track.label || languageName(track.srclang, lang)} default={track.default} />;
      })}
      <a href={file}>{name}</a>
    </video>
  );
}
