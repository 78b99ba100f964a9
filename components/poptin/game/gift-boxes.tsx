import { useSelector } from '@xstate/react';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import { t } from '../../../shared/i18n/blocks.ts';
import type { GameActor } from './game.view.tsx';

export interface GiftBoxesProps {
  actor: GameActor;
  lang: string;
  /** The form is filled in (or there is none): a box may be opened. */
  unlocked: boolean;
  onOpen: (box: number) => void;
}

const BOXES = Array.from({ length: GAMIFIED.GIFT_BOXES }, (_, box) => box);

/** The gift boxes: a click (or Enter, Space) on one opens it and draws the prize; the result follows 1 s later. */
export function GiftBoxes({ actor, lang, unlocked, onOpen }: GiftBoxesProps) {
  const opened = useSelector(actor, ({ context }) => context.box);
  return (
    <div part="gift-boxes">
      {BOXES.map((box) => (
        <button
          key={box}
          part="gift-box"
          type="button"
          data-open={opened === box ? '' : undefined}
          aria-disabled={unlocked && opened === null ? undefined : true}
          aria-label={t(lang, 'gameOpenBox', { number: String(box + 1), count: String(BOXES.length) })}
          onClick={() => onOpen(box)}
        >
          <span part="gift-box-lid" aria-hidden="true" />
          <span part="gift-box-body" aria-hidden="true" />
        </button>
      ))}
    </div>
  );
}
