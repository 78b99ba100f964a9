/** English labels and messages. The spec's own messages are word for word (widget spec sections 4, 5). */
export const en = {
  sentSuccessfully: 'Sent successfully!',
  emailTypos: 'There are typos in the email',
  didYouMean: 'Did you mean {suggestion}?',
  nameLength: 'Please enter at least 2 or more characters',
  phoneDigits: 'Please enter 7 to 15 digits and avoid using letters or symbols',
  phoneInvalid: 'Please enter a valid phone number',
  phoneIsraeli: 'Please enter a valid Israeli phone number',
  formEmpty: 'Please fill in at least one field',
  dialogLabel: 'Pop-up',
  close: 'Close',
  closeIn: 'Close, available in {seconds} s',
  skip: 'Skip',
  previewBanner: 'Preview mode: this pop-up is shown to you only.',
  sendFailed: 'Sending failed: {reason}',
  // Tab teaser: its text when the pop-up sets none.
  tabTeaser: 'Special offer',
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
} as const;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
