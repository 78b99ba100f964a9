/**
 * The content blocks whose views are files of their own: a countdown (with its clock), a ticker
 * (with the date tags' code), a video, a coupon, extra buttons, product recommendations and a
 * game. A pop-up with content blocks has few of them, if any, and every one of them fetched the
 * first five with the block view (issue 22, item 1). While a record is checked, the pop-up
 * fetches the block view and, from it, the views its first screen has (poptin.record.ts), so all
 * have arrived, and render in its first frame, when it shows; a later screen's load when it shows.
 */
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import type { NeedsCode } from '../../../shared/widget/record-needs.ts';
import { needsGame, needsProducts } from '../../../shared/widget/record-needs.ts';
import { needsCountdown, needsCoupon, needsExtraButtons, needsTicker, needsVideo } from '../../../shared/widget/block-needs.ts';
import { lazyView, type LazyView } from '../../../shared/dom/lazy-view.ts';

export const Countdown = lazyView(() => import('./countdown.tsx').then((module) => module.Countdown));
export const Ticker = lazyView(() => import('./ticker.tsx').then((module) => module.Ticker));
export const Video = lazyView(() => import('./video.tsx').then((module) => module.Video));
export const Coupon = lazyView(() => import('./coupon.tsx').then((module) => module.Coupon));
export const ExtraButtons = lazyView(() => import('./extra-buttons.tsx').then((module) => module.ExtraButtons));
/** Product recommendations, with their machine and the store calls. */
export const Products = lazyView(() => import('./products.tsx').then((module) => module.Products));
/** A gamified pop-up's game, with its machines and styles. */
export const GameView = lazyView(() => import('../game/game.view.tsx').then((module) => module.GameView));

const VIEWS: ReadonlyArray<readonly [NeedsCode, Pick<LazyView<object>, 'load'>]> = [
  [needsCountdown, Countdown],
  [needsTicker, Ticker],
  [needsVideo, Video],
  [needsCoupon, Coupon],
  [needsExtraButtons, ExtraButtons],
  [needsProducts, Products],
  [needsGame, GameView],
];

/** Fetches the views of the blocks on `record`'s first screen that are chunks of their own. */
export const loadFirstScreenBlockViews = (record: PoptinRecord): Promise<unknown> =>
  Promise.all(VIEWS.filter(([needs]) => needs(record)).map(([, view]) => view.load()));
