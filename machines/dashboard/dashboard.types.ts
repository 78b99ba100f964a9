import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

/** A pop-up as the dashboard's list shows it (GET /api/admin/stats). */
export interface DashboardPoptin {
  poptin_id: string;
  poptin_name: string | null;
  /** The record's `poptin_type` (lightbox, bar...). */
  poptin_type: string;
  active: boolean;
  views: number;
  conversions: number;
  /** Conversions per view, 0 to 1 (0 without views). */
  conversion_rate: number;
}

/** A lead as the leads table shows it (GET /api/admin/leads). */
export interface DashboardLead {
  conversion_id: string;
  poptin_id: string;
  email: string | null;
  name: string | null;
  phone: string | null;
  created_at: string;
}

/** One page of leads and the cursor of the next (null on the last). */
export interface LeadsPage {
  leads: DashboardLead[];
  next_cursor: string | null;
}

/** Views and conversions per pop-up per day (GET /api/admin/stats/daily). */
export interface DailyStats {
  /** `YYYY-MM-DD`, oldest first. */
  days: string[];
  poptins: Array<{ poptin_id: string; poptin_name: string | null; views: number[]; conversions: number[] }>;
}

/** A signed preview link of a pop-up (POST /api/admin/poptins/{id}/preview-link). */
export interface PreviewLink {
  url: string | null;
  token: string;
  expires_at: string;
}

/** What a failed call of the owner API says: its HTTP status (0 when the network failed) and reason. */
export interface DashboardError {
  status: number;
  message: string;
}

/** Where the draft is wrong: the schema's `path` (`design.blocks[0].text`, `record` for the whole) and message. */
export interface DraftProblem {
  path: string;
  message: string;
}

/** Checks a parsed draft as the server checks a PUT's record (`DRAFT_ROOT` names the whole record): its first problem, or null. */
export type RecordCheck = (value: unknown) => DraftProblem | null;

export interface DashboardInput {
  /** The record check: the view passes the server's own schema (demo/dashboard/record-check.ts). */
  checkRecord: RecordCheck;
}

/** What the editor saves: the record, and whether it is new (created on save). */
export interface SaveRequest {
  record: PoptinRecord;
  isNew: boolean;
}

/** The leads query: the search (empty for all) and the cursor of the page. */
export interface LeadsRequest {
  search: string;
  cursor: string | null;
}

export interface DashboardContext {
  checkRecord: RecordCheck;
  /** Why signing in failed, or why the session ended; null otherwise. */
  authError: DashboardError | null;
  /** True when `authError` is a call of a signed-in dashboard refused (the session ended), not a refused sign-in. */
  sessionEnded: boolean;
  poptins: DashboardPoptin[];
  /** Why the last load or change of a list failed. */
  loadError: DashboardError | null;
  /** The pop-up being edited: its id, whether it is not stored yet, and the pop-up it copies (a duplicate). */
  editing: { id: string; isNew: boolean; from?: string } | null;
  /** The draft as JSON text: what the JSON view shows and the form edits. */
  draftText: string;
  /** The draft parsed, or null when its text is not JSON. */
  draft: PoptinRecord | null;
  /** The draft's first problem (not JSON, or the schema's), or null when it can be saved. */
  problem: DraftProblem | null;
  /** Why the last save failed (the server's reason). */
  saveError: DashboardError | null;
  previewLink: PreviewLink | null;
  leads: DashboardLead[];
  /** The leads search as typed and sent. */
  search: string;
  /** Cursors of the pages before the current one (the first page's is null), and of the current one. */
  cursors: Array<string | null>;
  nextCursor: string | null;
  daily: DailyStats | null;
  /** The pop-up the chart shows (null: the first). */
  chartPoptin: string | null;
}

export type DashboardEvent =
  | { type: 'SIGN_IN'; token: string }
  | { type: 'SIGN_OUT' }
  | { type: 'SHOW.POPTINS' }
  | { type: 'SHOW.LEADS' }
  | { type: 'SHOW.CHART' }
  | { type: 'RETRY' }
  | { type: 'POPTIN.SET_ACTIVE'; id: string; active: boolean }
  | { type: 'POPTIN.EDIT'; id: string }
  /** A new pop-up: `id` is a fresh pop-up id (the view draws it; the machine stays free of randomness). */
  | { type: 'POPTIN.CREATE'; id: string }
  | { type: 'POPTIN.DUPLICATE'; id: string; newId: string }
  /** A form control changed the draft: `path` is the keys from the record down (`['design_properties', 'poptin_location']`); undefined removes the key. */
  | { type: 'DRAFT.SET'; path: ReadonlyArray<string | number>; value: unknown }
  /** The JSON view's text changed. */
  | { type: 'DRAFT.EDIT_JSON'; text: string }
  | { type: 'DRAFT.SAVE' }
  | { type: 'PREVIEW_LINK.REQUEST'; url: string }
  | { type: 'LEADS.SEARCH'; search: string }
  | { type: 'LEADS.NEXT' }
  | { type: 'LEADS.PREVIOUS' }
  | { type: 'CHART.SELECT'; id: string };
