import { array, boolean, byType, droppable, integer, number, object, oneOf, optional, refine, string, union, validate, type OptionalSchema, type Schema } from './validate.ts';
import { TRIGGER } from '../constants/widget.ts';
import { RECORD_LIMITS } from '../constants/record.ts';
import { COLOUR_MAX_LENGTH, isColourSyntax } from '../logic/colour.ts';
import { EFFECTS } from '../effects/effects.ts';
import { CONTENT_BLOCK_TYPES, type ContentBlock } from './blocks.ts';
import type { Block, PoptinRecord } from './poptin-record.ts';

/**
 * The pop-up record's schema (docs/poptin-record.md): what a record must look like before it is
 * shown. Content blocks (countdown, coupon, ...) have schemas of their own (blocks.schema.ts), which
 * the widget fetches only for a record that has some: see `recordSchema` and poptin-record.complete.ts.
 */

const text = (max: number) => string({ max });
const SHORT_TEXT = 200;
const LONG_TEXT = 5_000;
const URL_TEXT = 2_048;
const MARKUP_TEXT = RECORD_LIMITS.MARKUP_MAX_CHARS;
const MAX_BLOCKS = 50;
const MAX_FIELDS = RECORD_LIMITS.FORM_FIELDS_MAX;

/**
 * A colour and nothing else, by `isColour` (shared/logic/colour.ts): no `url()` to load, nothing
 * that could leave the declaration. The widget checks the shape; the server the names too.
 */
export const colourSchema = (isColour: (value: string) => boolean) =>
  refine(string({ max: COLOUR_MAX_LENGTH }), (value) =>
    isColour(value) ? undefined : 'is not a colour (hex, rgb(), hsl(), a colour name, transparent or currentcolor)',
  );

/** The design's colours, each set as a custom property of the pop-up's style. */
export const DESIGN_COLOURS = ['background_color', 'text_color', 'button_color', 'button_text_color'] as const;
/** An entry or exit effect: the list the effects module plays (section 2 "Entry effects"). */
const effect = oneOf(...EFFECTS);

/** Choices of a radio group, select or checkbox group. */
const MAX_OPTIONS = 100;
/** A submission key: what a form field name may be. */
const fieldKey = string({ min: 1, max: SHORT_TEXT, pattern: /^[\w.[\]-]+$/, patternMessage: 'must be letters, digits, _ . - [ ]' });

/** A form field (docs/poptin-record.md "Form fields"). */
const field = object({
  name: string({ min: 1, max: SHORT_TEXT }),
  kind: oneOf(
    'email', 'name', 'first_name', 'last_name', 'phone', 'checkbox', 'message', 'hidden', 'birthday', 'date', 'url',
    'radio', 'select', 'checkbox_group', 'number', 'text', 'call', 'redirect_link',
  ),
  label: text(SHORT_TEXT),
  placeholder: optional(text(SHORT_TEXT)),
  required: optional(boolean()),
  value: optional(union(text(LONG_TEXT), boolean())),
  key: optional(fieldKey),
  options: optional(array(object({ value: text(SHORT_TEXT), label: optional(text(SHORT_TEXT)) }), { max: MAX_OPTIONS })),
  mode: optional(oneOf('check-typos', 'business-email', 'typos-business', 'basic', 'advanced', 'international')),
  default_country: optional(string({ pattern: /^[A-Za-z]{2}$/, patternMessage: 'must be a two-letter country code' })),
  phone_message: optional(oneOf('digits', 'valid')),
  picker: optional(oneOf('native', 'text')),
  target: optional(oneOf('_self', '_blank')),
  extra: optional(
    object({
      id: optional(union(text(SHORT_TEXT), number())),
      type: optional(text(SHORT_TEXT)),
      name: optional(text(SHORT_TEXT)),
      created_as: optional(text(SHORT_TEXT)),
      created_version: optional(union(text(SHORT_TEXT), number())),
      property_name: optional(fieldKey),
    }),
  ),
});

const titleBlock = object({ type: oneOf('title'), text: text(LONG_TEXT) });
const textBlock = object({ type: oneOf('text'), text: text(LONG_TEXT) });
const imageBlock = object({ type: oneOf('image'), src: string({ min: 1, max: URL_TEXT }), alt: text(SHORT_TEXT) });
const formBlock = object({ type: oneOf('form'), fields: array(field, { max: MAX_FIELDS }), button: object({ text: text(SHORT_TEXT) }) });

