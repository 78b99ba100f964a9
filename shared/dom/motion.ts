/** True while the visitor asks for reduced motion; read at the moment of use, so a change applies to the next effect. */
export const prefersReducedMotion = (): boolean => matchMedia('(prefers-reduced-motion: reduce)').matches;
