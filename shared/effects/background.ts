/**
 * Background animations on a `<canvas>` (widget spec section 2 "Background animations"):
 * wheel, starry-sky, ball, snow, rain, confetti.
 *
 * ```ts
 * const stop = startBackground(canvas, 'snow');
 * // ...when the pop-up closes:
 * stop();
 * ```
 *
 * Size the canvas with CSS (the pop-up's box, for example `position: absolute; inset: 0;
 * width: 100%; height: 100%`): the drawing buffer is the CSS box times the device pixel ratio
 * (capped at BACKGROUND_ANIMATION.MAX_PIXEL_RATIO) and follows it, so a canvas without a CSS size
 * would grow with its own buffer. Only the particles are drawn; the rest stays transparent, so
 * the pop-up's own background shows through. The wheel, stars, snow and rain use the canvas's
 * CSS `color`; balls and confetti BACKGROUND_ANIMATION.PALETTE.
 * Under `prefers-reduced-motion: reduce` nothing is drawn, and a running animation stops (and
 * clears) when reduced motion turns on. Every count, size and speed is ours, not the spec's
 * (the spec names the animations only): see BACKGROUND_ANIMATION in shared/constants/effects.ts.
 */
import { BACKGROUND_ANIMATION } from '../constants/effects.ts';
import { prefersReducedMotion } from '../dom/reduced-motion.ts';
import { onReducedMotionChange } from '../dom/reduced-motion-change.ts';

/** Every background animation, in the spec's order. */
export const BACKGROUNDS = ['wheel', 'starry-sky', 'ball', 'snow', 'rain', 'confetti'] as const;

/** A background animation name. */
export type BackgroundKind = (typeof BACKGROUNDS)[number];

export interface BackgroundOptions {
  /** Numbers in [0, 1) for the particles' places, sizes and speeds; `Math.random` unless given (tests pass a seeded one). */
  random?: () => number;
}

/** What a scene draws each frame, on a context scaled to CSS pixels. */
interface Frame {
  ctx: CanvasRenderingContext2D;
  /** The canvas's CSS size. */
  width: number;
  height: number;
  /** Time since the previous frame, capped at BACKGROUND_ANIMATION.MAX_FRAME_MS. */
  dt: number;
  /** Time since the start. */
  t: number;
  /** The canvas's CSS `color`. */
  colour: string;
}

/** A scene: built once with its random numbers, then called each frame. */
type Scene = (random: () => number) => (frame: Frame) => void;

const TAU = 2 * Math.PI;
const PALETTE = BACKGROUND_ANIMATION.PALETTE;
const pick = (random: () => number) => PALETTE[Math.floor(random() * PALETTE.length)]!;
/** `count` particles, each a tuple of numbers in [0, 1) that a scene reads as it likes. */
const particles = (random: () => number, count: number, fields: number) =>
  Array.from({ length: count }, () => Array.from({ length: fields }, random));
/** Keeps a coordinate in [0, size) by wrapping it around. */
const wrap = (value: number, size: number) => ((value % size) + size) % size;

/** Keeps a ball of radius `r` inside [0, size], turning it back (`turn(+1 | -1)`) at an edge. */
function bounceOff(at: number, r: number, size: number, turn: (sign: number) => void): number {
  if (at < r) turn(1);
  else if (at > size - r) turn(-1);
  return Math.min(Math.max(at, r), Math.max(size - r, r));
}

/** Particles that fall from the top and come back at the top; `x`, `y` as shares of the box. */
function falling(count: number, speed: number, draw: (p: number[], x: number, y: number, f: Frame) => void): Scene {
  return (random) => {
    // [x, y, speed share, size share, phase, colour index]
    const ps = particles(random, count, 6);
    return (f) => {
      for (const p of ps) {
        p[1] = wrap(p[1]! + ((0.5 + p[2]!) * speed * f.dt) / 1_000 / Math.max(f.height, 1), 1);
        draw(p, p[0]! * f.width, p[1] * f.height, f);
      }
    };
  };
}

