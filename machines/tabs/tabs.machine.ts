import { and, assign, emit, setup, type SnapshotFrom } from 'xstate';
import type { TabsContext, TabsEmitted, TabsEvent, TabsInput } from './tabs.types.ts';

/** The index `to` names from `from` among `count` tabs; the ends wrap round (APG Tabs). */
function moveTarget(to: Extract<TabsEvent, { type: 'FOCUS.MOVE' }>['to'], from: number, count: number): number {
  if (to === 'first') return 0;
  if (to === 'last') return count - 1;
  return (from + (to === 'next' ? 1 : -1) + count) % count;
}

/** The tab the event names, or -1 when it names none. */
function targetOf(context: TabsContext, event: TabsEvent): number {
  const count = context.fakeIds.length;
  if (event.type === 'TAB.SELECT') return Number.isInteger(event.index) && event.index >= 0 && event.index < count ? event.index : -1;
  if (event.type === 'FOCUS.MOVE') return count ? moveTarget(event.to, context.focused, count) : -1;
  if (event.type === 'HASH.SET') return event.hash ? context.fakeIds.indexOf(event.hash) : -1;
  return -1;
}

const clampActive = (active: number | undefined, count: number) => (count ? Math.min(Math.max(Math.floor(active ?? 0), 0), count - 1) || 0 : -1);

/**
 * A tab set (content-site spec 001, sections 2 and 4 "Tabs"): exactly one tab is active while
 * there is any. A click, Enter or Space activates a tab; arrow keys, Home and End move focus
 * (wrapping round) and, with automatic activation, activate the tab they reach; a URL hash opens the
 * tab whose fake id it is. Activating the active tab again changes nothing and emits nothing.
 */
export const tabsMachine = setup({
  types: {} as { context: TabsContext; events: TabsEvent; emitted: TabsEmitted; input: TabsInput },
  guards: {
    /** The event names a tab other than the active one. */
    isOtherTab: ({ context, event }) => {
      const target = targetOf(context, event);
      return target >= 0 && target !== context.active;
    },
    isAutomatic: ({ context }) => context.activation === 'automatic',
    hasTabs: ({ context }) => context.fakeIds.length > 0,
  },
  actions: {
    setFocused: assign({ focused: ({ context, event }) => Math.max(targetOf(context, event), 0) }),
    activate: assign(({ context, event }) => {
      const target = targetOf(context, event);
      return { active: target, focused: target };
    }),
    emitChange: emit(({ context, event }) => ({
      type: 'change' as const,
      index: context.active,
      id: context.fakeIds[context.active] ?? null,
      trigger: event.type === 'HASH.SET' ? ('hash' as const) : event.type === 'FOCUS.MOVE' ? ('focus' as const) : ('select' as const),
    })),
    setTabs: assign(({ context, event }) => {
      if (event.type !== 'TABS.SET') return {};
      const active = clampActive(event.active ?? context.active, event.fakeIds.length);
      return { fakeIds: event.fakeIds, active, focused: active };
    }),
  },
}).createMachine({
  id: 'tabs',
  context: ({ input }) => {
    const active = clampActive(input.active, input.fakeIds.length);
    return { fakeIds: input.fakeIds, active, focused: active, activation: input.activation ?? 'automatic' };
  },
  initial: 'checking',
  on: { 'TABS.SET': { target: '.checking', actions: 'setTabs' } },
  states: {
    checking: { always: [{ guard: 'hasTabs', target: 'ready' }, { target: 'empty' }] },
    /** No tab in the markup: nothing to drive. */
    empty: {},
    ready: {
      on: {
        'TAB.SELECT': [{ guard: 'isOtherTab', actions: ['activate', 'emitChange'] }, { actions: 'setFocused' }],
        'HASH.SET': { guard: 'isOtherTab', actions: ['activate', 'emitChange'] },
        'FOCUS.MOVE': [
          { guard: and(['isAutomatic', 'isOtherTab']), actions: ['activate', 'emitChange'] },
          { actions: 'setFocused' },
        ],
      },
    },
  },
});

export type TabsSnapshot = SnapshotFrom<typeof tabsMachine>;
