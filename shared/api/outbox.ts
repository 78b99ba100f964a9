import { OUTBOX, STORAGE_KEY } from '../constants/widget.ts';
import { safeStorage } from '../storage/cookies.ts';
import type { ConversionResult } from '../../machines/poptin/poptin.types.ts';

/** A lead on its way: written to storage before the first try, removed only once the server answers. */
interface Entry {
  /** The client-generated id the server deduplicates on, so a retried lead is stored once. */
  key: string;
  endpoint: string;
  /** Form-encoded body, as the conversion call expects. */
  body: string;
  attempts: number;
}

const read = (): Entry[] => {
  try {
    const parsed: unknown = JSON.parse(safeStorage.get(STORAGE_KEY.OUTBOX) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Entry[]) : [];
  } catch {
    return [];
  }
};
const write = (entries: Entry[]) => safeStorage.set(STORAGE_KEY.OUTBOX, JSON.stringify(entries));
const remove = (key: string) => write(read().filter((entry) => entry.key !== key));

export const newConversionKey = () =>
  crypto.randomUUID ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/** Statuses worth retrying: the server may answer later. Other 4xx mean the lead itself was refused. */
const isTransient = (status: number) => status >= 500 || status === 408 || status === 429;

const retryTimers = new Map<string, ReturnType<typeof setTimeout>>();

async function deliver(entry: Entry): Promise<ConversionResult> {
  let response: Response;
  try {
    response = await fetch(entry.endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: entry.body,
      credentials: 'omit',
      keepalive: true,
    });
  } catch {
    return retryLater(entry);
  }
  if (isTransient(response.status)) return retryLater(entry);
  const answer = (await response.json().catch(() => ({}))) as { success?: unknown; conversion_id?: unknown; error?: unknown };
  remove(entry.key);
  // A conversion counts only when the success flag is set (widget spec section 8).
  if (response.ok && answer.success === true) {
    return { status: 'sent', conversionId: typeof answer.conversion_id === 'string' ? answer.conversion_id : null };
  }
  const reason = typeof answer.error === 'string' ? answer.error : `HTTP ${response.status}`;
  console.warn(`Kite: conversion refused: ${reason}`);
  return { status: 'rejected', message: reason };
}

function retryLater(entry: Entry): ConversionResult {
  const attempts = entry.attempts + 1;
  write(read().map((stored) => (stored.key === entry.key ? { ...stored, attempts } : stored)));
  const delay = Math.min(OUTBOX.RETRY_BASE_MS * 2 ** (attempts - 1), OUTBOX.RETRY_MAX_MS);
  clearTimeout(retryTimers.get(entry.key));
  retryTimers.set(
    entry.key,
    setTimeout(() => {
      retryTimers.delete(entry.key);
      const current = read().find((stored) => stored.key === entry.key);
      if (current) void deliver(current);
    }, delay),
  );
  return { status: 'queued' };
}

/**
 * Sends a lead through the outbox: stored first, then posted; a network failure or a 5xx keeps
 * it and retries with backoff (and on the next page), so a lead the visitor submitted is never lost.
 */
export function sendConversion(endpoint: string, fields: Record<string, string>): Promise<ConversionResult> {
  const key = fields.conversion_key || newConversionKey();
  const entry: Entry = { key, endpoint, body: new URLSearchParams({ ...fields, conversion_key: key }).toString(), attempts: 0 };
  write([...read().filter((stored) => stored.key !== key), entry]);
  return deliver(entry);
}

/** Retries every lead left from an earlier page or a failed try; call once the widget runs. */
export function resumeOutbox(): void {
  for (const entry of read()) if (!retryTimers.has(entry.key)) void deliver(entry);
}
