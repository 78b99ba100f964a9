import type { blocks as english } from '../en/blocks.ts';

/** Hebrew messages of the pop-up's content blocks, loaded with them. */
export const blocks: Record<keyof typeof english, string> = {
  closeButton: 'סגירה',
  // Content blocks.
  copied: 'הועתק',
  couponCode: 'קוד קופון',
  couponCopy: 'העתקה',
  couponCopyTooltip: 'לחצו כדי להעתיק את הקוד',
  couponCopiedAnnouncement: 'קוד הקופון {code} הועתק',
  couponCopyManual: 'סמנו את הקוד והעתיקו אותו',
  timerLabel: 'הזמן שנותר',
  timerDays: 'ימים',
  timerHours: 'שעות',
  timerMinutes: 'דקות',
  timerSeconds: 'שניות',
  poweredBy: 'מופעל על ידי {brand}',
  video: 'וידאו',
  ticker: 'הודעה',
};
