/** A fresh pop-up id: `TRIGGER.POPTIN_ID_LENGTH` letters and digits from the browser's random source. */
import { TRIGGER } from '../../shared/constants/widget.ts';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export function newPoptinId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TRIGGER.POPTIN_ID_LENGTH));
  // byte % 36 favours a few letters slightly: harmless for an id that only has to be unique.
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}
