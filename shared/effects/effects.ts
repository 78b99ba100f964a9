/**
 * Entry and exit effects with the Web Animations API (widget spec section 2 "Entry effects").
 * The exit is the entry played in reverse. Under `prefers-reduced-motion: reduce` every effect
 * is instant.
 */

/** How long an entry effect plays; the spec fixes only the exit (CLOSE.EXIT_ANIMATION_MS). */
export const ENTRY_EFFECT_MS = 400;

const KEYFRAMES: Record<string, Keyframe[]> = {
  none: [],
  fade: [{ opacity: 0 }, { opacity: 1 }],
};

export const prefersReducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Plays `effect` on `element`; resolves when done (at once for none or reduced motion). */
export function playEffect(element: Element, effect: string, direction: 'entry' | 'exit', durationMs: number): Promise<void> {
  const keyframes = KEYFRAMES[effect] ?? KEYFRAMES.fade!;
  if (!keyframes.length || durationMs <= 0 || prefersReducedMotion()) return Promise.resolve();
  const animation = element.animate(keyframes, {
    duration: durationMs,
    easing: 'ease-out',
    direction: direction === 'entry' ? 'normal' : 'reverse',
    fill: 'both',
  });
  return animation.finished.then(
    () => undefined,
    () => undefined,
  );
}
