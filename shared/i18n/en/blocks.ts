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
} as const;
