import type { ContentBlock, ExtraButton } from '../../../shared/schema/blocks.ts';
import { Countdown } from './countdown.tsx';
import { Coupon } from './coupon.tsx';
import { Ticker } from './ticker.tsx';
import { Video } from './video.tsx';
import { ExtraButtons } from './extra-buttons.tsx';

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
}

/** Renders any content block by its `type`; the pop-up's block list hands these over here. */
export function ContentBlockView({ block, lang = 'en', shownAt, onTimerExpire, onCopy, onButton, onClose }: ContentBlockProps) {
  switch (block.type) {
    case 'countdown':
      return <Countdown timer={block.timer} timerVer={block.timer_ver} shownAt={shownAt} lang={lang} onExpire={onTimerExpire} />;
    case 'coupon':
      return <Coupon code={block.code} lang={lang} onCopy={onCopy} />;
    case 'ticker':
      return <Ticker text={block.text} durationMs={block.duration_ms} lang={lang} />;
    case 'video':
      return <Video url={block.url} title={block.title} poster={block.poster} lang={lang} />;
    case 'extra_buttons':
      return <ExtraButtons buttons={block.buttons} lang={lang} onButton={onButton} onClose={onClose} />;
  }
}

/** True for the block types this folder renders. */
export const isContentBlock = (block: { type: string }): block is ContentBlock =>
  block.type === 'countdown' || block.type === 'coupon' || block.type === 'ticker' || block.type === 'video' || block.type === 'extra_buttons';
