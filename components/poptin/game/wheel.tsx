import { useSelector } from '@xstate/react';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import { prizeIndexOfSegment, WHEEL_SEGMENTS } from '../../../shared/logic/prize.ts';
import { spinMsOf } from '../../../machines/gamified/game.ts';
import type { GameActor } from './game.view.tsx';

export interface WheelProps {
  actor: GameActor;
  playText: string;
  /** A Spin button of its own; with a form, the form's button spins. */
  showPlay: boolean;
  onPlay: () => void;
}

const SEGMENTS = Array.from({ length: WHEEL_SEGMENTS }, (_, segment) => segment);

/**
 * The wheel (format 3): 12 segments of 30 degrees, the prizes going round in order, under a pointer
 * at the top. The spin is one CSS transform transition to the machine's rotation over the machine's
 * spin time, so it runs on the compositor and ends as the machine shows the result; under reduced
 * motion the stylesheet drops the transition (the machine's short, still version).
 */
export function Wheel({ actor, playText, showPlay, onPlay }: WheelProps) {
  const prizes = useSelector(actor, ({ context }) => context.prizes);
  const rotation = useSelector(actor, ({ context }) => context.rotation);
  const spinning = useSelector(actor, (snapshot) => snapshot.matches('playing'));
  const spinMs = useSelector(actor, ({ context }) => spinMsOf(context));
  return (
    <div part="wheel">
      <div part="wheel-pointer" aria-hidden="true" />
      <div part="wheel-disc" aria-hidden="true" data-spinning={spinning ? '' : undefined} style={{ transform: `rotate(${rotation}deg)`, transitionDuration: `${spinMs}ms` }}>
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            part="wheel-label"
            data-segment={segment}
            style={{ transform: `rotate(${segment * GAMIFIED.WHEEL_SEGMENT_DEGREES + GAMIFIED.WHEEL_SEGMENT_DEGREES / 2}deg)` }}
          >
            {prizes[prizeIndexOfSegment(segment, prizes.length)]?.label}
          </span>
        ))}
      </div>
      {/* The prizes as text for screen readers: the painted labels go round and are hidden. */}
      <ul className="kite-visually-hidden">
        {prizes.map((prize, index) => (
          <li key={index}>{prize.label}</li>
        ))}
      </ul>
      {showPlay && (
        <button part="game-play" type="button" aria-disabled={spinning ? true : undefined} onClick={onPlay}>
          {playText}
        </button>
      )}
    </div>
  );
}
