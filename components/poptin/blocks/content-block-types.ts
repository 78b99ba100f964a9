import type { ContentBlock } from '../../../shared/schema/blocks.ts';

/** True for the block types this folder renders (kept apart so telling costs nothing to load). */
export const isContentBlock = (block: { type: string }): block is ContentBlock =>
  block.type === 'countdown' || block.type === 'coupon' || block.type === 'ticker' || block.type === 'video' || block.type === 'extra_buttons';
