/** English messages of the content-site elements (lightbox, media player, contact form). */
export const site = {
  lightboxClose: 'Close',
  lightboxVideo: 'Video',
  // Lightbox (content-site spec section 8). The spec leaves loading text and the close, previous
  // and next titles empty: these are accessible names and screen-reader text, not visible titles.
  lightboxLabel: 'Media viewer',
  lightboxPrevious: 'Previous',
  lightboxNext: 'Next',
  lightboxCounter: '{current} / {total}',
  lightboxLoading: 'Loading',
  lightboxImageError: '{link} could not be loaded.',
  lightboxImageLink: 'The image',
  lightboxContentError: '{link} could not be loaded.',
  lightboxContentLink: 'The content',
  lightboxNotFound: 'Content not found',
  lightboxFrame: 'Embedded page',
  // Media player (content-site spec 001, sections 4 and 8; the error texts word for word).
  playerVideo: 'Video player',
  playerAudio: 'Audio player',
  playerControls: 'Player controls',
  playerPlay: 'Play',
  playerPause: 'Pause',
  playerMute: 'Mute',
  playerUnmute: 'Unmute',
  playerVolume: 'Volume',
  playerVolumeValue: '{percent}%',
  playerSeek: 'Seek',
  playerTimeOf: '{current} of {duration}',
  playerCaptions: 'Captions',
  playerCaptionsOff: 'Off',
  playerChapters: 'Chapters',
  playerFullscreen: 'Fullscreen',
  playerExitFullscreen: 'Exit fullscreen',
  playerLoading: 'Loading',
  playerErrorFormat: 'Media error: Format(s) not supported or source(s) not found',
  playerErrorNetwork: 'Network error',
  playerErrorRecovery: 'Cannot recover, last media error recovery failed',
  playerNoRenderer: 'No renderer found',
  playerDownload: 'Download file: {name}',
  playerErrorCode: 'Code {code}: {text}',
  playerYoutubeInvalidParameter: 'The request contains an invalid parameter value.',
  playerYoutubeHtml5: 'The requested content cannot be played in an HTML5 player.',
  playerYoutubeNotFound: 'The video requested was not found: it was removed or marked as private.',
  playerYoutubeNotEmbeddable: 'The owner of the video does not allow it to be played in embedded players.',
  playerYoutubeUnknown: 'Unknown error.',
  // Contact form (content-site spec 001, section 5). The prefix is the spec's, word for word (also
  // CONTACT_FIELDS_WITH_ERROR_DEFAULT in shared/logic/contact.ts); the spec gives no per-field texts:
  // these say what is wrong with each field, for `aria-describedby`.
  contactFieldsWithError: 'Found errors in the following field(s): ',
  contactEmpty: 'Please fill in this field.',
  contactEmail: 'Please enter a valid e-mail address.',
  contactPhone: 'Please enter a valid phone number.',
  contactNumber: 'Please enter a number.',
  contactPositiveNumber: 'Please enter a number that is not negative.',
  contactCaptcha: 'Please enter the right answer.',
  /** `is_empty` on a checkbox: it must be ticked (a consent box). */
  contactUnticked: 'Please tick this box.',
  /** `is_empty` on a radio group or a select: nothing chosen. */
  contactUnchosen: 'Please choose an option.',
  /** The send failed without an error container from the server (offline, server down). */
  contactSendFailed: 'Your message could not be sent. Please try again.',
} as const;
