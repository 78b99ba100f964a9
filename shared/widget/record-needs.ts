/**
 * The tests that decide which lazily loaded parts a pop-up record's first frame needs, beyond the
 * pop-up's own chunk (the widget's runtime and `kite-poptin` with their static imports). The
 * widget and the pop-up call them before they import a part; `RECORD_CODE` (record-code.ts) names
 * each for `npm run size`, which applies the same tests to every demo record. Named functions, so
 * the bundle keeps only those the widget calls.
 */
import { isContentBlock } from '../schema/blocks.ts';
import { blocksOf } from '../schema/poptin-record.schema.ts';
import type { Block, DesignProperties, FieldKind, FormField, PoptinRecord } from '../schema/poptin-record.ts';
import { placementOf } from '../logic/layout.ts';
import { needsKeyframes } from '../effects/effects.ts';

/** Whether `record`'s first frame needs a lazily loaded part; `raw` is the record as the display answer gave it, when it differs. */
export type NeedsCode = (record: PoptinRecord, raw?: unknown) => boolean;

/** Kinds the pop-up's form renders and checks itself; the others (and phone in its advanced and international modes) come with form/fields.tsx. */
const CORE_KINDS: readonly FieldKind[] = ['email', 'name', 'first_name', 'last_name', 'phone', 'checkbox', 'message', 'hidden'];
/** A field the form's own chunk handles, without the other field kinds' chunk. */
export const isCoreField = (field: FormField): boolean =>
  CORE_KINDS.includes(field.kind) && !(field.kind === 'phone' && field.mode && field.mode !== 'basic');
/** Fields that need the other field kinds' chunk (a kind outside the core, or a core kind with extras). */
export const needsExtraFields = (fields: readonly FormField[]): boolean => fields.some((field) => !isCoreField(field) || field.extra);

/** A title or text with `{{...}}` in it: the only blocks that need the date tags' code. */
export const usesDateTags = (blocks: readonly Block[]): boolean =>
  blocks.some((block) => (block.type === 'title' || block.type === 'text') && block.text.includes('{{'));

/** A setting of the add to cart on submit: `add_to_cart`, `wix_add_to_cart` or a numbered variant of either (read by shared/logic/products.ts poptinCartLines). */
export const addsToCart = (properties: DesignProperties): boolean => /add_to_cart/.test(Object.keys(properties).join());

/** The record settings' names (record-settings.schema.ts), as keys of the record's JSON. */
const USES_SETTINGS = /"(display|x_close_button|d_f_a|auto_pilot_trigger|cookie|poptin_fields|client_restriction_setting|source_code_target_active|switch_mobile_editor|poptin_design_content_lock|welcome|landing_page)":/;

/** The blocks of the screen a pop-up opens on: its welcome screen's, else its main screen's. */
const firstScreen = (record: PoptinRecord): Block[] => record.design?.welcome?.blocks ?? record.design?.blocks ?? [];
/** Whether the screen a pop-up opens on has a block of `type`. */
export const opensWith = (record: PoptinRecord, type: Block['type']) => firstScreen(record).some((block) => block.type === type);
const formFields = (record: PoptinRecord): FormField[] => firstScreen(record).flatMap((block) => (block.type === 'form' ? block.fields : []));
const properties = (record: PoptinRecord): DesignProperties => record.design_properties;

/** The close X is the record's close control (the note hangs on it). */
export const closesWithX = (properties: DesignProperties): boolean =>
  (properties.poptin_design_close_options_type ?? 'closing_options-x') === 'closing_options-x';

/** Every page with pop-ups arms the trigger listeners (components/widget/watch.ts) before any shows. */
export const needsWatch: NeedsCode = () => true;
/** Content blocks' schemas and the past-timer check (shared/widget/admit.ts). */
export const needsContentSchemas: NeedsCode = (record) => blocksOf(record).some(isContentBlock);
/** The record settings (shared/widget/admit.ts). */
export const needsRecordSettings: NeedsCode = (record, raw = record) => USES_SETTINGS.test(JSON.stringify(raw));
/** Date tags in a title or text, filled in before the pop-up shows. */
export const needsDateTags: NeedsCode = (record) => usesDateTags(blocksOf(record));
/** Entry and exit effects other than fade and none. */
export const needsEffects: NeedsCode = (record) =>
  needsKeyframes([properties(record).poptin_design_entry_effect, properties(record).poptin_design_exit_effect]);
/** The CSS of the frames other than the lightbox's overlay. */
export const needsFrameStyles: NeedsCode = (record) => placementOf(record.poptin_type, properties(record).poptin_location).frame !== 'overlay';
/** The CSS of the horizontal layout. */
export const needsLayoutStyles: NeedsCode = (record) => record.design?.layout === 'horizontal';
/** A markup design: its loader and DOMPurify. */
export const needsMarkup: NeedsCode = (record) => !record.design;
/** The view of content blocks, on the first screen. */
export const needsContentBlocks: NeedsCode = (record) => firstScreen(record).some(isContentBlock);
/** A products block's cards. */
export const needsProducts: NeedsCode = (record) => opensWith(record, 'products');
/** A game block's machines and views. */
export const needsGame: NeedsCode = (record) => opensWith(record, 'game');
/** Field kinds beyond the core ones. */
export const needsFieldKinds: NeedsCode = (record) => needsExtraFields(formFields(record));
/** The credit badge. */
export const needsCreditBadge: NeedsCode = (record) => record.if_poptin_credit === true;
/** The note beside the close X. */
export const needsCloseNote: NeedsCode = (record) => Boolean(properties(record).poptin_design_show_x_comment) && closesWithX(properties(record));
/** A background animation. */
export const needsBackground: NeedsCode = (record) => Boolean(record.design?.background_animation);
/** Record settings the view shows: a welcome screen, a content lock, a landing page, an add to cart. */
export const needsSettings: NeedsCode = (record) =>
  Boolean(record.landing_page || properties(record).poptin_design_content_lock || record.design?.welcome) || addsToCart(properties(record));
/** The add to cart on submit. */
export const needsCart: NeedsCode = (record) => addsToCart(properties(record));
/** A tab teaser that re-opens the pop-up: the pop-up's life on the page is heard before it shows (poptin-life.ts). */
export const needsTeaser: NeedsCode = (record) => record.is_teasers_on === true;
/**
 * The tab itself, before the pop-up shows: every display mode but `after_close` (the default), whose
 * tab shows only once the pop-up has closed, so its code waits until the pop-up is on screen.
 */
export const needsTeaserTab: NeedsCode = (record) => needsTeaser(record) && (record.teaser?.display_mode ?? 'after_close') !== 'after_close';
