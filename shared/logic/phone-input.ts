// Apart from shared/logic/phone.ts: the pop-up's form filters as the visitor types from its first
// frame, while the checks a submit runs load after that frame (issue 22, item 2).
import { FORM } from '../constants/widget.ts';

/**
 * Drops what basic mode does not allow, as the visitor types (a plus only in front), and digits
 * past `FORM.PHONE_BASIC_MAX_LENGTH`. Idempotent.
 */
export function filterPhoneInput(value: string): string {
  let digits = 0;
  return value
    .replace(/[^\d+()\- ]/g, '')
    .replace(/(?!^)\+/g, '')
    .replace(/\d/g, (digit) => (++digits > FORM.PHONE_BASIC_MAX_LENGTH ? '' : digit))
    .replace(/ {2,}/g, ' ');
}
