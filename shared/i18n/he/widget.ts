import type { widget as english } from '../en/widget.ts';
import { PHONE_ISRAELI } from './phone.ts';

/** Hebrew messages of the pop-up widget (widget spec); the spec's own messages word for word. */
export const widget: Record<keyof typeof english, string> = {
  sentSuccessfully: 'נשלח בהצלחה!',
  emailTypos: 'יש שגיאות הקלדה בכתובת האימייל',
  didYouMean: 'האם התכוונת ל-{suggestion}?',
  nameLength: 'יש להזין לפחות 2 תווים',
  phoneDigits: 'יש להזין 7 עד 15 ספרות, ללא אותיות או סימנים',
  phoneInvalid: 'יש להזין מספר טלפון תקין',
  phoneIsraeli: PHONE_ISRAELI,
  formEmpty: 'יש למלא לפחות שדה אחד',
  dialogLabel: 'חלון קופץ',
  close: 'סגירה',
  closeIn: 'סגירה, זמינה בעוד {seconds} שניות',
  skip: 'דלג',
  previewBanner: 'מצב תצוגה מקדימה: החלון מוצג רק לך.',
  sendFailed: 'השליחה נכשלה: {reason}',
  // Lead form.
  emailBusiness: 'ניתן להזין כתובות אימייל עסקיות בלבד',
  phoneInternational: 'המספר אינו תקין - נסו שוב',
  phoneCountry: 'קידומת מדינה',
  birthdayInvalid: 'יש להזין תאריך לידה תקין.',
  dateInvalid: 'יש להזין תאריך בתבנית dd/mm/yyyy',
  urlInvalid: 'יש להזין כתובת אתר תקינה',
  choiceRequired: 'יש לבחור לפחות אפשרות אחת',
  // Tab teaser: its text when the pop-up sets none.
  tabTeaser: 'הצעה מיוחדת',
  // The owner's plan limit.
  upgradeTitle: 'האתר הגיע למגבלת החלונות הקופצים שלו',
  upgradeText: 'החלונות הקופצים מושהים עד לשדרוג החבילה של האתר.',
  upgradeButton: 'שדרוג',
  remindTitle: 'להזכיר לך לשדרג?',
  remindText: 'נוכל להזכיר לך על השדרוג בעוד יומיים.',
  remindMe: 'הזכירו לי מאוחר יותר',
  dontRemindMe: 'אל תזכירו לי',
};
