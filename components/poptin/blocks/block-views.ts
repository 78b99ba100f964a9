/**
 * The content blocks whose views are files of their own: a countdown (with its clock), a ticker
 * (with the date tags' code), a video, a coupon and extra buttons. A pop-up with content blocks
 * has few of them, if any (a game needs only the coupon, for its prize; product recommendations
 * none), and every one of them fetched all five with the block view (issue 22, item 1). While a
 * record is checked, the pop-up fetches the block view and, from it, the views its first screen
 * has (poptin.record.ts), so all have arrived when it shows; a later screen's load when it shows.
 */
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import type { NeedsCode } from '../../../shared/widget/record-needs.ts';
import { needsCountdown, needsCoupon, needsExtraButtons, needsTicker, needsVideo } from '../../../shared/widget/block-needs.ts';

export const loadCountdown = () => import('./countdown.tsx');
export const loadTicker = () => import('./ticker.tsx');
export const loadVideo = () => import('./video.tsx');
export const loadCoupon = () => import('./coupon.tsx');
export const loadExtraButtons = () => import('./extra-buttons.tsx');

const VIEWS: ReadonlyArray<readonly [NeedsCode, () => Promise<unknown>]> = [
  [needsCountdown, loadCountdown],
  [needsTicker, loadTicker],
  [needsVideo, loadVideo],
  [needsCoupon, loadCoupon],
  [needsExtraButtons, loadExtraButtons],
];

/** Fetches the views of the blocks on `record`'s first screen that are chunks of their own. */
export const loadFirstScreenBlockViews = (record: PoptinRecord): Promise<unknown> =>
  Promise.all(VIEWS.filter(([needs]) => needs(record)).map(([, load]) => load()));
