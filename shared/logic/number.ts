/**
 * Number inputs (widget spec section 5): only digits and editing keys are allowed, the value is
 * rounded to 2 decimals on blur, and a lone dot becomes 0.
 */
import { FORM } from '../constants/widget.ts';

/** Keys that edit or move without typing a character: always allowed. */
const EDITING_KEYS = new Set([
  'Backspace', 'Delete', 'Tab', 'Enter', 'Escape', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End',
]);

/**
 * Whether a key press may reach a number input: digits, one decimal dot, editing keys, and
 * shortcuts (with Ctrl or Meta: copy, paste, select all).
 */
export function isNumberKey(key: string, value = '', modified = false): boolean {
  if (modified || EDITING_KEYS.has(key)) return true;
  if (/^\d$/.test(key)) return true;
  return key === '.' && !value.includes('.');
}

/** Digits and the first dot only (what a paste leaves). Idempotent. */
export function filterNumberInput(value: string): string {
  const clean = String(value).replace(/[^\d.]/g, '');
  const dot = clean.indexOf('.');
  return dot < 0 ? clean : clean.slice(0, dot + 1) + clean.slice(dot + 1).replace(/\./g, '');
}

/**
 * The value on blur: filtered, rounded half up to 2 decimals in decimal arithmetic (no binary
 * floating-point surprises, any length), a lone dot becomes `0`, `12.` becomes `12`, `.5`
 * becomes `0.5`. Idempotent.
 */
export function roundNumberInput(value: string, decimals: number = FORM.NUMBER_DECIMALS): string {
  const clean = filterNumberInput(value);
  if (clean === '') return '';
  if (clean === '.') return '0';
  const [whole = '', fraction = ''] = clean.split('.');
  const int = whole === '' ? '0' : whole;
  if (fraction.length <= decimals) return fraction ? `${int}.${fraction}` : int;
  // Round the digit string half up, carrying as far as needed.
  const digits = (int + fraction.slice(0, decimals)).split('').map(Number);
  if (Number(fraction[decimals]) >= 5) {
    let i = digits.length - 1;
    while (i >= 0 && digits[i] === 9) digits[i--] = 0;
    if (i < 0) digits.unshift(1);
    else digits[i]! += 1;
  }
  const intPart = digits.slice(0, digits.length - decimals).join('');
  const fracPart = digits.slice(digits.length - decimals).join('').replace(/0+$/, '');
  return fracPart ? `${intPart}.${fracPart}` : intPart;
}
