// The modules each lazily loaded part of a pop-up loads (RECORD_CODE in shared/widget/record-code.ts
// decides which parts a record needs), as the chunk graph names them: paths from the repository
// root, each loaded with its chunk's static imports. Here, not beside the tests, so the shipped
// code carries no paths; test/scripts/record-sizes.test.ts holds the two to the same names.
export const RECORD_CODE_MODULES = {
  watch: ['components/widget/watch.ts'],
  contentSchemas: ['shared/schema/poptin-record.complete.ts'],
  recordSettings: ['shared/widget/record-settings.ts'],
  dateTags: ['shared/logic/date-tags.ts'],
  keyframes: ['shared/effects/keyframes.ts'],
  frameStyles: ['components/poptin/poptin.frames.styles.ts'],
  layoutStyles: ['components/poptin/poptin.layout.styles.ts'],
  markup: ['components/poptin/poptin.markup.load.ts', 'node_modules/dompurify/dist/purify.es.mjs'],
  contentBlocks: ['components/poptin/blocks/content-block.tsx'],
  countdown: ['components/poptin/blocks/countdown.tsx'],
  ticker: ['components/poptin/blocks/ticker.tsx'],
  video: ['components/poptin/blocks/video.tsx'],
  coupon: ['components/poptin/blocks/coupon.tsx'],
  extraButtons: ['components/poptin/blocks/extra-buttons.tsx'],
  products: ['components/poptin/blocks/products.tsx'],
  game: ['components/poptin/game/game.view.tsx'],
  extraFields: ['components/poptin/form/fields.tsx'],
  creditBadge: ['components/poptin/blocks/credit-badge.tsx'],
  closeNote: ['components/poptin/poptin.note.tsx'],
  background: ['components/poptin/poptin.background.tsx'],
  settings: ['components/poptin/poptin.settings.tsx'],
  cart: ['components/poptin/poptin.cart.tsx'],
  teaserLife: ['components/tab-teaser/poptin-life.ts'],
  teaserTab: ['components/widget/teaser.ts', 'components/tab-teaser/tab-teaser.element.ts'],
};
