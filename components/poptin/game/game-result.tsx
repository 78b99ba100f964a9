import { useSelector } from '@xstate/react';
import { t } from '../../../shared/i18n/blocks.ts';
import { Coupon } from '../blocks/coupon.tsx';
import type { GameActor } from './game.view.tsx';

/** The winning or losing screen: its title, the prize's label, and a won prize's code as a copyable coupon. */
export function GameResult({ actor, lang }: { actor: GameActor; lang: string }) {
  const prize = useSelector(actor, ({ context }) => context.prize);
  const won = useSelector(actor, (snapshot) => snapshot.matches('won'));
  return (
    <div part="game-result" data-won={won ? '' : undefined}>
      <p part="game-result-title">{t(lang, won ? 'gameWonTitle' : 'gameLostTitle')}</p>
      {prize && <p part="game-prize">{prize.label}</p>}
      {won && prize?.code && <Coupon code={prize.code} lang={lang} />}
    </div>
  );
}
