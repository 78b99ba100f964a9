/** Frame timing helpers: work placed around the browser's next paint, each returning how to cancel it. */

/** Runs `run` in the next animation frame, before it is painted (a write the frame must show); returns how to cancel it. */
export function nextFrame(run: () => void): () => void {
  const frame = requestAnimationFrame(() => run());
  return () => cancelAnimationFrame(frame);
}

/**
 * Runs `run` after the next frame is painted (a task queued from its animation callback), so the
 * work cannot delay that frame; returns how to cancel it.
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancelFrame = nextFrame(() => (timer = setTimeout(run)));
  return () => {
    cancelFrame();
    clearTimeout(timer);
  };
}

/**
 * Runs `run` in a task after the frame after the next one is painted, so neither frame waits for
 * it: for work that must not delay what the page has just shown, nor the frame that confirms it;
 * returns how to cancel it.
 */
export function afterTwoPaints(run: () => void): () => void {
  let cancelSecond = () => {};
  const cancelFirst = afterNextPaint(() => (cancelSecond = afterNextPaint(run)));
  return () => {
    cancelFirst();
    cancelSecond();
  };
}
