/** The pop-up's content blocks (docs/content-blocks.md): one small React view each, and their CSS. */
export { Countdown, type CountdownProps } from './countdown.tsx';
export { Coupon, type CouponProps } from './coupon.tsx';
export { Ticker, type TickerProps } from './ticker.tsx';
export { Video, type VideoProps } from './video.tsx';
export { ExtraButtons, type ExtraButtonsProps } from './extra-buttons.tsx';
export { CreditBadge, type CreditBadgeProps } from './credit-badge.tsx';
export { ContentBlockView, isContentBlock, type ContentBlockProps } from './content-block.tsx';
import { blockStyles } from './blocks.styles.ts';
import { countdownStyles } from './countdown.styles.ts';
import { couponStyles } from './coupon.styles.ts';
import { tickerStyles } from './ticker.styles.ts';
import { videoStyles } from './video.styles.ts';
import { extraButtonsStyles } from './extra-buttons.styles.ts';
import { creditBadgeStyles } from './credit-badge.styles.ts';

export { blockStyles, countdownStyles, couponStyles, tickerStyles, videoStyles, extraButtonsStyles, creditBadgeStyles };
/** The CSS of every block view at once, for a page that renders blocks outside the pop-up's shadow root. */
export const everyBlockStyles = [blockStyles, countdownStyles, couponStyles, tickerStyles, videoStyles, extraButtonsStyles, creditBadgeStyles].join('\n');
