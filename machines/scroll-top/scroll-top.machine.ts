import { setup } from 'xstate';
import { SCROLL } from '../../shared/constants/site.ts';
import type { ScrollTopEvent } from './scroll-top.types.ts';

/**
 * Scroll-to-top link (spec 001, section 2): `hidden` until the page is scrolled
 * `SCROLL.TO_TOP_THRESHOLD_PX` or more, then `shown`; hidden again above it. A scroll that stays on
 * one side makes no new snapshot.
 */
export const scrollTopMachine = setup({
  types: {} as { events: ScrollTopEvent },
  guards: {
    isFarEnough: ({ event }) => event.y >= SCROLL.TO_TOP_THRESHOLD_PX,
  },
}).createMachine({
  id: 'scrollTop',
  initial: 'hidden',
  states: {
    hidden: { on: { SCROLL: { guard: 'isFarEnough', target: 'shown' } } },
    shown: { on: { SCROLL: { guard: ({ event }) => event.y < SCROLL.TO_TOP_THRESHOLD_PX, target: 'hidden' } } },
  },
});
