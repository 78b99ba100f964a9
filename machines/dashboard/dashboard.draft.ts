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

/** One step of a problem's path as `joinPath` writes it: `.name`, a leading `name`, `[0]` or `["odd key"]`. */
const PATH_STEP = /^(?:\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\])/;

/** A problem's path (`design.blocks[2].prizes[0].label`) as keys; null when it names the whole record or is not a path. */
export function pathKeys(path: string): Array<string | number> | null {
  if (path === DRAFT_ROOT) return null;
  const keys: Array<string | number> = [];
  // validate() names a top-level odd key after the root: `record["odd key"]`.
  for (let rest = path.startsWith(`${DRAFT_ROOT}[`) ? path.slice(DRAFT_ROOT.length) : path; rest !== ''; ) {
    const step = PATH_STEP.exec(rest);
    if (!step) return null;
    keys.push(step[1] ?? (step[2] !== undefined ? Number(step[2]) : (JSON.parse(step[3]!) as string)));
    rest = rest.slice(step[0].length);
  }
  return keys.length > 0 ? keys : null;
}

/** Where a problem's path sits in the JSON text: `start` at its key (an array item: its value), `end` after its value. */
export interface TextSpan {
  start: number;
  end: number;
}

/**
 * The span of `path` (a problem's path) in the JSON `text`, to select it in the JSON view; a key
 * that is missing (a required field) gives its nearest enclosing object or array. Null when the
 * path names the whole record or the text is not JSON up to there. The text is read as typed
 * (any spacing), not re-serialised, so the span is where the owner sees it.
 */
export function locatePath(text: string, path: string): TextSpan | null {
  const keys = pathKeys(path);
  if (!keys) return null;
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
  };
  const stringEnd = (from: number) => {
    let index = from + 1;
    while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
    if (index >= text.length) throw new SyntaxError('unterminated string');
    return index + 1;
  };
  /**
   * Reads the value at `at`. `depth`: how many of `keys` lead here (null: off the path, only
   * skipped). Returns the span of the deepest key found below, or of this container when its key is missing.
   */
  const value = (depth: number | null): TextSpan | null => {
    space();
    const open = text[at];
    if (open === '"') {
      at = stringEnd(at);
      return null;
    }
    if (open !== '{' && open !== '[') {
      const scalar = /^[^\s,\]}]+/.exec(text.slice(at));
      if (!scalar) throw new SyntaxError('value expected');
      at += scalar[0].length;
      return null;
    }
    const start = at;
    at += 1;
    let found: TextSpan | null = null;
    for (let index = 0; ; index += 1) {
      space();
      if (text[at] === (open === '{' ? '}' : ']')) break;
      if (index > 0) {
        if (text[at] !== ',') throw new SyntaxError('comma expected');
        at += 1;
        space();
      }
      const memberStart = at;
      let key: string | number = index;
      if (open === '{') {
        at = stringEnd(at);
        key = JSON.parse(text.slice(memberStart, at)) as string;
        space();
        if (text[at] !== ':') throw new SyntaxError('colon expected');
        at += 1;
      }
      const wanted = depth !== null && !found && keys[depth] === key;
      const inner = value(wanted && depth + 1 < keys.length ? depth + 1 : null);
      if (wanted) found = inner ?? { start: memberStart, end: at };
    }
    at += 1;
    return depth === null ? null : (found ?? { start, end: at });
  };
  try {
    return value(0);
  } catch {
    return null;
  }
}
