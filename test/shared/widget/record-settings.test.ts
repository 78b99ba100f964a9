import { afterEach, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyRecordSettings, type PageFacts } from '../../../shared/widget/record-settings.ts';
import { admitPoptinRecord } from '../../../shared/widget/admit.ts';
import { parsePoptinRecord } from '../../../shared/schema/poptin-record.schema.ts';
import { poptinRecordSchema } from '../../../shared/api/schemas.ts';
import { validate } from '../../../shared/schema/validate.ts';
import { AUTO_PILOT } from '../../../shared/constants/record-settings.ts';
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';

const DESKTOP: PageFacts = { phone: () => false, source: () => '<main class="article">Story</main>', remembers: () => true };
const PHONE: PageFacts = { ...DESKTOP, phone: () => true };

/** A lead pop-up record as the display call sends it, with `extra` fields on top. */
function raw(extra: Record<string, unknown> = {}, properties: Record<string, unknown> = {}) {
  return {
    poptin_id: 'kitesettings1',
    poptin_type: 'lightbox',
    viewer_id: 'v1',
    d_f_r: 'all@display_once_every_days_3',
    triggers: { page_load: true, on_click: false },
    design: { blocks: [{ type: 'title', text: 'Members only' }] },
    design_properties: { poptin_design_close_on_screen_click: true, poptin_design_auto_close: true, poptin_design_auto_close_sec: 5, ...properties },
    ...extra,
  };
}

/** The record after the core check and the settings, on `page`. */
function apply(value: ReturnType<typeof raw>, page = DESKTOP): PoptinRecord | null {
  const parsed = parsePoptinRecord(value);
  assert.ok(parsed.ok, parsed.ok ? '' : parsed.error);
  return applyRecordSettings(value, parsed.value, page);
}

let logged: string[] = [];
const { warn, info } = console;
beforeEach(() => {
  logged = [];
  console.warn = (message: string) => void logged.push(`warn ${message}`);
  console.info = (message: string) => void logged.push(`info ${message}`);
});
afterEach(() => Object.assign(console, { warn, info }));

