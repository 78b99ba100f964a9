/** The pop-up's content blocks (docs/content-blocks.md): one small React view each, and their CSS. */
export { Countdown, type CountdownProps } from './countdown.tsx';
export { Coupon, type CouponProps } from './coupon.tsx';
export { Ticker, type TickerProps } from './ticker.tsx';
export { Video, type VideoProps } from './video.tsx';
export { ExtraButtons, type ExtraButtonsProps } from './extra-buttons.tsx';
export { CreditBadge, type CreditBadgeProps } from './credit-badge.tsx';
export { ContentBlockView, isContentBlock, type ContentBlockProps } from './content-block.tsx';
export { blockStyles } from './blocks.styles.ts';
