/**
 * Hebrew (עברית), shown when the page language is `he`, right to left. The spec's own messages
 * word for word. The whole file is fetched the first time a Hebrew page needs a message.
 */
import type { Language } from '../language.ts';

export const direction: Language['direction'] = 'rtl';

/** Hebrew messages of the pop-up widget (widget spec); the spec's own messages word for word. */
export const widget: Language['widget'] = {
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
  closeIn: 'סגירה, זמינה בעוד {seconds} שניות',
  skip: 'דלג',
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
};

/** Hebrew messages only a site's owner sees (the preview banner, the plan-limit pop-up). */
export const owner: Language['owner'] = {
  previewBanner: 'מצב תצוגה מקדימה: החלון מוצג רק לך.',
  upgradeTitle: 'האתר הגיע למגבלת החלונות הקופצים שלו',
  upgradeText: 'החלונות הקופצים מושהים עד לשדרוג החבילה של האתר.',
  upgradeButton: 'שדרוג',
  remindTitle: 'להזכיר לך לשדרג?',
  remindText: 'נוכל להזכיר לך על השדרוג בעוד יומיים.',
  remindMe: 'הזכירו לי מאוחר יותר',
  dontRemindMe: 'אל תזכירו לי',
};

/** Hebrew messages of the pop-up's content blocks, loaded with them. */
export const blocks: Language['blocks'] = {
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
  gameWheel: 'גלגל פרסים',
  gameSpin: 'סובבו',
  gameScratchCard: 'כרטיס גירוד',
  gameScratch: 'גרדו',
  gameScratchHint: 'גרדו את הכרטיס בעכבר או באצבע, או לחצו על גרדו',
  gameGiftBoxes: 'קופסאות מתנה',
  gameOpenBox: 'פתחו את קופסת המתנה {number} מתוך {count}',
  gameLocked: 'מלאו את הטופס כדי לשחק',
  gamePlaying: 'בהצלחה…',
  gameWonTitle: 'זכיתם!',
  gameLostTitle: 'לא הפעם',
  gameWonAnnouncement: 'זכיתם ב: {prize}',
  gameLostAnnouncement: 'הפעם בלי פרס: {prize}',
};

