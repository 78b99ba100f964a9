/**
 * The advanced phone check's message, which the spec gives in Hebrew whatever the page's
 * language: on its own, so the phone logic carries it without the whole Hebrew catalogue.
 */
export const PHONE_ISRAELI = 'יש להזין מספר טלפון ישראלי תקין';
