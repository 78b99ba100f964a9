/**
 * The record settings that change how a pop-up behaves as a whole (docs/poptin-record.md "Record
 * settings"): `display`, `x_close_button`, `d_f_a`, `auto_pilot_trigger`, `cookie`,
 * `poptin_fields`, `client_restriction_setting`, page-source targeting, the mobile design, the content lock, the
 * welcome screen and landing-page mode. Checked apart from the core record: the widget fetches this
 * (a lazy chunk, see shared/widget/admit.ts) only for a record that uses one; the reference server
 * checks every record with it (shared/api/schemas.ts).
 */
import { array, boolean, number, object, oneOf, optional, string, type Infer, type OptionalSchema, type Schema } from './validate.ts';
import { RECORD_LIMITS } from '../constants/record.ts';
import { blocksSchema, designSchema } from './poptin-record.schema.ts';
import type { ContentBlock } from './blocks.ts';
import type { PoptinRecord } from './poptin-record.ts';

const SHORT_TEXT = 200;
const URL_TEXT = 2_048;
/** A snippet of the page's markup to look for: long enough for a tag with its attributes. */
const SOURCE_SNIPPET_TEXT = 2_000;

/** The settings' own schema; `contentBlock` and `colour` check the welcome screen and the mobile design as the record's design. */
export function recordSettingsSchema(contentBlock: Schema<ContentBlock>, colour: OptionalSchema<string>) {
  return object({
    display: optional(boolean()),
    x_close_button: optional(boolean()),
    d_f_a: optional(boolean()),
    auto_pilot_trigger: optional(boolean()),
    cookie: optional(number({ min: 0 })),
    poptin_fields: optional(array(string({ min: 1, max: SHORT_TEXT }), { max: RECORD_LIMITS.FORM_FIELDS_MAX })),
    client_restriction_setting: optional(
      object({
        upgrade_popup: optional(
          object({
            id: optional(string({ max: SHORT_TEXT })),
            mote_than_two_days: optional(boolean()),
            remindme_popup: optional(boolean()),
            upgrade_url: optional(string({ max: URL_TEXT, pattern: /^(https?:\/\/|\/)/i, patternMessage: 'must be an http(s) URL or a path' })),
          }),
        ),
      }),
    ),
    source_code_target_active: optional(boolean()),
    source_code_target_html: optional(string({ max: SOURCE_SNIPPET_TEXT })),
    source_code_target_role: optional(oneOf('show', 'hide')),
    mobile_design: optional(designSchema(contentBlock, colour)),
    landing_page: optional(boolean()),
    design: optional(object({ welcome: optional(object({ blocks: blocksSchema(contentBlock), button: object({ text: string({ min: 1, max: SHORT_TEXT }) }) })) })),
    design_properties: object({ switch_mobile_editor: optional(boolean()), poptin_design_content_lock: optional(boolean()) }),
  });
}

/** The settings as checked. */
export type RecordSettings = Infer<ReturnType<typeof recordSettingsSchema>>;

/** The record with its checked settings in place (the core schema drops those inside `design` and `design_properties`). */
export function withSettings(record: PoptinRecord, { design, design_properties, ...top }: RecordSettings): PoptinRecord {
  const merged: PoptinRecord = { ...record, ...top, design_properties: { ...record.design_properties, ...design_properties } };
  if (record.design && design?.welcome) merged.design = { ...record.design, welcome: design.welcome };
  return merged;
}

/** `base` (a record schema) that also checks the settings and keeps them: what the reference server stores. */
export function withRecordSettings(base: Schema<PoptinRecord>, settings: ReturnType<typeof recordSettingsSchema>): Schema<PoptinRecord> {
  return {
    expected: base.expected,
    parse(value, path) {
      const record = base.parse(value, path);
      if (!record.ok) return record;
      const checked = settings.parse(value, path);
      return checked.ok ? { ok: true, value: withSettings(record.value, checked.value) } : checked;
    },
  };
}
