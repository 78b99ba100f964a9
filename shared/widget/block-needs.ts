/**
 * The tests for the block views that are files of their own (components/poptin/blocks/block-views.ts),
 * apart from record-needs.ts: only a pop-up with content blocks runs them, so they travel with the
 * block view, not with every pop-up's code.
 */
import { opensWith, type NeedsCode } from './record-needs.ts';

/** A countdown block's view and its clock, on the first screen. */
export const needsCountdown: NeedsCode = (record) => opensWith(record, 'countdown');
/** A ticker block's view (with the date tags' code it fills its text with), on the first screen. */
export const needsTicker: NeedsCode = (record) => opensWith(record, 'ticker');
/** A video block's view, on the first screen. */
export const needsVideo: NeedsCode = (record) => opensWith(record, 'video');
/** A coupon block's view, on the first screen. */
export const needsCoupon: NeedsCode = (record) => opensWith(record, 'coupon');
/** An extra buttons block's view, on the first screen. */
export const needsExtraButtons: NeedsCode = (record) => opensWith(record, 'extra_buttons');
