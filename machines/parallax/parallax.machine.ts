import { assign, setup } from 'xstate';
import { PARALLAX } from '../../shared/constants/site.ts';
import type { ParallaxContext, ParallaxEvent, ParallaxInput } from './parallax.types.ts';

/**
 * Parallax layers (spec 001, sections 3 "Parallax" and 9).
 *
 * - On a mobile device the layers are never enabled (`disabled`, final).
 * - Otherwise they are `enabled` (the `enabled-parallax` class, moving as the page scrolls)
 *   `enableDelay` after the start (`waiting`).
 * - With reduced motion they stay `still`: no class, no transform. The setting is followed live:
 *   switching it on stops them at once, switching it off enables them after `enableDelay` again.
 */
export const parallaxMachine = setup({
  types: {} as { context: ParallaxContext; events: ParallaxEvent; input: ParallaxInput },
  delays: {
    /** From the start (or motion allowed again) to the layers enabled. */
    enableDelay: PARALLAX.ENABLE_DELAY_MS,
  },
  guards: {
    isMobile: ({ context }) => context.mobile,
    isReduced: ({ context }) => context.reducedMotion,
  },
  actions: {
    setMotion: assign({ reducedMotion: ({ event }) => event.reduced }),
  },
}).createMachine({
  id: 'parallax',
  context: ({ input }) => ({ mobile: input.mobile, reducedMotion: input.reducedMotion }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isMobile', target: 'disabled' }, { guard: 'isReduced', target: 'still' }, { target: 'waiting' }],
    },
    waiting: {
      on: { 'MOTION.SET': { actions: 'setMotion', target: 'checking' } },
      after: { enableDelay: 'enabled' },
    },
    enabled: {
      on: { 'MOTION.SET': { actions: 'setMotion', target: 'checking' } },
    },
    still: {
      on: { 'MOTION.SET': { actions: 'setMotion', target: 'checking' } },
    },
    disabled: { type: 'final' },
  },
});