describe('record settings (shared/widget/record-settings.ts)', () => {
  it('display: false switches the pop-up off, with one line saying so; true or absent changes nothing', () => {
    assert.equal(apply(raw({ display: false })), null);
    assert.deepEqual(logged, ['info Kite: pop-up kitesettings1 not shown: it is switched off (display: false)']);
    assert.equal(apply(raw({ display: true }))?.poptin_id, 'kitesettings1');
  });

  it('an invalid setting skips the record with a warning naming the field', () => {
    assert.equal(apply(raw({ cookie: 'soon' })), null);
    assert.deepEqual(logged, ['warn Kite: pop-up skipped, invalid record: cookie: expected a number']);
    logged = [];
    assert.equal(apply(raw({ source_code_target_role: 'maybe' })), null);
    assert.match(logged[0]!, /source_code_target_role: expected one of "show", "hide"/);
  });

  it('page-source targeting: show only where the markup contains the snippet, or with role hide only where it does not', () => {
    const target = (html: string, role?: 'show' | 'hide') => apply(raw({ source_code_target_active: true, source_code_target_html: html, source_code_target_role: role }));
    assert.ok(target('class="article"'));
    assert.equal(target('class="checkout"'), null);
    assert.match(logged.at(-1)!, /page-source targeting \(show\)/);
    assert.equal(target('class="article"', 'hide'), null);
    assert.ok(target('class="checkout"', 'hide'));
    // Off, the snippet is not read.
    assert.ok(apply(raw({ source_code_target_active: false, source_code_target_html: 'class="checkout"' })));
  });

  it('switch_mobile_editor: a phone-sized window gets mobile_design; a wide one, or without the switch, the design', () => {
    const mobile = { blocks: [{ type: 'title', text: 'Small screen' }] };
    const record = raw({ mobile_design: mobile }, { switch_mobile_editor: true });
    assert.deepEqual(apply(record, PHONE)?.design?.blocks, mobile.blocks);
    assert.deepEqual(apply(record, DESKTOP)?.design?.blocks, raw().design.blocks);
    assert.deepEqual(apply(raw({ mobile_design: mobile }), PHONE)?.design?.blocks, raw().design.blocks);
    // The mobile design is checked as the design is.
    assert.equal(apply(raw({ mobile_design: { blocks: [{ type: 'title' }] } }, { switch_mobile_editor: true })), null);
    assert.match(logged.at(-1)!, /mobile_design\.blocks\[0\]\.text/);
  });

  it('d_f_a: false sets the frequency rule aside', () => {
    assert.equal(apply(raw({ d_f_a: false }))?.d_f_r, undefined);
    assert.equal(apply(raw({ d_f_a: true }))?.d_f_r, 'all@display_once_every_days_3');
  });

  it('auto_pilot_trigger: exit intent, the scroll share or the time on the page, whichever first; a click on its id as the record says', () => {
    assert.deepEqual(apply(raw({ auto_pilot_trigger: true }))?.triggers, {
      exit_intent: true,
      exit_intent_mobile: true,
      scroll_percent: AUTO_PILOT.SCROLL_PERCENT,
      seconds: AUTO_PILOT.SECONDS,
      on_click: false,
    });
  });

  it('poptin_fields: the form shows the listed fields, in that order; an unknown name is passed over', () => {
    const fields = [
      { name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email' },
      { name: 'poptinDesignInputTextFieldName', kind: 'name', label: 'Name' },
      { name: 'poptinDesignInputTextFieldPhone', kind: 'phone', label: 'Phone' },
    ];
    const design = { blocks: [{ type: 'title', text: 'Hi' }, { type: 'form', fields, button: { text: 'Send' } }] };
    const record = apply(raw({ design, poptin_fields: ['poptinDesignInputTextFieldPhone', 'nosuchfield', 'poptinDesignInputTextFieldEmail'] }));
    const form = record?.design?.blocks[1];
    assert.deepEqual(form?.type === 'form' && form.fields.map((field) => field.label), ['Phone', 'Email']);
    assert.equal(record?.design?.blocks[0]?.type, 'title');
  });

  it('x_close_button: false shows no X, unless the close options type says otherwise', () => {
    assert.equal(apply(raw({ x_close_button: false }))?.design_properties.poptin_design_close_options_type, 'closing_options-');
    const withButton = raw({ x_close_button: false }, { poptin_design_close_options_type: 'closing_options-button' });
    assert.equal(apply(withButton)?.design_properties.poptin_design_close_options_type, 'closing_options-button');
  });

  it('content lock: no close control, no close on screen click, no auto close, no teaser, never again for a converted visitor', () => {
    const record = apply(raw({ is_teasers_on: true }, { poptin_design_content_lock: true, poptin_design_close_options_type: 'closing_options-x' }));
    assert.deepEqual(
      [record?.design_properties.poptin_design_content_lock, record?.design_properties.poptin_design_close_options_type, record?.design_properties.poptin_design_close_on_screen_click, record?.design_properties.poptin_design_auto_close, record?.is_teasers_on, record?.stop_showing_to_converted_users],
      [true, 'closing_options-', false, false, false, true],
    );
  });

  it('content lock in a browser that keeps no cookies or storage: an ordinary pop-up with its own close options, said once', () => {
    const record = apply(raw({ is_teasers_on: true }, { poptin_design_content_lock: true, poptin_design_close_options_type: 'closing_options-x' }), { ...DESKTOP, remembers: () => false });
    assert.deepEqual(
      [record?.design_properties.poptin_design_content_lock, record?.design_properties.poptin_design_close_options_type, record?.design_properties.poptin_design_close_on_screen_click, record?.design_properties.poptin_design_auto_close, record?.is_teasers_on],
      [false, 'closing_options-x', true, true, true],
    );
    assert.deepEqual(logged, ['info Kite: pop-up kitesettings1: content lock not applied: this browser keeps no cookies or storage, so the unlock could not be remembered']);
  });

  it('landing-page mode: no way out but the form; shown again on a later visit', () => {
    const record = apply(raw({ landing_page: true }));
    assert.deepEqual(
      [record?.landing_page, record?.design_properties.poptin_design_close_options_type, record?.design_properties.poptin_design_auto_close, record?.stop_showing_to_converted_users],
      [true, 'closing_options-', false, undefined],
    );
  });

  it('the welcome screen is checked and kept in the design', () => {
    const welcome = { blocks: [{ type: 'title', text: 'Hello' }], button: { text: 'Show me' } };
    assert.deepEqual(apply(raw({ design: { ...raw().design, welcome } }))?.design?.welcome, welcome);
    assert.equal(apply(raw({ design: { ...raw().design, welcome: { blocks: [] } } })), null);
    assert.match(logged.at(-1)!, /design\.welcome\.button: is required/);
  });

  it('admitPoptinRecord applies them (the settings chunk) only to a record that names one', async () => {
    assert.equal(await admitPoptinRecord(raw({ display: false })), null);
    const plain = await admitPoptinRecord(raw());
    assert.equal(plain?.d_f_r, 'all@display_once_every_days_3');
    assert.deepEqual(logged, ['info Kite: pop-up kitesettings1 not shown: it is switched off (display: false)']);
  });

  it('the reference server keeps the settings it checked and refuses a bad one with its reason', () => {
    const welcome = { blocks: [{ type: 'text', text: 'Hi' }], button: { text: 'Go' } };
    const stored = validate(poptinRecordSchema, raw({ landing_page: true, design: { ...raw().design, welcome } }, { poptin_design_content_lock: true }), 'record');
    assert.ok(stored.ok);
    assert.deepEqual([stored.value.landing_page, stored.value.design?.welcome, stored.value.design_properties.poptin_design_content_lock], [true, welcome, true]);
    const refused = validate(poptinRecordSchema, raw({}, { switch_mobile_editor: 'yes' }), 'record');
    assert.deepEqual(refused, {
      ok: false,
      error: 'design_properties.switch_mobile_editor: expected a boolean',
      path: 'design_properties.switch_mobile_editor',
      message: 'expected a boolean',
    });
  });
});
