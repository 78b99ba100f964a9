/**
 * The record settings (docs/poptin-record.md "Record settings"), checked and applied to an admitted
 * record. A chunk of its own: `admitPoptinRecord` fetches it only for a record that names one, so
 * the common pop-up loads none of this. The rules are pure; the page facts they read are passed in.
 */
import { contentBlockSchema } from '../schema/blocks.schema.ts';
import { colourSchema } from '../schema/poptin-record.schema.ts';
import { recordSettingsSchema, withSettings } from '../schema/record-settings.schema.ts';
import { droppable, validate } from '../schema/validate.ts';
import { isColourSyntax } from '../logic/colour.ts';
import { AUTO_PILOT, MOBILE_EDITOR } from '../constants/record-settings.ts';
import type { Block, PoptinRecord } from '../schema/poptin-record.ts';
import { browserStorage } from '../storage/storage.ts';

type FormBlock = Extract<Block, { type: 'form' }>;

/** The widget's check: a bad colour in the mobile design is dropped, as in `design`. */
const settingsSchema = recordSettingsSchema(contentBlockSchema, droppable(colourSchema(isColourSyntax)));

/** What the settings read of the page. */
export interface PageFacts {
  /** A phone-sized window (`MOBILE_EDITOR.MAX_WIDTH_PX`); read only by a pop-up with a mobile design. */
  phone: () => boolean;
  /** The page's markup, read only by a pop-up with page-source targeting. */
  source: () => string;
  /** The browser keeps cookies or storage for the next page; read only by a pop-up with a content lock. */
  remembers: () => boolean;
}

const pageFacts = (): PageFacts => ({
  phone: () => matchMedia(`(max-width: ${MOBILE_EDITOR.MAX_WIDTH_PX}px)`).matches,
  source: () => document.documentElement.outerHTML,
  // Chromium and Firefox say false with every cookie blocked, when local storage is refused too.
  remembers: () => navigator.cookieEnabled || browserStorage('localStorage') !== null,
});

/** The form with the fields `names` lists (by `name`), in that order; a name the form lacks is passed over. */
function pickFields(form: FormBlock, names: string[]): FormBlock {
  return { ...form, fields: names.flatMap((name) => form.fields.filter((field) => field.name === name)) };
}

/** Why the record is not for this page, or null. */
function ruledOut(record: PoptinRecord, page: PageFacts): string | null {
  if (record.display === false) return 'it is switched off (display: false)';
  const snippet = record.source_code_target_html;
  if (record.source_code_target_active && snippet) {
    const found = page.source().includes(snippet);
    if (found === (record.source_code_target_role === 'hide')) return `page-source targeting (${record.source_code_target_role ?? 'show'})`;
  }
  return null;
}

/**
 * The record as the settings make it, or null when it is not to show on this page (one console
 * line says why: an invalid setting, named, is a warning; a switched-off or targeted-out pop-up is
 * information). `raw` is the record as received: the core check drops the settings inside `design`
 * and `design_properties`, so they are read from it.
 */
export function applyRecordSettings(raw: unknown, record: PoptinRecord, page: PageFacts = pageFacts()): PoptinRecord | null {
  const checked = validate(settingsSchema, raw, 'poptin');
  if (!checked.ok) {
    console.warn(`Kite: pop-up skipped, invalid record: ${checked.error}`);
    return null;
  }
  const settled = withSettings(record, checked.value);
  const reason = ruledOut(settled, page);
  if (reason) {
    console.info(`Kite: pop-up ${record.poptin_id} not shown: ${reason}`);
    return null;
  }
  const properties = { ...settled.design_properties };
  const result: PoptinRecord = { ...settled, design_properties: properties };
  if (properties.switch_mobile_editor && settled.mobile_design && page.phone()) result.design = settled.mobile_design;
  if (settled.d_f_a === false) delete result.d_f_r;
  if (settled.auto_pilot_trigger) {
    result.triggers = {
      exit_intent: true,
      exit_intent_mobile: true,
      scroll_percent: AUTO_PILOT.SCROLL_PERCENT,
      seconds: AUTO_PILOT.SECONDS,
      on_click: settled.triggers.on_click,
    };
  }
  if (settled.poptin_fields && result.design) result.design = { ...result.design, blocks: result.design.blocks.map((block) => (block.type === 'form' ? pickFields(block, settled.poptin_fields!) : block)) };
  if (settled.x_close_button === false) properties.poptin_design_close_options_type ??= 'closing_options-';
  // Where the browser keeps no cookie and no storage, the unlock cannot be remembered: the lock
  // would come back on every page after the lead. The pop-up shows as an ordinary one instead.
  if (properties.poptin_design_content_lock && !page.remembers()) {
    console.info(`Kite: pop-up ${record.poptin_id}: content lock not applied: this browser keeps no cookies or storage, so the unlock could not be remembered`);
    properties.poptin_design_content_lock = false;
  }
  // Held pop-ups (content lock, landing page) offer no way out but the form.
  if (properties.poptin_design_content_lock || settled.landing_page) {
    properties.poptin_design_close_options_type = 'closing_options-';
    properties.poptin_design_close_on_screen_click = false;
    properties.poptin_design_auto_close = false;
    result.is_teasers_on = false;
  }
  // A visitor who unlocked the content keeps it: the lock never shows to a converted visitor again.
  if (properties.poptin_design_content_lock) result.stop_showing_to_converted_users = true;
  return result;
}
