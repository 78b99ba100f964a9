import { useLayoutEffect, useRef, type PointerEvent } from 'react';
import { useSelector } from '@xstate/react';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import { t } from '../../../shared/i18n/blocks.ts';
import type { GameActor } from './game.view.tsx';

export interface ScratchCardProps {
  actor: GameActor;
  lang: string;
  playText: string;
  /** The form is filled in (or there is none): the card may be scratched. */
  unlocked: boolean;
  /** Starts the game (PLAY, with the server's draw when there is one, which may come later), then runs `then`. */
  onPlay: (then?: () => void) => void;
}

/** The cover's colour when the page sets no `--kite-scratch-cover`. */
const DEFAULT_COVER = '#b9bcc2';

/** The share of `canvas` still covered, read on a grid of every `GAMIFIED.SCRATCH_SAMPLE_STEP_PX`-th pixel. */
function coveredShare(canvas: HTMLCanvasElement): number {
  const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
  const step = GAMIFIED.SCRATCH_SAMPLE_STEP_PX;
  let covered = 0;
  let sampled = 0;
  for (let y = 0; y < canvas.height; y += step) {
    for (let x = 0; x < canvas.width; x += step) {
      sampled += 1;
      if (data[(y * canvas.width + x) * 4 + 3]! >= GAMIFIED.SCRATCH_CLEAR_ALPHA) covered += 1;
    }
  }
  return sampled ? covered / sampled : 0;
}

/**
 * The scratch card (format 2): a canvas cover over the prize, scratched off by mouse, pen or touch
 * (pointer events; `touch-action: none`, so a finger scratches instead of scrolling). The first
 * stroke draws the prize; each stroke reports the share of the cover left (at most once a frame),
 * and the machine reveals the result 3 s after half or less remains. The Scratch button does the
 * same from the keyboard, scratching the whole card.
 */
export function ScratchCard({ actor, lang, playText, unlocked, onPlay }: ScratchCardProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const prize = useSelector(actor, ({ context }) => context.prize);
  const scratchedOff = useSelector(actor, ({ context }) => context.remaining === 0);
  const last = useRef<[number, number] | null>(null);
  const measuring = useRef(0);

  // The cover, painted at the device's pixel ratio (capped at 2: more only costs measuring).
  useLayoutEffect(() => {
    const target = canvas.current!;
    const ratio = Math.min(2, devicePixelRatio || 1);
    target.width = Math.round(target.clientWidth * ratio);
    target.height = Math.round(target.clientHeight * ratio);
    const context = target.getContext('2d', { willReadFrequently: true })!;
    context.fillStyle = getComputedStyle(target).getPropertyValue('--kite-scratch-cover').trim() || DEFAULT_COVER;
    context.fillRect(0, 0, target.width, target.height);
  }, []);

  useLayoutEffect(() => {
    if (scratchedOff) canvas.current!.getContext('2d')!.clearRect(0, 0, canvas.current!.width, canvas.current!.height);
  }, [scratchedOff]);

  const measure = () => {
    measuring.current ||= requestAnimationFrame(() => {
      measuring.current = 0;
      if (canvas.current) actor.send({ type: 'SCRATCH', remaining: coveredShare(canvas.current) });
    });
  };

  const scratchTo = (event: PointerEvent<HTMLCanvasElement>) => {
    const target = event.currentTarget;
    const rect = target.getBoundingClientRect();
    const scale = target.width / rect.width;
    const point: [number, number] = [(event.clientX - rect.left) * scale, (event.clientY - rect.top) * scale];
    const context = target.getContext('2d')!;
    context.globalCompositeOperation = 'destination-out';
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.lineWidth = GAMIFIED.SCRATCH_BRUSH_PX * scale;
    context.beginPath();
    context.moveTo(...(last.current ?? point));
    context.lineTo(...point);
    context.stroke();
    last.current = point;
    measure();
  };

  return (
    <div part="scratch-card" aria-disabled={unlocked ? undefined : true}>
      <p part="scratch-prize" aria-hidden={scratchedOff ? undefined : true}>
        {prize?.label}
      </p>
      <canvas
        ref={canvas}
        part="scratch-cover"
        aria-hidden="true"
        onPointerDown={(event) => {
          if (!unlocked || event.button > 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          // Measured again once the game has started: strokes made while it waited for its draw count too.
          onPlay(measure);
          last.current = null;
          scratchTo(event);
        }}
        onPointerMove={(event) => {
          if (last.current) scratchTo(event);
        }}
        onPointerUp={() => (last.current = null)}
        onPointerCancel={() => (last.current = null)}
      />
      <p part="scratch-hint">{t(lang, 'gameScratchHint')}</p>
      <button
        part="game-play"
        type="button"
        aria-disabled={unlocked && !scratchedOff ? undefined : true}
        onClick={() => {
          if (!unlocked) return;
          onPlay(() => actor.send({ type: 'SCRATCH', remaining: 0 }));
        }}
      >
        {playText}
      </button>
    </div>
  );
}