/** Hebrew messages of the content-site elements (lightbox, media player, contact form). */
export const site: Language['site'] = {
  lightboxClose: 'סגירה',
  lightboxVideo: 'וידאו',
  // Lightbox.
  lightboxLabel: 'מציג מדיה',
  lightboxPrevious: 'הקודם',
  lightboxNext: 'הבא',
  lightboxCounter: '{current} / {total}',
  lightboxLoading: 'טוען',
  lightboxImageError: '{link} לא נטענה.',
  lightboxImageLink: 'התמונה',
  lightboxContentError: '{link} לא נטען.',
  lightboxContentLink: 'התוכן',
  lightboxNotFound: 'התוכן לא נמצא',
  lightboxFrame: 'דף מוטמע',
  // Media player.
  playerVideo: 'נגן וידאו',
  playerAudio: 'נגן שמע',
  playerControls: 'פקדי הנגן',
  playerPlay: 'הפעלה',
  playerPause: 'השהיה',
  playerMute: 'השתקה',
  playerUnmute: 'ביטול השתקה',
  playerVolume: 'עוצמת קול',
  playerVolumeValue: '{percent}%',
  playerSeek: 'מיקום בהפעלה',
  playerTimeOf: '{current} מתוך {duration}',
  playerCaptions: 'כתוביות',
  playerCaptionsOff: 'כבויות',
  playerChapters: 'פרקים',
  playerFullscreen: 'מסך מלא',
  playerExitFullscreen: 'יציאה ממסך מלא',
  playerLoading: 'טוען',
  playerErrorFormat: 'שגיאת מדיה: הפורמט אינו נתמך או שהקובץ לא נמצא',
  playerErrorNetwork: 'שגיאת רשת',
  playerErrorRecovery: 'לא ניתן להתאושש, ניסיון השחזור האחרון נכשל',
  playerNoRenderer: 'לא נמצא נגן מתאים',
  playerDownload: 'הורדת הקובץ: {name}',
  playerErrorCode: 'קוד {code}: {text}',
  playerYoutubeInvalidParameter: 'הבקשה מכילה ערך פרמטר לא תקין.',
  playerYoutubeHtml5: 'לא ניתן להפעיל את התוכן בנגן HTML5.',
  playerYoutubeNotFound: 'הסרטון המבוקש לא נמצא: הוא הוסר או סומן כפרטי.',
  playerYoutubeNotEmbeddable: 'בעל הסרטון אינו מאפשר להפעיל אותו בנגנים מוטמעים.',
  playerYoutubeUnknown: 'שגיאה לא ידועה.',
  // Fold section.
  foldMore: 'קראו עוד',
  foldLess: 'הציגו פחות',
  // Contact form.
  contactFieldsWithError: 'נמצאו שגיאות בשדות הבאים: ',
  contactEmpty: 'נא למלא את השדה.',
  contactEmail: 'נא להזין כתובת דוא״ל תקינה.',
  contactPhone: 'נא להזין מספר טלפון תקין.',
  contactNumber: 'נא להזין מספר.',
  contactPositiveNumber: 'נא להזין מספר שאינו שלילי.',
  contactCaptcha: 'נא להזין את התשובה הנכונה.',
  contactUnticked: 'נא לסמן את התיבה.',
  contactUnchosen: 'נא לבחור אפשרות.',
  contactSendFailed: 'לא ניתן היה לשלוח את ההודעה. נא לנסות שוב.',
  scrollToTop: 'חזרה לראש העמוד',
  // Menu and table of contents (issue 14).
  menuOpen: 'תפריט',
  menuClose: 'סגירת התפריט',
  menuSubmenu: 'תפריט משנה: {label}',
  tocLabel: 'תוכן העניינים',
  // Video embeds (issue 17).
  videoPlay: 'הפעלת {title}',
  videoFrame: '{title} (סרטון)',
  videoConsentNeeded: 'סרטונים מוטמעים כבויים באתר זה. אפשר לצפות בסרטון ב־{site}.',
  videoWatchOn: 'צפייה ב„{title}” ב־{site}',
  videoAllow: 'לאפשר סרטונים מוטמעים',
  videoUntitled: 'סרטון',
  galleryThumbnails: 'תמונות הגלריה',
  // Slideshow and carousel (issue 17).
  sliderLabel: 'מצגת',
  sliderCarousel: 'קרוסלה',
  sliderSlide: 'שקופית',
  sliderSlideOf: '{index} מתוך {count}',
  sliderPrevious: 'השקופית הקודמת',
  sliderNext: 'השקופית הבאה',
  sliderStop: 'עצירת המצגת האוטומטית',
  sliderStart: 'הפעלת המצגת האוטומטית',
  sliderDots: 'בחירת שקופית להצגה',
  sliderDot: 'שקופית {index}',
  sliderMobileFallback: 'נא להגדיר בממשק הניהול של וורדפרס תמונה חלופית למכשירים ניידים עבור הסרטון הזה',
};

export const products: Language['products'] = {
  productsLabel: 'מוצרים מומלצים',
  productsLeft: 'נותרו {count}',
  productsWas: 'במקום',
  productsNow: 'עכשיו',
  productsAdd: 'הוספה לסל',
  productsAdding: 'מוסיפים…',
  productsRetry: 'לנסות שוב',
  productsView: 'לצפייה במוצר',
  productsAdded: 'נוסף לסל',
  productsOutOfStock: 'אזל מהמלאי',
  productsFailed: 'לא ניתן להוסיף לסל',
  productsAddedNamed: '{name} נוסף לסל.',
  productsOutOfStockNamed: '{name} אזל מהמלאי.',
  productsFailedNamed: 'לא ניתן היה להוסיף את {name} לסל. נא לנסות שוב.',
  productsNewTab: '(נפתח בכרטיסייה חדשה)',
};