const SCENES: Record<BackgroundKind, Scene> = {
  // Rays turning slowly around the middle, like a wheel seen from the front, over the whole box.
  wheel: () => (f) => {
    const radius = Math.hypot(f.width, f.height) / 2;
    const turn = (TAU * f.t) / BACKGROUND_ANIMATION.WHEEL_TURN_MS;
    const step = TAU / BACKGROUND_ANIMATION.WHEEL_SEGMENTS;
    f.ctx.fillStyle = f.colour;
    f.ctx.globalAlpha = BACKGROUND_ANIMATION.WHEEL_ALPHA;
    f.ctx.beginPath();
    for (let i = 0; i < BACKGROUND_ANIMATION.WHEEL_SEGMENTS; i += 2) {
      f.ctx.moveTo(f.width / 2, f.height / 2);
      f.ctx.arc(f.width / 2, f.height / 2, radius, turn + i * step, turn + (i + 1) * step);
    }
    f.ctx.fill();
    f.ctx.globalAlpha = 1;
  },
  // Stars in fixed places, each twinkling at its own pace.
  'starry-sky': (random) => {
    const ps = particles(random, BACKGROUND_ANIMATION.STAR_COUNT, 4); // [x, y, size, phase]
    return (f) => {
      f.ctx.fillStyle = f.colour;
      for (const [x, y, size, phase] of ps) {
        f.ctx.globalAlpha = 0.55 + 0.45 * Math.sin(TAU * (phase! + f.t / (BACKGROUND_ANIMATION.STAR_TWINKLE_MS * (0.5 + size!))));
        f.ctx.beginPath();
        f.ctx.arc(x! * f.width, y! * f.height, (0.3 + 0.7 * size!) * BACKGROUND_ANIMATION.STAR_MAX_RADIUS_PX, 0, TAU);
        f.ctx.fill();
      }
      f.ctx.globalAlpha = 1;
    };
  },
  // Balls bouncing off the edges.
  ball: (random) => {
    const balls = particles(random, BACKGROUND_ANIMATION.BALL_COUNT, 4).map(([x, y, size, angle]) => ({
      x: x!,
      y: y!,
      r: (0.4 + 0.6 * size!) * BACKGROUND_ANIMATION.BALL_MAX_RADIUS_PX,
      vx: Math.cos(angle! * TAU) * BACKGROUND_ANIMATION.BALL_SPEED_PX_PER_S,
      vy: Math.sin(angle! * TAU) * BACKGROUND_ANIMATION.BALL_SPEED_PX_PER_S,
      colour: pick(random),
    }));
    return (f) => {
      for (const b of balls) {
        // Positions are shares of the box, so a resize keeps every ball inside it.
        const x = bounceOff(b.x * f.width + (b.vx * f.dt) / 1_000, b.r, f.width, (v) => (b.vx = v * Math.abs(b.vx)));
        const y = bounceOff(b.y * f.height + (b.vy * f.dt) / 1_000, b.r, f.height, (v) => (b.vy = v * Math.abs(b.vy)));
        b.x = x / Math.max(f.width, 1);
        b.y = y / Math.max(f.height, 1);
        f.ctx.fillStyle = b.colour;
        f.ctx.beginPath();
        f.ctx.arc(x, y, b.r, 0, TAU);
        f.ctx.fill();
      }
    };
  },
  // Flakes drifting down, swaying side to side.
  snow: falling(BACKGROUND_ANIMATION.SNOW_COUNT, BACKGROUND_ANIMATION.SNOW_SPEED_PX_PER_S, (p, x, y, f) => {
    f.ctx.fillStyle = f.colour;
    f.ctx.beginPath();
    f.ctx.arc(x + BACKGROUND_ANIMATION.SNOW_MAX_RADIUS_PX * 3 * Math.sin(TAU * (p[4]! + y / 200)), y, (0.4 + 0.6 * p[3]!) * BACKGROUND_ANIMATION.SNOW_MAX_RADIUS_PX, 0, TAU);
    f.ctx.fill();
  }),
  // Straight streaks falling fast.
  rain: falling(BACKGROUND_ANIMATION.RAIN_COUNT, BACKGROUND_ANIMATION.RAIN_SPEED_PX_PER_S, (p, x, y, f) => {
    f.ctx.strokeStyle = f.colour;
    f.ctx.globalAlpha = 0.3 + 0.5 * p[3]!;
    f.ctx.lineWidth = 1;
    f.ctx.beginPath();
    f.ctx.moveTo(x, y);
    f.ctx.lineTo(x, y + BACKGROUND_ANIMATION.RAIN_LENGTH_PX);
    f.ctx.stroke();
    f.ctx.globalAlpha = 1;
  }),
  // Coloured pieces tumbling down.
  confetti: falling(BACKGROUND_ANIMATION.CONFETTI_COUNT, BACKGROUND_ANIMATION.CONFETTI_SPEED_PX_PER_S, (p, x, y, f) => {
    const size = BACKGROUND_ANIMATION.CONFETTI_SIZE_PX;
    f.ctx.save();
    f.ctx.translate(x, y);
    f.ctx.rotate(TAU * (p[4]! + y / 300));
    f.ctx.fillStyle = PALETTE[Math.floor(p[5]! * PALETTE.length)]!;
    f.ctx.fillRect(-size / 2, -size / 4, size, (size / 2) * Math.abs(Math.cos(TAU * (p[4]! + y / 150))) + 1);
    f.ctx.restore();
  }),
};

/** True for a name in {@link BACKGROUNDS}. */
export const isBackgroundKind = (name: string): name is BackgroundKind => Object.hasOwn(SCENES, name);

const noop = () => {};

/**
 * Starts the background animation `kind` on `canvas` and returns the function that stops it
 * (cancels the next frame, clears the canvas; calling it again does nothing). Draws nothing and
 * returns a no-op for an unknown kind, a canvas without a 2D context, or reduced motion.
 */
export function startBackground(canvas: HTMLCanvasElement, kind: string, options: BackgroundOptions = {}): () => void {
  const ctx = isBackgroundKind(kind) && !prefersReducedMotion() ? canvas.getContext('2d') : null;
  if (!ctx) return noop;
  const draw = SCENES[kind as BackgroundKind](options.random ?? Math.random);
  const colour = getComputedStyle(canvas).color;

  let width = 0;
  let height = 0;
  const resize = () => {
    const ratio = Math.min(devicePixelRatio || 1, BACKGROUND_ANIMATION.MAX_PIXEL_RATIO);
    if (canvas.clientWidth === width && canvas.clientHeight === height && canvas.width === Math.round(width * ratio)) return;
    width = canvas.clientWidth;
    height = canvas.clientHeight;
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  };
  // The observer reports the first size right away, then each change; no layout read per frame.
  const observer = new ResizeObserver(resize);
  observer.observe(canvas);
  resize();

  let frame = 0;
  let start: number | undefined;
  let previous = 0;
  const tick = (now: number) => {
    start ??= previous = now;
    ctx.clearRect(0, 0, width, height);
    draw({ ctx, width, height, colour, dt: Math.min(now - previous, BACKGROUND_ANIMATION.MAX_FRAME_MS), t: now - start });
    previous = now;
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);

  const stop = () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    stopWatchingMotion();
    // Clears with the transform reset, whatever size the canvas had.
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
  };
  const stopWatchingMotion = onReducedMotionChange((reduced) => reduced && stop());
  return stop;
}
