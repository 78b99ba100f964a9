import type { Catalogue } from './en.ts';

/** Hebrew labels and messages, used when the page language is `he`. */
export const he: Catalogue = {
  sentSuccessfully: 'נשלח בהצלחה!',
  emailTypos: 'יש שגיאות הקלדה בכתובת האימייל',
  didYouMean: 'האם התכוונת ל-{suggestion}?',
  nameLength: 'יש להזין לפחות 2 תווים',
  phoneDigits: 'יש להזין 7 עד 15 ספרות, ללא אותיות או סימנים',
  phoneInvalid: 'יש להזין מספר טלפון תקין',
  phoneIsraeli: 'יש להזין מספר טלפון ישראלי תקין',
  formEmpty: 'יש למלא לפחות שדה אחד',
  dialogLabel: 'חלון קופץ',
  close: 'סגירה',
  skip: 'דלג',
  previewBanner: 'מצב תצוגה מקדימה: החלון מוצג רק לך.',
  sendFailed: 'השליחה נכשלה: {reason}',
  // Tab teaser: its text when the pop-up sets none.
  tabTeaser: 'הצעה מיוחדת',
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
