import { CONVERTED, STORAGE_KEY } from '../constants/widget.ts';
import { safeStorage } from './cookies.ts';

/**
 * The converted values this browser holds (issue 13): what the conversion call answered, signed
 * by the server, sent back on the display call so a pop-up with "stop showing to converted users"
 * stays hidden. Opaque here; the server alone can tell a real one. Never the lead's email.
 */
export function convertedValues(): string[] {
  try {
    const list: unknown = JSON.parse(safeStorage.get(STORAGE_KEY.CONVERTED_VALUES) ?? '[]');
    return Array.isArray(list) ? list.filter((value): value is string => typeof value === 'string').slice(-CONVERTED.VALUES_MAX) : [];
  } catch {
    return [];
  }
}

/** Keeps a value the conversion call answered, newest last; the oldest drop off past `CONVERTED.VALUES_MAX`. */
export function keepConvertedValue(value: string): void {
  const values = convertedValues().filter((kept) => kept !== value);
  safeStorage.set(STORAGE_KEY.CONVERTED_VALUES, JSON.stringify([...values, value].slice(-CONVERTED.VALUES_MAX)));
}
