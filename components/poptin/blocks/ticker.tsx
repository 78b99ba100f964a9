import { useState } from 'react';
import { tickerAnimationSeconds } from '../../../shared/logic/ticker.ts';
import { applyDateTags } from '../../../shared/logic/date-tags.ts';
import { isRightToLeft } from '../../../shared/i18n/index.ts';
import { t } from '../../../shared/i18n/blocks.ts';
import { useReducedMotion } from './use-reduced-motion.ts';
import { tickerStyles } from './ticker.styles.ts';
import { adoptsStyles } from '../../../shared/dom/adopt-styles.ts';

const adoptTickerStyles = adoptsStyles(tickerStyles);

export interface TickerProps {
  /** The scrolling text; date tags (`{{today}}`, ...) are replaced. */
  text: string;
  /** Default 7000; one pass takes duration / 400 seconds (widget spec section 9). */
  durationMs?: number;
  /** Page language: the date tags' words and the scroll direction (right to left for Hebrew). */
  lang?: string;
  /** The moment the date tags describe; default: when the ticker mounted. */
  now?: Date;
}

/**
 * Text scrolling across the pop-up (`role="marquee"`). It pauses while hovered or focused (it
 * can be focused for that, WCAG 2.2.2 "Pause, Stop, Hide") and stands still, wrapped, under
 * `prefers-reduced-motion`. The duration is an inline style, the keyframes are in `blockStyles`.
 */
export function Ticker({ text, durationMs, lang = 'en', now }: TickerProps) {
  const reduced = useReducedMotion();
  const [mountedAt] = useState(() => new Date());
  const seconds = tickerAnimationSeconds(durationMs);
  return (
    <div
      part="ticker"
      ref={adoptTickerStyles}
      role="marquee"
      aria-label={t(lang, 'ticker')}
      dir={isRightToLeft(lang) ? 'rtl' : 'ltr'}
      data-motion={reduced ? 'static' : 'scroll'}
      tabIndex={reduced ? undefined : 0}
    >
      <span part="ticker-text" style={reduced ? undefined : { animationDuration: `${seconds}s` }}>
        {applyDateTags(text, now ?? mountedAt, lang)}
      </span>
    </div>
  );
}
