import type { Page } from 'playwright-core';

/** One layout shift as the page reported it: its score, when (ms from navigation), and each moved node with its box before and after. */
export interface LayoutShift {
  value: number;
  at: number;
  moved: string[];
}
/** Kite's files as the demo server serves them (a Playwright route pattern). */
export declare const KITE_FILES: string;
/** Every page the demo server serves from its public folder, by its address (`/shop/cart.html`). */
export declare function demoPages(dir?: string): string[];
/** Waits until every Kite element in `page` is defined and has rendered, then two frames. */
export declare function upgraded(page: Page, timeout: number): Promise<void>;
/** The layout shifts `url` reports with Kite's files held until the first frame (or refused, `withKite: false`); `sinceKite`: only from its first element's definition on. */
export declare function layoutShiftsOf(page: Page, url: string, options: { withKite?: boolean; sinceKite?: boolean; timeout: number }): Promise<LayoutShift[]>;
/** How far down the page (CSS px from its top) its Kite elements reach; 0 without any. */
export declare function kiteElementsReach(page: Page): Promise<number>;
/** The cumulative layout shift of `shifts`. */
export declare function cumulativeShift(shifts: LayoutShift[]): number;
