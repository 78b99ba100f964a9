import type { LightboxContext } from './lightbox.types.ts';

/**
 * An opening shows the item at once, with no zoom to wait for: the zoom is off, or the visitor
 * asked for reduced motion. In a module of its own (no XState), so that the element's first
 * chunk, which shows such an opening before the machine has loaded, decides it by the same rule.
 */
export const opensInstantly = ({ reducedMotion, zoom }: Pick<LightboxContext, 'reducedMotion' | 'zoom'>): boolean => reducedMotion || !zoom;
