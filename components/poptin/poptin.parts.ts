/**
 * The parts of a pop-up whose code is a file of its own, loaded only by the records that have
 * one. The record step (poptin.record.ts) fetches those of the first frame, so they render in it:
 * before, the credit badge came in a few frames after the pop-up showed, and its height jumped.
 * The background animation is drawn behind the content and moves nothing, so the pop-up does not
 * wait for it.
 */
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';
import { needsCloseNote, needsCreditBadge, needsSettings, type NeedsCode } from '../../shared/widget/record-needs.ts';
import { lazyView, type LazyView } from '../../shared/dom/lazy-view.ts';

/** The badge of a record with `if_poptin_credit`, with its texts. */
export const CreditBadge = lazyView(() => import('./blocks/credit-badge.tsx').then((module) => module.CreditBadge));
/** The note beside the close X, with its CSS. */
export const CloseNote = lazyView(() => import('./poptin.note.tsx').then((module) => module.CloseNote));
/** The background animation's canvas and scenes. */
export const Background = lazyView(() => import('./poptin.background.tsx').then((module) => module.BackgroundCanvas));
/** A welcome screen, a content lock, landing-page mode or an add to cart on submit (`add_to_cart`, `wix_add_to_cart` and their numbered variants). */
export const Settings = lazyView(() => import('./poptin.settings.tsx').then((module) => module.PoptinSettings));

const FIRST_FRAME_PARTS: ReadonlyArray<readonly [NeedsCode, Pick<LazyView<object>, 'load'>]> = [
  [needsCreditBadge, CreditBadge],
  [needsCloseNote, CloseNote],
  [needsSettings, Settings],
];

/**
 * Fetches the parts `record`'s first frame has. One that does not arrive fails again as it
 * renders, where the pop-up leaves it out (a decoration) or is skipped (its settings).
 */
export const loadFirstFrameParts = (record: PoptinRecord): Promise<unknown> =>
  Promise.all(FIRST_FRAME_PARTS.filter(([needs]) => needs(record)).map(([, part]) => part.load().catch(() => undefined)));
