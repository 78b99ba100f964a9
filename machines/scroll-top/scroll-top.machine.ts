import { not, setup, type SnapshotFrom } from 'xstate';
import { SCROLL } from '../../shared/constants/site.ts';
import type { ScrollTopEvent } from './scroll-top.types.ts';

/**
 * Scroll-to-top link (spec 001, section 2): `hidden` until the page is scrolled
 * `SCROLL.TO_TOP_THRESHOLD_PX` or more, then `shown`; hidden again above it. A scroll that stays on
 * one side makes no new snapshot.
 */
const isFarEnough = (y: number) => y >= SCROLL.TO_TOP_THRESHOLD_PX;

export const scrollTopMachine = setup({
  types: {} as { events: ScrollTopEvent },
  guards: {
    isFarEnough: ({ event }) => isFarEnough(event.y),
  },
}).createMachine({
  id: 'scrollTop',
  initial: 'hidden',
  states: {
    hidden: { on: { SCROLL: { guard: 'isFarEnough', target: 'shown' } } },
    shown: { on: { SCROLL: { guard: not('isFarEnough'), target: 'hidden' } } },
  },
});

/** True when a `SCROLL` to `y` would change nothing in `snapshot`: the element then skips the event (no pass through the machine). */
export const isQuietScroll = (snapshot: SnapshotFrom<typeof scrollTopMachine>, y: number): boolean => isFarEnough(y) === snapshot.matches('shown');