/** The design's blocks; a block is picked by its `type`, so an error names what is wrong inside the block the owner meant. */
export function blocksSchema(contentBlock: Schema<ContentBlock>): Schema<Block[]> {
  const contentBlocks = Object.fromEntries(CONTENT_BLOCK_TYPES.map((type) => [type, contentBlock]));
  return array(byType({ title: titleBlock, text: textBlock, image: imageBlock, form: formBlock, ...contentBlocks }) as Schema<Block>, { max: MAX_BLOCKS });
}

/** A design (`design`, and `mobile_design` in record-settings.schema.ts). */
export function designSchema(contentBlock: Schema<ContentBlock>, colour: OptionalSchema<string>) {
  const blocks = blocksSchema(contentBlock);
  return object({
    layout: optional(oneOf('vertical', 'horizontal')),
    background_animation: optional(oneOf('wheel', 'starry-sky', 'ball', 'snow', 'rain', 'confetti')),
    width: optional(number({ min: 1 })),
    height: optional(number({ min: 1 })),
    ...Object.fromEntries(DESIGN_COLOURS.map((name) => [name, colour])),
    blocks,
    thank_you: optional(blocks),
  });
}

/**
 * The record's schema, with `contentBlock` checking each content block and `colour` each design
 * colour. The widget's default drops a colour that is not one (the stylesheet's default shows; the
 * rest of the pop-up still does); the server passes a strict one and refuses such a record.
 */
export function recordSchema(contentBlock: Schema<ContentBlock>, colour: OptionalSchema<string> = droppable(colourSchema(isColourSyntax))): Schema<PoptinRecord> {
  return refine(object(
    {
      poptin_id: string({ min: TRIGGER.POPTIN_ID_LENGTH, max: TRIGGER.POPTIN_ID_LENGTH, pattern: /^[\w-]+$/ }),
      poptin_name: optional(text(SHORT_TEXT)),
      poptin_type: oneOf('lightbox', 'bar', 'sside', 'bside', 'browsing', 'fullpage', 'content', 'social', 'mobile', 'embedded', 'gamified'),
      poptin_format: optional(text(SHORT_TEXT)),
      poptin_target: optional(text(SHORT_TEXT)),
      viewer_id: string({ min: 1, max: SHORT_TEXT }),
      is_teasers_on: optional(boolean()),
      stop_showing_to_converted_users: optional(boolean()),
      if_poptin_credit: optional(boolean()),
      wheel_has_coupon: optional(boolean()),
      triggers: object({
        page_load: optional(boolean()),
        seconds: optional(number({ min: 0 })),
        scroll_percent: optional(number({ min: 0, max: 100 })),
        exit_intent: optional(boolean()),
        exit_intent_mobile: optional(boolean()),
        inactivity_seconds: optional(number({ min: 0 })),
        click_count: optional(integer({ min: 1 })),
        page_visit_count: optional(integer({ min: 1 })),
        on_click: optional(boolean()),
      }),
      d_f_r: optional(text(SHORT_TEXT)),
      engagement_with_other_poptin_filter: optional(text(SHORT_TEXT)),
      cookie_filter: optional(object({
        display_if_specific_cookie_active: optional(boolean()),
        rules: optional(array(object({ name: text(SHORT_TEXT), value: optional(text(LONG_TEXT)), show: optional(text(SHORT_TEXT)) }), { max: MAX_FIELDS })),
      })),
      js_filter: optional(object({
        display_if_specific_js_active: optional(boolean()),
        js_name_pair: optional(array(text(SHORT_TEXT), { max: MAX_FIELDS })),
        js_value_pair: optional(array(text(LONG_TEXT), { max: MAX_FIELDS })),
        js_show_pair: optional(array(text(SHORT_TEXT), { max: MAX_FIELDS })),
      })),
      display_if_adblock_active: optional(boolean()),
      ab_test: optional(boolean()),
      ab_test_parent_id: optional(string({ min: TRIGGER.POPTIN_ID_LENGTH, max: TRIGGER.POPTIN_ID_LENGTH, pattern: /^[\w-]+$/ })),
      design: optional(designSchema(contentBlock, colour)),
      poptin: optional(string({ min: 1, max: MARKUP_TEXT })),
      poptin_url: optional(string({ min: 1, max: URL_TEXT, pattern: /^(https?:\/\/|\/)/i, patternMessage: 'must be an http(s) URL or a path' })),
      teaser: optional(
        object({
          display_mode: optional(oneOf('always', 'before_show', 'after_close')),
          label: optional(text(SHORT_TEXT)),
          position: optional(oneOf('left', 'right')),
        }),
      ),
      design_properties: object({
        poptin_location: optional(
          oneOf('left-top', 'center-top', 'right-top', 'left-middle', 'center-middle', 'right-middle', 'left-bottom', 'center-bottom', 'right-bottom'),
        ),
        poptin_design_close_options_type: optional(oneOf('closing_options-x', 'closing_options-button', 'closing_options-')),
        poptin_design_close_button_text: optional(text(SHORT_TEXT)),
        poptin_design_show_x_comment: optional(text(SHORT_TEXT)),
        poptin_design_show_x_after_sec: optional(number({ min: 0 })),
        poptin_design_auto_close: optional(boolean()),
        poptin_design_auto_close_sec: optional(number({ min: 0 })),
        poptin_design_close_on_screen_click: optional(boolean()),
        poptin_design_entry_effect: optional(effect),
        poptin_design_exit_effect: optional(effect),
        poptin_design_thank_screen: optional(boolean()),
        thank_screen_auto_close: optional(boolean()),
        auto_close_sec: optional(number({ min: 0 })),
        poptin_design_redirect: optional(boolean()),
        poptin_design_redirect_url: optional(string({ max: URL_TEXT })),
        poptin_design_redirect_target: optional(oneOf('_self', '_blank')),
        poptin_design_redirect_send_form_data: optional(boolean()),
        field_checkbox_required: optional(boolean()),
        field_checkbox_default_marked: optional(boolean()),
        disable_post_play_screen: optional(boolean()),
        // The settings read only by lazily loaded code (the add to cart on submit) pass through unchecked.
      }, { rest: 'keep' }),
    },
    // Records carry more of the spec's fields than this version reads; they pass through untouched.
    { rest: 'keep' },
  ), (record) => (record.design || record.poptin || record.poptin_url ? undefined : 'needs a design, or markup in poptin or poptin_url')) as unknown as Schema<PoptinRecord>;
}

