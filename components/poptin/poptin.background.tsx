import { useEffect, useLayoutEffect, useRef } from 'react';
import { startBackground } from '../../shared/effects/background.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { backgroundStyles } from './poptin.background.styles.ts';
import type { BackgroundAnimation } from '../../shared/schema/poptin-record.ts';

/**
 * The pop-up's background animation (`design.background_animation`) on a canvas behind its
 * content, drawn while `animating`. A module of its own: only a pop-up that has one loads it.
 */
export function BackgroundCanvas({ kind, animating }: { kind: BackgroundAnimation; animating: boolean }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    if (canvas.current) adoptStyles(canvas.current.getRootNode(), backgroundStyles);
  }, []);
  useEffect(() => (animating && canvas.current ? startBackground(canvas.current, kind) : undefined), [kind, animating]);
  return <canvas ref={canvas} part="background" aria-hidden="true" />;
}
