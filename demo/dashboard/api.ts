/**
 * The owner API as the dashboard calls it: same origin, signed in with the HttpOnly session cookie
 * (never the token: it is sent once, to POST /api/admin/session). A refused call throws
 * `{ status, message }` with the server's reason; a network failure is status 0.
 */
import type { DailyStats, DashboardError, DashboardPoptin, LeadsPage, LeadsRequest, PreviewLink } from '../../machines/dashboard/dashboard.types.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

/** Leads per page of the leads table. */
export const LEADS_PAGE_SIZE = 25;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw { status: 0, message: (error as Error).message } satisfies DashboardError;
  }
  const json = (await response.json().catch(() => null)) as { error?: string } | null;
  if (!response.ok) throw { status: response.status, message: json?.error ?? response.statusText } satisfies DashboardError;
  return json as T;
}

const poptinPath = (id: string) => `/api/admin/poptins/${encodeURIComponent(id)}`;

/** The leads query as the leads endpoints read it (the CSV export takes the search alone). */
export const leadsQuery = (search: string, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams(extra);
  if (search) query.set('q', search);
  return query.toString();
};

export const api = {
  /** Whether a session is live: the cookie is HttpOnly, so only the server can tell. */
  checkSession: async () => (await call<{ signed_in: boolean }>('GET', '/api/admin/session')).signed_in,
  signIn: async (token: string) => void (await call('POST', '/api/admin/session', { token })),
  signOut: async () => void (await call('DELETE', '/api/admin/session')),
  async loadPoptins(): Promise<DashboardPoptin[]> {
    const [{ stats }, { poptins }] = await Promise.all([
      call<{ stats: Array<Omit<DashboardPoptin, 'poptin_type'>> }>('GET', '/api/admin/stats'),
      call<{ poptins: Array<{ poptin_id: string; poptin_type: string }> }>('GET', '/api/admin/poptins'),
    ]);
    const types = new Map(poptins.map((poptin) => [poptin.poptin_id, poptin.poptin_type]));
    return stats.map((row) => ({ ...row, poptin_type: types.get(row.poptin_id) ?? '' }));
  },
  setActive: async (id: string, active: boolean) => void (await call('PUT', poptinPath(id), { active })),
  loadPoptin: async (id: string) => (await call<{ record: PoptinRecord }>('GET', poptinPath(id))).record,
  /** A new pop-up is stored inactive: the owner switches it on from the list once it is ready. */
  savePoptin: async (record: PoptinRecord, isNew: boolean) =>
    void (await call('PUT', poptinPath(record.poptin_id), isNew ? { record, active: false } : { record })),
  createPreviewLink: (id: string, url: string) => call<PreviewLink>('POST', `${poptinPath(id)}/preview-link`, { url }),
  loadLeads: ({ search, cursor }: LeadsRequest) =>
    call<LeadsPage>('GET', `/api/admin/leads?${leadsQuery(search, { limit: String(LEADS_PAGE_SIZE), ...(cursor ? { cursor } : {}) })}`),
  loadDaily: () => call<DailyStats>('GET', '/api/admin/stats/daily'),
};
