import { CONVERTED } from '../constants/converted.ts';
import { safeStorage } from '../storage/storage.ts';

// Not in shared/storage/: that folder goes into the chunk every pop-up loads, and these are
// needed only by the start (the display call) and the outbox (a delivered lead).

/**
 * The converted values this browser holds (issue 13): what the conversion call answered, signed
 * by the server, sent back on the display call so a pop-up with "stop showing to converted users"
 * stays hidden. Opaque here; the server alone can tell a real one. Never the lead's email.
 */
export function convertedValues(): string[] {
  try {
    const list: unknown = JSON.parse(safeStorage.get(CONVERTED.STORAGE_KEY)!);
    // Whatever else a page's script left there must not make the display call invalid.
    return Array.isArray(list) ? list.filter((value) => typeof value == 'string').slice(-CONVERTED.VALUES_MAX) : [];
  } catch {
    return [];
  }
}

/** Keeps a value the conversion call answered, newest last; the oldest drop off past `CONVERTED.VALUES_MAX`. */
export function keepConvertedValue(value: string): void {
  const values = convertedValues().filter((kept) => kept !== value);
  safeStorage.set(CONVERTED.STORAGE_KEY, JSON.stringify([...values, value].slice(-CONVERTED.VALUES_MAX)));
}