/** Content blocks with their type checked, the rest of them left for the complete check. */
// Typed as a content block: the widget reads none of it before the complete check has passed.
const contentBlockTypeOnly = object({ type: oneOf(...CONTENT_BLOCK_TYPES) }, { rest: 'keep' }) as unknown as Schema<ContentBlock>;

/** The record without the insides of its content blocks: what every record is checked against first. */
const recordWithoutContentChecks = recordSchema(contentBlockTypeOnly);

/**
 * Checks a record from the display answer; the error names the first bad field. By default the
 * insides of content blocks are left unchecked: `admitPoptinRecord` checks those when there are some.
 */
export function parsePoptinRecord(raw: unknown, schema = recordWithoutContentChecks) {
  const result = validate(schema, raw, 'poptin');
  if (result.ok) applyCheckboxDefaults(result.value);
  return result;
}

/** The blocks of the design and of its thank-you screen. */
export const blocksOf = (record: PoptinRecord): Block[] => [...(record.design?.blocks ?? []), ...(record.design?.thank_you ?? [])];

/**
 * `field_checkbox_required` and `field_checkbox_default_marked` (design_properties) apply to the
 * consent checkboxes that do not set `required` or `value` themselves.
 */
function applyCheckboxDefaults(record: PoptinRecord): void {
  const { field_checkbox_required: required, field_checkbox_default_marked: marked } = record.design_properties;
  if (required === undefined && marked === undefined) return;
  for (const block of blocksOf(record)) {
    if (block.type !== 'form') continue;
    for (const field of block.fields) {
      if (field.kind !== 'checkbox') continue;
      if (field.required === undefined && required !== undefined) field.required = required;
      if (field.value === undefined && marked !== undefined) field.value = marked;
    }
  }
}
