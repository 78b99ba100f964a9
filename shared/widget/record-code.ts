/**
 * Every lazily loaded part of a pop-up's first frame, by name, with the test the widget decides it
 * by (record-needs.ts). Read by `npm run size` (scripts/size.mjs), which names each part's modules
 * in scripts/record-code-modules.mjs; the shipped code imports the tests themselves, not this table.
 */
import {
  needsBackground,
  needsCart,
  needsCloseNote,
  needsContentBlocks,
  needsContentSchemas,
  needsCreditBadge,
  needsDateTags,
  needsEffects,
  needsFieldKinds,
  needsFrameStyles,
  needsGame,
  needsLayoutStyles,
  needsMarkup,
  needsProducts,
  needsRecordSettings,
  needsSettings,
  needsTeaser,
  needsTeaserTab,
  needsWatch,
  type NeedsCode,
} from './record-needs.ts';
import { needsCountdown, needsCoupon, needsExtraButtons, needsTicker, needsVideo } from './block-needs.ts';

const tests = {
  watch: needsWatch,
  contentSchemas: needsContentSchemas,
  recordSettings: needsRecordSettings,
  dateTags: needsDateTags,
  keyframes: needsEffects,
  frameStyles: needsFrameStyles,
  layoutStyles: needsLayoutStyles,
  markup: needsMarkup,
  contentBlocks: needsContentBlocks,
  countdown: needsCountdown,
  ticker: needsTicker,
  video: needsVideo,
  coupon: needsCoupon,
  extraButtons: needsExtraButtons,
  products: needsProducts,
  game: needsGame,
  extraFields: needsFieldKinds,
  creditBadge: needsCreditBadge,
  closeNote: needsCloseNote,
  background: needsBackground,
  settings: needsSettings,
  cart: needsCart,
  teaserLife: needsTeaser,
  teaserTab: needsTeaserTab,
} satisfies Record<string, NeedsCode>;

/** A lazily loaded part's name. */
export type RecordCodeName = keyof typeof tests;

/** Every lazily loaded part of a pop-up's first frame, by name, with its test. */
export const RECORD_CODE: Readonly<Record<RecordCodeName, NeedsCode>> = tests;
