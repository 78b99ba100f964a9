/**
 * English: the reference language. Its keys are every message's key; the other languages'
 * files (he.ts, ...) give the same keys. One export per area, so each part of the library loads
 * only its own area's English (scripts/rollup/language-files.mjs).
 */
import type { Direction } from '../language.ts';

export const direction: Direction = 'ltr';

/** English messages of the pop-up widget (widget spec); the spec's own messages word for word. */
export const widget = {
  sentSuccessfully: 'Sent successfully!',
  emailTypos: 'There are typos in the email',
  didYouMean: 'Did you mean {suggestion}?',
  nameLength: 'Please enter at least 2 or more characters',
  phoneDigits: 'Please enter 7 to 15 digits and avoid using letters or symbols',
  phoneInvalid: 'Please enter a valid phone number',
  phoneIsraeli: 'Please enter a valid Israeli phone number',
  formEmpty: 'Please fill in at least one field',
  dialogLabel: 'Pop-up',
  /** Said politely when a pop-up that takes no focus (a bar, a corner box) appears. */
  poptinShown: 'Pop-up: {name}',
  close: 'Close',
  closeIn: 'Close, available in {seconds} s',
  skip: 'Skip',
  sendFailed: 'Sending failed: {reason}',
  // Lead form (widget spec section 5; the spec's messages word for word, the rest ours).
  emailBusiness: 'Only business emails are allowed',
  phoneInternational: 'Invalid number - please try again',
  phoneCountry: 'Country code',
  birthdayInvalid: 'Please enter a valid birthday.',
  dateInvalid: 'Please enter a date as dd/mm/yyyy',
  urlInvalid: 'Please enter a valid website address',
  choiceRequired: 'Please choose at least one option',
  // What the browser would say in its own language, said in the page's (ours).
  fieldRequired: 'Please fill out this field.',
  checkboxRequired: 'Please tick this box to continue.',
  fieldInvalid: 'Please enter a valid value.',
  // Tab teaser: its text when the pop-up sets none.
  tabTeaser: 'Special offer',
} as const;

/**
 * English messages only a site's owner sees: the preview banner and the plan-limit pop-up (widget
 * spec sections 2 and 8; the spec does not show their texts: ours). Loaded with them, not with every pop-up.
 */
export const owner = {
  previewBanner: 'Preview mode: this pop-up is shown to you only.',
  upgradeTitle: 'This site has reached its pop-up limit',
  upgradeText: "Pop-ups are paused until the site's plan is upgraded.",
  upgradeButton: 'Upgrade',
  remindTitle: 'Remind you to upgrade?',
  remindText: 'We can remind you about the upgrade in two days.',
  remindMe: 'Remind me later',
  dontRemindMe: "Don't remind me",
} as const;

