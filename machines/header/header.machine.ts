import { and, assign, emit, not, setup, type SnapshotFrom } from 'xstate';
import { HEADER } from '../../shared/constants/site.ts';
import type { HeaderContext, HeaderEmitted, HeaderEvent, HeaderInput, HeaderShrink } from './header.types.ts';

const scrollOf = (event: HeaderEvent) => (event.type === 'SCROLL' ? event.y : 0);

/** Scroll position beyond which the header gets the scrolled class: its share of the full height. */
export const shrinkThreshold = (context: HeaderContext): number => (context.height * context.shrinkFactor) / 100;

/** Scroll position beyond which the header gets the scrolled-full class. */
export const fullThreshold = (context: HeaderContext): number => context.height + HEADER.SCROLLED_FULL_EXTRA_PX;

/** The shrink state scroll position `y` calls for. */
const shrinkAt = (context: HeaderContext, y: number): HeaderShrink => (y > fullThreshold(context) ? 'scrolled-full' : y > shrinkThreshold(context) ? 'scrolled' : 'top');

const isPastCutoff = (y: number) => y > HEADER.TRANSPARENCY_CUTOFF_PX;

/**
 * Sticky, shrinking, transparent header (spec 001, section 4 "Header"). Two parallel regions:
 *
 * - `shrink`: `top` (full height) until the page is scrolled beyond the shrink threshold
 *   ({@link shrinkThreshold}), then `scrolled`; beyond {@link fullThreshold}, `scrolledFull`.
 * - `transparency`: a transparent header is `transparent` until scrolled more than
 *   `HEADER.TRANSPARENCY_CUTOFF_PX`, then `opaque`; any other header stays `solid`.
 *
 * `change` is emitted when the shrink state changes (once per scroll, with the transparency of
 * that moment). Each region moves only when a threshold is crossed, so a scroll within a state makes no new
 * snapshot and the element does not render. `RESIZE` is heeded at the top only: a scrolled header
 * is shrunk by the theme's CSS and its height there is not the full height.
 */
export const headerMachine = setup({
  types: {} as { context: HeaderContext; events: HeaderEvent; emitted: HeaderEmitted; input: HeaderInput },
  guards: {
    isBeyondShrink: ({ context, event }) => scrollOf(event) > shrinkThreshold(context),
    isBeyondFull: ({ context, event }) => scrollOf(event) > fullThreshold(context),
    isPastCutoff: ({ event }) => isPastCutoff(scrollOf(event)),
    isTransparentHeader: ({ context }) => context.transparent,
  },
  actions: {
    setHeight: assign({ height: ({ context, event }) => (event.type === 'RESIZE' ? event.height : context.height) }),
    emitChange: emit(({ context, event }) => {
      const y = scrollOf(event);
      return { type: 'change' as const, shrink: shrinkAt(context, y), transparent: context.transparent && !isPastCutoff(y) };
    }),
  },
}).createMachine({
  id: 'header',
  context: ({ input }) => ({ height: input.height, shrinkFactor: input.shrinkFactor, transparent: input.transparent }),
  type: 'parallel',
  states: {
    shrink: {
      initial: 'top',
      states: {
        top: {
          on: {
            SCROLL: [
              { guard: 'isBeyondFull', target: 'scrolledFull', actions: 'emitChange' },
              { guard: 'isBeyondShrink', target: 'scrolled', actions: 'emitChange' },
            ],
            RESIZE: { actions: 'setHeight' },
          },
        },
        scrolled: {
          on: {
            SCROLL: [
              { guard: 'isBeyondFull', target: 'scrolledFull', actions: 'emitChange' },
              { guard: not('isBeyondShrink'), target: 'top', actions: 'emitChange' },
            ],
          },
        },
        scrolledFull: {
          on: {
            SCROLL: [
              { guard: and([not('isBeyondFull'), 'isBeyondShrink']), target: 'scrolled', actions: 'emitChange' },
              { guard: not('isBeyondShrink'), target: 'top', actions: 'emitChange' },
            ],
          },
        },
      },
    },
    transparency: {
      initial: 'checking',
      states: {
        checking: { always: [{ guard: 'isTransparentHeader', target: 'transparent' }, { target: 'solid' }] },
        transparent: { on: { SCROLL: { guard: 'isPastCutoff', target: 'opaque' } } },
        opaque: { on: { SCROLL: { guard: not('isPastCutoff'), target: 'transparent' } } },
        /** Not a transparent header: nothing to lose. */
        solid: {},
      },
    },
  },
});

export type HeaderSnapshot = SnapshotFrom<typeof headerMachine>;

/** The shrink state the element shows. */
export function shrinkOf(snapshot: HeaderSnapshot): HeaderShrink {
  if (snapshot.matches({ shrink: 'scrolledFull' })) return 'scrolled-full';
  return snapshot.matches({ shrink: 'scrolled' }) ? 'scrolled' : 'top';
}

/** True while the header shows transparent. */
export const isTransparent = (snapshot: HeaderSnapshot): boolean => snapshot.matches({ transparency: 'transparent' });

/**
 * True when a `SCROLL` to `y` would change nothing in `snapshot` (no threshold crossed): the element
 * then skips the event, so a scroll within a state costs a comparison, not a pass through the
 * machine. The thresholds stay the machine's: this reads them from the same rules its guards use.
 */
export function isQuietScroll(snapshot: HeaderSnapshot, y: number): boolean {
  if (shrinkAt(snapshot.context, y) !== shrinkOf(snapshot)) return false;
  return snapshot.matches({ transparency: 'solid' }) || isPastCutoff(y) === snapshot.matches({ transparency: 'opaque' });
}
