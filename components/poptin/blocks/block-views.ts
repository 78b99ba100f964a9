/**
 * The content blocks whose views are chunks of their own: a countdown (with its clock), a ticker
 * (with the date tags' code) and a video. Most pop-ups with content blocks have none of them (a
 * game, a coupon, extra buttons), and the game's pop-ups fetched all three with the block view
 * (issue 22, item 1). A pop-up fetches the ones its first screen has before it shows, beside the
 * block view, so none of them is a round trip after it; a later screen's load when it shows.
 */
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import { needsCountdown, needsTicker, needsVideo } from '../../../shared/widget/record-needs.ts';

export const loadCountdown = () => import('./countdown.tsx');
export const loadTicker = () => import('./ticker.tsx');
export const loadVideo = () => import('./video.tsx');

/** Fetches the views of the blocks on `record`'s first screen that are chunks of their own. */
export const loadFirstScreenBlockViews = (record: PoptinRecord): Promise<unknown> =>
  Promise.all([needsCountdown(record) && loadCountdown(), needsTicker(record) && loadTicker(), needsVideo(record) && loadVideo()]);
