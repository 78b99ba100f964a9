import { useSyncExternalStore } from 'react';
import { prefersReducedMotion } from '../../../shared/dom/reduced-motion.ts';
import { onReducedMotionChange } from '../../../shared/dom/reduced-motion-change.ts';

/** True while the visitor asks for reduced motion; follows the setting as it changes (a thin hook over the shared query). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(onReducedMotionChange, prefersReducedMotion, () => false);
}
