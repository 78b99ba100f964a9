import * as english from '../shared/i18n/languages/en.ts';
import * as hebrew from '../shared/i18n/languages/he.ts';
import { PLAYER } from '../shared/constants/site.ts';

/** Every English message, all areas in one object: what the tests expect on screen. */
export const en = { ...english.widget, ...english.owner, ...english.blocks, ...english.site, ...english.products };

/** Every Hebrew message, as `en`. */
export const he = { ...hebrew.widget, ...hebrew.owner, ...hebrew.blocks, ...hebrew.site, ...hebrew.products };

/** The YouTube embed's error codes and the words each shows, as spec 001 lists them. */
export const YOUTUBE_ERROR_WORDS: ReadonlyArray<readonly [number, string]> = [
  [PLAYER.YOUTUBE_ERROR.INVALID_PARAMETER, en.playerYoutubeInvalidParameter],
  [PLAYER.YOUTUBE_ERROR.HTML5, en.playerYoutubeHtml5],
  [PLAYER.YOUTUBE_ERROR.NOT_FOUND, en.playerYoutubeNotFound],
  [PLAYER.YOUTUBE_ERROR.NOT_EMBEDDABLE, en.playerYoutubeNotEmbeddable],
  [PLAYER.YOUTUBE_ERROR.NOT_EMBEDDABLE_DISGUISED, en.playerYoutubeNotEmbeddable],
];
