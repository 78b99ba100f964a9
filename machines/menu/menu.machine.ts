import { and, assign, emit, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import { BURGER_MENU, MEGA_MENU } from '../../shared/constants/site.ts';
import type { MenuContext, MenuEmitted, MenuEvent, MenuInput } from './menu.types.ts';

type IdEvent = Extract<MenuEvent, { id: string }>;
const idOf = (event: MenuEvent): string | null => ('id' in event ? (event as IdEvent).id : null);

/**
 * The main menu and its burger overlay (content-site spec 001, sections 2, 4 and 9).
 *
 * Two regions side by side:
 * - `overlay`: the burger overlay, `closed` or `open`. Opening shows its first item at once and
 *   each next one `BURGER_MENU.ITEM_STAGGER_MS` later (all at once with reduced motion). It opens
 *   only in burger mode, and leaving burger mode closes it.
 * - `submenu`: the timers of the main menu's dropdowns and mega menus. A pointer resting on an item
 *   opens its dropdown after `MEGA_MENU.HOVER_DELAY_MS` and leaving it closes it as long after (a
 *   pointer crossing the menu opens nothing, and a short slip off the dropdown closes nothing);
 *   focus opens it after `MEGA_MENU.FOCUS_DELAY_MS`, and focus leaving closes it at once. The
 *   disclosure button and Escape act at once. One dropdown is open at a time (`context.submenu`).
 */
export const menuMachine = setup({
  types: {} as { context: MenuContext; events: MenuEvent; emitted: MenuEmitted; input: MenuInput },
  delays: {
    itemStagger: BURGER_MENU.ITEM_STAGGER_MS,
    hoverDelay: MEGA_MENU.HOVER_DELAY_MS,
    focusDelay: MEGA_MENU.FOCUS_DELAY_MS,
  },
  guards: {
    isBurger: ({ context }) => context.burger,
    hasOpenSubmenu: ({ context }) => context.submenu !== null,
    isLeavingBurger: ({ event }) => event.type === 'MODE.SET' && !event.burger,
    hasHiddenItems: ({ context }) => context.shown < context.itemCount,
    isAllShown: ({ context }) => context.shown >= context.itemCount,
    /** The event is about the dropdown that is open. */
    isOpenOne: ({ context, event }) => context.submenu !== null && idOf(event) === context.submenu,
    /** The event is about the dropdown whose delay runs. */
    isPendingOne: ({ context, event }) => context.pending !== null && idOf(event) === context.pending,
  },
  actions: {
    revealFirst: assign({ shown: ({ context }) => (context.reducedMotion ? context.itemCount : Math.min(1, context.itemCount)) }),
    showNextItem: assign({ shown: ({ context }) => context.shown + 1 }),
    hideItems: assign({ shown: 0 }),
    setBurger: assign({ burger: ({ context, event }) => (event.type === 'MODE.SET' ? event.burger : context.burger) }),
    setItemCount: assign(({ context, event }) => {
      if (event.type !== 'ITEMS.SET') return {};
      const itemCount = Math.max(0, Math.floor(event.itemCount));
      return { itemCount, shown: Math.min(context.shown, itemCount) };
    }),
    setReducedMotion: assign({ reducedMotion: ({ context, event }) => (event.type === 'MOTION.SET' ? event.reduced : context.reducedMotion) }),
    emitOpen: emit({ type: 'open' }),
    emitClose: emit(({ event }) => ({ type: 'close' as const, trigger: event.type === 'OVERLAY.CLOSE' ? event.trigger : 'resize' })),
    setPending: assign({ pending: ({ event }) => idOf(event) }),
    clearPending: assign({ pending: null }),
    /** Opens the pending dropdown (or the event's), closing the one open before. */
    openSubmenu: enqueueActions(({ context, event, enqueue }) => {
      const id = context.pending ?? idOf(event);
      if (id === null || id === context.submenu) return;
      if (context.submenu !== null) enqueue.emit({ type: 'submenu-close', id: context.submenu });
      enqueue.assign({ submenu: id, pending: null });
      enqueue.emit({ type: 'submenu-open', id });
    }),
    closeSubmenu: enqueueActions(({ context, enqueue }) => {
      if (context.submenu === null) return;
      enqueue.emit({ type: 'submenu-close', id: context.submenu });
      enqueue.assign({ submenu: null });
    }),
  },
}).createMachine({
  id: 'menu',
  type: 'parallel',
  context: ({ input }) => ({
    itemCount: Math.max(0, Math.floor(input.itemCount)),
    burger: input.burger,
    reducedMotion: input.reducedMotion,
    shown: 0,
    submenu: null,
    pending: null,
  }),
  on: {
    'ITEMS.SET': { actions: 'setItemCount' },
    'MOTION.SET': { actions: 'setReducedMotion' },
  },
  states: {
    overlay: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'OVERLAY.OPEN': { guard: 'isBurger', target: 'open' },
            'MODE.SET': { actions: 'setBurger' },
          },
        },
        open: {
          entry: ['revealFirst', 'emitOpen'],
          exit: 'hideItems',
          initial: 'revealing',
          on: {
            'OVERLAY.CLOSE': { target: 'closed', actions: 'emitClose' },
            'MODE.SET': [
              { guard: 'isLeavingBurger', target: 'closed', actions: ['setBurger', 'emitClose'] },
              { actions: 'setBurger' },
            ],
          },
          states: {
            revealing: {
              always: { guard: 'isAllShown', target: 'revealed' },
              after: { itemStagger: { guard: 'hasHiddenItems', target: 'revealing', reenter: true, actions: 'showNextItem' } },
            },
            revealed: {
              // Items added while open appear at once.
              on: { 'ITEMS.SET': { actions: ['setItemCount', assign({ shown: ({ context }) => context.itemCount })] } },
            },
          },
        },
      },
    },
    submenu: {
      initial: 'idle',
      on: {
        'SUBMENU.HOVER': [
          { guard: 'isOpenOne', target: '.idle', actions: 'clearPending' },
          { target: '.hovering', reenter: true, actions: 'setPending' },
        ],
        'SUBMENU.FOCUS': [
          { guard: 'isOpenOne', target: '.idle', actions: 'clearPending' },
          { target: '.focusing', reenter: true, actions: 'setPending' },
        ],
        'SUBMENU.LEAVE': [
          // Left for another item and off that one too before it opened: the one still open closes as well.
          { guard: and(['isPendingOne', 'hasOpenSubmenu']), target: '.leaving', actions: 'clearPending' },
          { guard: 'isPendingOne', target: '.idle', actions: 'clearPending' },
          { guard: 'isOpenOne', target: '.leaving' },
        ],
        'SUBMENU.BLUR': [
          { guard: 'isPendingOne', target: '.idle', actions: 'clearPending' },
          { guard: 'isOpenOne', target: '.idle', actions: 'closeSubmenu' },
        ],
        'SUBMENU.TOGGLE': [
          { guard: 'isOpenOne', target: '.idle', actions: ['clearPending', 'closeSubmenu'] },
          { target: '.idle', actions: ['clearPending', 'openSubmenu'] },
        ],
        'SUBMENU.CLOSE': { target: '.idle', actions: ['clearPending', 'closeSubmenu'] },
      },
      states: {
        idle: {},
        hovering: { after: { hoverDelay: { target: 'idle', actions: 'openSubmenu' } } },
        focusing: { after: { focusDelay: { target: 'idle', actions: 'openSubmenu' } } },
        leaving: { after: { hoverDelay: { target: 'idle', actions: 'closeSubmenu' } } },
      },
    },
  },
});

export type MenuSnapshot = SnapshotFrom<typeof menuMachine>;

/** True while the burger overlay is open. */
export const isOverlayOpen = (snapshot: MenuSnapshot): boolean => snapshot.matches({ overlay: 'open' });
