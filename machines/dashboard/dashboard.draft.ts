/**
 * The editor's draft, pure: a new pop-up's first record, a copy of one, a change at a path, and
 * the draft's text checked with the check the machine is given (the view gives the server's own
 * record schema, so the editor shows the server's error at its field before saving; that schema
 * reaches DOM code, which machines/ may not import).
 */
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import type { DraftProblem, RecordCheck } from './dashboard.types.ts';

/** The root name of the draft in problems: a problem with the whole record has this path. */
export const DRAFT_ROOT = 'record';
/** Spaces per level of the JSON view. */
const JSON_INDENT = 2;

export const draftText = (record: unknown) => JSON.stringify(record, null, JSON_INDENT);
/** A deep copy: a record is JSON through and through. */
const cloneOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A new pop-up: a centred lightbox with a title, a line of text and an email form, shown on page
 * load; inactive until the owner switches it on, so a half-made pop-up never reaches visitors.
 */
export const newRecord = (id: string): PoptinRecord => ({
  poptin_id: id,
  poptin_name: 'New pop-up',
  poptin_type: 'lightbox',
  viewer_id: `viewer-${id}`,
  triggers: { page_load: true },
  design: {
    blocks: [
      { type: 'title', text: 'Join our newsletter' },
      { type: 'text', text: 'News and offers, once a month.' },
      { type: 'form', fields: [{ name: 'email', kind: 'email', label: 'Email', required: true }], button: { text: 'Subscribe' } },
    ],
  },
  design_properties: { poptin_location: 'center-middle', poptin_design_close_options_type: 'closing_options-x' },
});

/** A copy of `record` under `id`, named as a copy, with a viewer id of its own. */
export const copyOf = (record: PoptinRecord, id: string, suffix: string): PoptinRecord => ({
  ...cloneOf(record),
  poptin_id: id,
  poptin_name: `${record.poptin_name ?? record.poptin_id} ${suffix}`,
  viewer_id: `viewer-${id}`,
});

type Json = Record<string | number, unknown>;

/**
 * `record` with `value` at `path` (objects and arrays made on the way as the next key needs);
 * undefined removes the key. The record is copied, never changed in place.
 */
export function setAt(record: PoptinRecord, path: ReadonlyArray<string | number>, value: unknown): PoptinRecord {
  const copy = cloneOf(record) as unknown as Json;
  let node: Json = copy;
  path.slice(0, -1).forEach((key, index) => {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Json;
  });
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy as unknown as PoptinRecord;
}

/** The draft's text parsed and checked with `check`: the record (null when not JSON) and the first problem, or null. */
export function checkDraft(text: string, check: RecordCheck): { draft: PoptinRecord | null; problem: DraftProblem | null } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { draft: null, problem: { path: DRAFT_ROOT, message: `not JSON: ${(error as Error).message}` } };
  }
  // The form edits what parses even while the schema refuses it.
  const draft = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as PoptinRecord) : null;
  return { draft, problem: check(value) };
}
