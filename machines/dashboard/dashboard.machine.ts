import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { checkDraft, copyOf, draftText, newRecord, setAt } from './dashboard.draft.ts';
import type {
  DailyStats,
  DashboardContext,
  DashboardError,
  DashboardEvent,
  DashboardInput,
  DashboardPoptin,
  LeadsPage,
  LeadsRequest,
  PreviewLink,
  SaveRequest,
} from './dashboard.types.ts';

/** HTTP status of a call without a live session: the dashboard goes back to its sign-in. */
const UNAUTHORIZED = 401;
/** Appended to a duplicate's name; the view shows the name, the owner renames it. */
const COPY_SUFFIX = '(copy)';

/** Any thrown value as `{ status, message }` (the view's API client throws those; a network failure is status 0). */
function errorOf(thrown: unknown): DashboardError {
  const { status, message } = (thrown ?? {}) as { status?: unknown; message?: unknown };
  return { status: typeof status === 'number' ? status : 0, message: typeof message === 'string' ? message : String(thrown) };
}
const thrownOf = (event: unknown) => errorOf((event as ErrorActorEvent).error);
const outputOf = <T>(event: unknown) => (event as DoneActorEvent<T>).output;

/** A failed call: back to the sign-in when the session is gone, else `target` with the reason. */
const failTo = (target: string, action: 'setLoadError' | 'setSaveError' = 'setLoadError') =>
  [
    { guard: 'isUnauthorized', target: '#dashboard.signedOut', actions: 'setSessionEnded' },
    { target, actions: action },
  ] as const;

const draftFrom = (context: DashboardContext, text: string) => ({ draftText: text, ...checkDraft(text, context.checkRecord) });

/** A draft the owner may change: not while a save or a link is on its way (what is saved is what was shown). */
const editable = {
  'DRAFT.SET': { target: 'draft', actions: 'setDraftAt' },
  'DRAFT.EDIT_JSON': { target: 'draft', actions: 'setDraftText' },
  'DRAFT.SAVE': { guard: 'canSave', target: 'saving' },
  'PREVIEW_LINK.REQUEST': { guard: 'isStored', target: 'linking' },
} as const;

/**
 * The owner dashboard (/admin on the reference server): signing in and out, the pop-up list with
 * its figures, the editor's draft (checked with the server's own record schema at every change),
 * the leads table's search and pages, and the views and conversions per day.
 *
 * - `checking` asks whether a session is live (the session cookie is HttpOnly: only a call can
 *   tell); then `signedOut` or `signedIn`.
 * - `signingIn` exchanges the admin token for a session; the token is not kept.
 * - `signedIn` has one section at a time: `poptins` (`loading`, `loaded`, `changing`, `failed`),
 *   `editor` (`loading`, `loadFailed`, then `draft`, `saving`, `saved`, `saveFailed`, `linking`
 *   while a preview link is made) `leads` and `chart` (`loading`, `loaded`, `failed`).
 * - Any call answered 401 (the session expired or was ended elsewhere) leads to `signedOut` with
 *   the reason.
 *
 * Effects are actors the view provides (`machine.provide({ actors })`) over the owner API; the
 * defaults answer nothing, so a test drives the machine with its own.
 */
