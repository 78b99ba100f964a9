import { Suspense } from 'react';
import type { ContentBlock, ExtraButton } from '../../../shared/schema/blocks.ts';
import { blockStyles } from './blocks.styles.ts';
import { adoptsStyles } from '../../../shared/dom/adopt-styles.ts';
import type { GameViewProps } from '../game/game.view.tsx';
// Chunks of their own, fetched before the pop-up shows when its first screen has one (block-views.ts).
import { Countdown, Coupon, ExtraButtons, GameView, Products, Ticker, Video } from './block-views.ts';

export interface ContentBlockProps {
  block: ContentBlock;
  /** Page language; default `en`. */
  lang?: string;
  /** When the pop-up was shown: `from_now` timers count from it. */
  shownAt?: Date;
  /** A countdown ended (a flip clock: under one second left): close with trigger `timer`. */
  onTimerExpire?: () => void;
  /** The coupon code was copied. */
  onCopy?: (code: string) => void;
  /** Extra button 2 to 6 was clicked. */
  onButton?: (number: number, button: ExtraButton) => void;
  /** The extra close button was clicked: close with trigger `close_button`. */
  onClose?: () => void;
  /** A game block's pop-up, its form state, and the form the game takes over. */
  game?: Pick<GameViewProps, 'poptin' | 'form' | 'renderForm'>;
}

/** The blocks' shared CSS joins the pop-up's shadow root before they paint (a ref runs before paint); each view brings its own. */
const adoptBlockStyles = adoptsStyles(blockStyles);

/**
 * Renders any content block by its `type`; the pop-up's block list hands these over here. This
 * module loads only for pop-ups with content blocks, and brings its own styles.
 */
export function ContentBlockView(props: ContentBlockProps) {
  return (
    <div ref={adoptBlockStyles} style={{ display: 'contents' }}>
      <ContentBlock {...props} />
    </div>
  );
}

function ContentBlock({ block, lang = 'en', shownAt, onTimerExpire, onCopy, onButton, onClose, game }: ContentBlockProps) {
  switch (block.type) {
    case 'countdown':
      return <Countdown timer={block.timer} timerVer={block.timer_ver} shownAt={shownAt} lang={lang} onExpire={onTimerExpire} />;
    case 'coupon':
      return <Coupon code={block.code} lang={lang} onCopy={onCopy} />;
    case 'ticker':
      return <Ticker text={block.text} durationMs={block.duration_ms} lang={lang} />;
    case 'video':
      return <Video url={block.url} title={block.title} poster={block.poster} lang={lang} captions={block.captions} />;
    case 'extra_buttons':
      return <ExtraButtons buttons={block.buttons} lang={lang} onButton={onButton} onClose={onClose} />;
    case 'products':
      return (
        game && (
          <Suspense>
            <Products block={block} lang={lang} poptin={game.poptin} />
          </Suspense>
        )
      );
    case 'game':
      return (
        game && (
          <Suspense>
            <GameView block={block} lang={lang} {...game} />
          </Suspense>
        )
      );
  }
}

export { isContentBlock } from '../../../shared/schema/blocks.ts';
// For the pop-up's record step, which fetches this file and the views beside it (poptin.record.ts).
export { loadFirstScreenBlockViews } from './block-views.ts';