/** English messages of the pop-up's content blocks, loaded with them. */
export const blocks = {
  closeButton: 'Close',
  // Content blocks (widget spec section 9: coupon tooltip, Copied and Skip labels per language).
  copied: 'Copied',
  couponCode: 'Coupon code',
  couponCopy: 'Copy',
  couponCopyTooltip: 'Click to copy the code',
  couponCopiedAnnouncement: 'Coupon code {code} copied',
  couponCopyManual: 'Select the code and copy it',
  timerLabel: 'Time left',
  timerDays: 'Days',
  timerHours: 'Hours',
  timerMinutes: 'Minutes',
  timerSeconds: 'Seconds',
  poweredBy: 'Powered by {brand}',
  video: 'Video',
  ticker: 'Announcement',
  // Gamified pop-ups (ours: the spec names the screens, not their words).
  gameWheel: 'Prize wheel',
  gameSpin: 'Spin',
  gameScratchCard: 'Scratch card',
  gameScratch: 'Scratch',
  gameScratchHint: 'Scratch the card with your mouse or finger, or press Scratch',
  gameGiftBoxes: 'Gift boxes',
  gameOpenBox: 'Open gift box {number} of {count}',
  gameLocked: 'Fill in the form to play',
  gamePlaying: 'Good luck…',
  gameWonTitle: 'You won!',
  gameLostTitle: 'Not this time',
  gameWonAnnouncement: 'You won: {prize}',
  gameLostAnnouncement: 'No prize this time: {prize}',
  // Record settings (ours: the spec names the content lock, not its words).
  contentLocked: 'This content is locked. Fill in the form to unlock it.',
  contentUnlocked: 'The content is unlocked.',
} as const;

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
  // Fold section: the button's text when the page sets neither `more` nor `less` (spec 001 section 3 names the settings, not their defaults).
  foldMore: 'Read more',
  foldLess: 'Read less',
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
  /** The scroll-to-top link's accessible name (content-site spec 001, section 2 "Scroll-to-top"). */
  scrollToTop: 'Scroll to top',
  // Menu and table of contents (issue 14; the spec gives no texts: these are accessible names).
  menuOpen: 'Menu',
  menuClose: 'Close menu',
  menuSubmenu: '{label} submenu',
  tocLabel: 'Table of contents',
  // Video embeds and the video consent (issue 17; the spec gives no texts).
  videoPlay: 'Play {title}',
  videoFrame: '{title} (video)',
  videoConsentNeeded: 'Video embeds are off on this site. You can watch this video on {site}.',
  videoWatchOn: 'Watch “{title}” on {site}',
  videoAllow: 'Allow video embeds',
  videoUntitled: 'Video',
  galleryThumbnails: 'Gallery images',
  // Slideshow and carousel (issue 17): accessible names of the WAI-ARIA carousel pattern, and the spec's message (section 8 "Slider").
  sliderLabel: 'Slideshow',
  sliderCarousel: 'carousel',
  sliderSlide: 'slide',
  sliderSlideOf: '{index} of {count}',
  sliderPrevious: 'Previous slide',
  sliderNext: 'Next slide',
  sliderStop: 'Stop automatic slide show',
  sliderStart: 'Start automatic slide show',
  sliderDots: 'Choose slide to display',
  sliderDot: 'Slide {index}',
  sliderMobileFallback: 'Please set a mobile device fallback image for this video in your wordpress backend',
  // Live search (issue 19; the spec gives no texts: the results' name, the count announced, the no-results message).
  liveSearchResults: 'Search results',
  liveSearchLoading: 'Searching…',
  liveSearchOne: '1 result. Use the up and down arrow keys to move through it.',
  liveSearchMany: '{count} results. Use the up and down arrow keys to move through them.',
  liveSearchNone: 'Sorry, nothing matched your search.',
  masonryLoading: 'Loading more items…',
  masonryLoadedOne: '1 more item loaded.',
  masonryLoadedMany: '{count} more items loaded.',
  masonryNoMore: 'No more items.',
  masonryFailed: 'More items could not be loaded. Please try again.',
  masonryShowing: 'Showing {filter}: {count} items.',
} as const;

/**
 * Product recommendations and add to cart (issue 18; widget spec sections 2 and 9). The spec's
 * own word is the stock label 'left'; the others are ours: names and outcomes the visitor hears.
 */
export const products = {
  productsLabel: 'Recommended products',
  productsLeft: '{count} left',
  productsWas: 'Was',
  productsNow: 'Now',
  productsAdd: 'Add to cart',
  productsAdding: 'Adding…',
  productsRetry: 'Try again',
  productsView: 'View product',
  productsAdded: 'Added to cart',
  productsOutOfStock: 'Out of stock',
  productsFailed: 'Could not add to cart',
  productsAddedNamed: '{name} was added to the cart.',
  productsOutOfStockNamed: '{name} is out of stock.',
  productsFailedNamed: '{name} could not be added to the cart. Please try again.',
  productsNewTab: '(opens in a new tab)',
} as const;