export const dashboardMachine = setup({
  types: {} as { context: DashboardContext; events: DashboardEvent; input: DashboardInput },
  actors: {
    /** Whether the session cookie is live (true: signed in). */
    checkSession: fromPromise<boolean>(async () => false),
    signIn: fromPromise<void, { token: string }>(async () => undefined),
    signOut: fromPromise<void>(async () => undefined),
    loadPoptins: fromPromise<DashboardPoptin[]>(async () => []),
    setActive: fromPromise<void, { id: string; active: boolean }>(async () => undefined),
    loadPoptin: fromPromise<PoptinRecord, { id: string }>(async () => {
      throw { status: 404, message: 'unknown poptin id' };
    }),
    savePoptin: fromPromise<void, SaveRequest>(async () => undefined),
    createPreviewLink: fromPromise<PreviewLink, { id: string; url: string }>(async () => ({ url: null, token: '', expires_at: '' })),
    loadLeads: fromPromise<LeadsPage, LeadsRequest>(async () => ({ leads: [], next_cursor: null })),
    loadDaily: fromPromise<DailyStats>(async () => ({ days: [], poptins: [] })),
  },
  guards: {
    isUnauthorized: ({ event }) => thrownOf(event).status === UNAUTHORIZED,
    isSignedIn: ({ event }) => outputOf<boolean>(event) === true,
    canSave: ({ context }) => context.problem === null && context.draft !== null,
    isStored: ({ context }) => context.editing !== null && !context.editing.isNew,
    hasNextPage: ({ context }) => context.nextCursor !== null,
    hasPreviousPage: ({ context }) => context.cursors.length > 1,
  },
  actions: {
    clearAuthError: assign({ authError: null, sessionEnded: false }),
    setAuthError: assign({ authError: ({ event }) => thrownOf(event), sessionEnded: false }),
    setSessionEnded: assign({ authError: ({ event }) => thrownOf(event), sessionEnded: true, editing: null }),
    setLoadError: assign({ loadError: ({ event }) => thrownOf(event) }),
    clearLoadError: assign({ loadError: null }),
    setPoptins: assign({ poptins: ({ event }) => outputOf<DashboardPoptin[]>(event) }),
    editStored: assign({ editing: ({ event }) => (event.type === 'POPTIN.EDIT' ? { id: event.id, isNew: false } : null) }),
    editDuplicate: assign({ editing: ({ event }) => (event.type === 'POPTIN.DUPLICATE' ? { id: event.newId, isNew: true, from: event.id } : null) }),
    editNew: assign(({ context, event }) => {
      const id = event.type === 'POPTIN.CREATE' ? event.id : '';
      return { editing: { id, isNew: true }, saveError: null, previewLink: null, ...draftFrom(context, draftText(newRecord(id))) };
    }),
    setLoadedDraft: assign(({ context, event }) => {
      const record = outputOf<PoptinRecord>(event);
      const from = context.editing?.from;
      const shown = from === undefined ? record : copyOf(record, context.editing!.id, COPY_SUFFIX);
      return { saveError: null, previewLink: null, ...draftFrom(context, draftText(shown)) };
    }),
    setDraftAt: assign(({ context, event }) => {
      if (event.type !== 'DRAFT.SET' || context.draft === null) return {};
      return draftFrom(context, draftText(setAt(context.draft, event.path, event.value)));
    }),
    setDraftText: assign(({ context, event }) => (event.type === 'DRAFT.EDIT_JSON' ? draftFrom(context, event.text) : {})),
    markStored: assign({ editing: ({ context }) => (context.editing ? { id: context.editing.id, isNew: false } : null), saveError: null }),
    setSaveError: assign({ saveError: ({ event }) => thrownOf(event) }),
    setPreviewLink: assign({ previewLink: ({ event }) => outputOf<PreviewLink>(event) }),
    setSearch: assign(({ event }) => (event.type === 'LEADS.SEARCH' ? { search: event.search.trim(), cursors: [null] } : {})),
    pushCursor: assign({ cursors: ({ context }) => [...context.cursors, context.nextCursor] }),
    popCursor: assign({ cursors: ({ context }) => context.cursors.slice(0, -1) }),
    setLeads: assign(({ event }) => {
      const page = outputOf<LeadsPage>(event);
      return { leads: page.leads, nextCursor: page.next_cursor };
    }),
    setDaily: assign({ daily: ({ event }) => outputOf<DailyStats>(event) }),
    setChartPoptin: assign({ chartPoptin: ({ event }) => (event.type === 'CHART.SELECT' ? event.id : null) }),
  },
}).createMachine({
  id: 'dashboard',
  initial: 'checking',
  context: ({ input }) => ({
    checkRecord: input.checkRecord,
    authError: null,
    sessionEnded: false,
    poptins: [],
    loadError: null,
    editing: null,
    draftText: '',
    draft: null,
    problem: null,
    saveError: null,
    previewLink: null,
    leads: [],
    search: '',
    cursors: [null],
    nextCursor: null,
    daily: null,
    chartPoptin: null,
  }),
  states: {
    checking: {
      invoke: {
        src: 'checkSession',
        onDone: [{ guard: 'isSignedIn', target: 'signedIn' }, { target: 'signedOut' }],
        onError: 'signedOut',
      },
    },
    signedOut: {
      on: { SIGN_IN: { target: 'signingIn', actions: 'clearAuthError' } },
    },
    signingIn: {
      invoke: {
        src: 'signIn',
        input: ({ event }) => ({ token: event.type === 'SIGN_IN' ? event.token : '' }),
        onDone: 'signedIn',
        onError: { target: 'signedOut', actions: 'setAuthError' },
      },
    },
    signingOut: {
      invoke: { src: 'signOut', onDone: 'signedOut', onError: 'signedOut' },
    },
    signedIn: {
      initial: 'poptins',
      on: {
        SIGN_OUT: 'signingOut',
        'SHOW.POPTINS': '.poptins',
        'SHOW.LEADS': '.leads',
        'SHOW.CHART': '.chart',
      },
      states: {
        poptins: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'clearLoadError',
              invoke: { src: 'loadPoptins', onDone: { target: 'loaded', actions: 'setPoptins' }, onError: failTo('failed') },
            },
            loaded: {
              on: {
                'POPTIN.SET_ACTIVE': 'changing',
                'POPTIN.EDIT': { target: '#dashboard.signedIn.editor', actions: 'editStored' },
                'POPTIN.DUPLICATE': { target: '#dashboard.signedIn.editor', actions: 'editDuplicate' },
                'POPTIN.CREATE': { target: '#dashboard.signedIn.editor.draft', actions: 'editNew' },
              },
            },
            changing: {
              invoke: {
                src: 'setActive',
                input: ({ event }) => (event.type === 'POPTIN.SET_ACTIVE' ? { id: event.id, active: event.active } : { id: '', active: false }),
                onDone: 'loading',
                onError: failTo('failed'),
              },
            },
            failed: { on: { RETRY: 'loading' } },
          },
        },
        editor: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'clearLoadError',
              invoke: {
                src: 'loadPoptin',
                input: ({ context }) => ({ id: context.editing?.from ?? context.editing?.id ?? '' }),
                onDone: { target: 'draft', actions: 'setLoadedDraft' },
                onError: failTo('loadFailed'),
              },
            },
            loadFailed: { on: { RETRY: 'loading' } },
            draft: { on: editable },
            saving: {
              invoke: {
                src: 'savePoptin',
                input: ({ context }) => ({ record: context.draft!, isNew: context.editing?.isNew ?? true }),
                onDone: { target: 'saved', actions: 'markStored' },
                onError: failTo('saveFailed', 'setSaveError'),
              },
            },
            saved: { on: editable },
            saveFailed: { on: editable },
            linking: {
              invoke: {
                src: 'createPreviewLink',
                input: ({ context, event }) => ({ id: context.editing?.id ?? '', url: event.type === 'PREVIEW_LINK.REQUEST' ? event.url : '' }),
                onDone: { target: 'saved', actions: 'setPreviewLink' },
                onError: failTo('saveFailed', 'setSaveError'),
              },
            },
          },
        },
        leads: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'clearLoadError',
              invoke: {
                src: 'loadLeads',
                input: ({ context }) => ({ search: context.search, cursor: context.cursors[context.cursors.length - 1] ?? null }),
                onDone: { target: 'loaded', actions: 'setLeads' },
                onError: failTo('failed'),
              },
            },
            loaded: {
              on: {
                'LEADS.NEXT': { guard: 'hasNextPage', target: 'loading', actions: 'pushCursor' },
                'LEADS.PREVIOUS': { guard: 'hasPreviousPage', target: 'loading', actions: 'popCursor' },
              },
            },
            failed: { on: { RETRY: 'loading' } },
          },
          on: { 'LEADS.SEARCH': { target: '.loading', actions: 'setSearch' } },
        },
        chart: {
          initial: 'loading',
          states: {
            loading: {
              entry: 'clearLoadError',
              invoke: { src: 'loadDaily', onDone: { target: 'loaded', actions: 'setDaily' }, onError: failTo('failed') },
            },
            loaded: { on: { 'CHART.SELECT': { actions: 'setChartPoptin' } } },
            failed: { on: { RETRY: 'loading' } },
          },
        },
      },
    },
  },
});
