/**
 * One animation-frame loop for every element that draws each frame (the counters of a page):
 * one `requestAnimationFrame` callback per frame however many draw, instead of one each.
 */
const drawers = new Set<(now: number) => void>();
let frame = 0;

function tick(): void {
  frame = drawers.size ? requestAnimationFrame(tick) : 0;
  // Date.now, not the frame's timestamp: the element tests' fake clock moves it.
  const now = Date.now();
  for (const draw of drawers) draw(now);
}

/** Calls `draw` in every animation frame, with the time, until the returned stop is called. */
export function everyFrame(draw: (now: number) => void): () => void {
  drawers.add(draw);
  if (!frame) frame = requestAnimationFrame(tick);
  return () => {
    drawers.delete(draw);
  };
}
