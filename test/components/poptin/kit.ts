/**
 * The pop-up tests' kit (poptin*.element.test.ts, widget.element.test.ts): ids and records, the
 * per-test clean-ups, the `kite-*` event and console spies, the display start a widget is handed,
 * and mounting an open pop-up. Each file keeps only what is its own (its texts, its stubs). It
 * does not define `kite-poptin`: a file that mounts one imports the element (the widget's loads it on demand).
 */
import { fixture, html } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { KitePoptin } from '../../../components/poptin/poptin.element.ts';
import type { DisplayContext } from '../../../shared/api/display-call.ts';
import type { Block, DesignProperties, PoptinDesign, PoptinLocation, PoptinRecord, PoptinType } from '../../../shared/schema/poptin-record.ts';
import type { StartResult } from '../../../shared/widget/start.ts';
import { TRIGGER } from '../../../shared/constants/widget.ts';
import { spyEvents as spyPageEvents, waitUntil } from '../helpers.ts';

/** Generous bound for "it happens after X ms": the timer plus a React render and some slack. */
export const SLACK_MS = 1_500;
/** Nothing listens here: every call a pop-up makes fails fast. */
export const DEAD_API = 'http://127.0.0.1:9';
/** The visitor of {@link displayContext}. */
export const VISITOR_ID = 'v1';

// ---------------------------------------------------------------------------------------------
// Records

let serial = 0;
/** A fresh id of the spec's length, `prefix` then a serial, so ids and conversion cookies never collide. */
export function newPoptinId(prefix: string): string {
  serial += 1;
  return `${prefix}${String(serial).padStart(TRIGGER.POPTIN_ID_LENGTH - prefix.length, '0')}`;
}

/** A design small enough that each of the 3 x 3 positions is distinguishable in the test window. */
export const DESIGN_WIDTH = 320;
export const DESIGN_HEIGHT = 240;

export interface RecordParts {
  type?: PoptinType;
  name?: string;
  format?: string;
  location?: PoptinLocation;
  blocks: Block[];
  design?: Partial<PoptinDesign>;
  properties?: DesignProperties;
  extra?: Record<string, unknown>;
}

/**
 * A valid page-load lead record `id` of `type` (a lightbox unless given) showing `blocks` in a
 * {@link DESIGN_WIDTH} x {@link DESIGN_HEIGHT} design with set colours, centred, closed by its X,
 * with no effects, then the given changes.
 */
export function sizedRecord(id: string, parts: RecordParts): PoptinRecord {
  const type = parts.type ?? 'lightbox';
  return {
    poptin_id: id,
    poptin_name: parts.name ?? `Test ${type}`,
    poptin_type: type,
    poptin_format: parts.format ?? `${type}_format_1`,
    poptin_target: 'lead',
    viewer_id: `viewer-${id}`,
    triggers: { page_load: true },
    design: {
      width: DESIGN_WIDTH,
      height: DESIGN_HEIGHT,
      background_color: '#ffffff',
      text_color: '#1a1a1a',
      button_color: '#1f5eff',
      button_text_color: '#ffffff',
      blocks: parts.blocks,
      ...parts.design,
    },
    design_properties: {
      poptin_location: parts.location ?? 'center-middle',
      poptin_design_close_options_type: 'closing_options-x',
      poptin_design_entry_effect: 'none',
      poptin_design_exit_effect: 'none',
      ...parts.properties,
    },
    ...parts.extra,
  } as PoptinRecord;
}

/** The display context widget.js would have sent from this page. */
export function displayContext(): DisplayContext {
  return {
    domain: location.hostname,
    url: location.href,
    referrer: '',
    previous_url: '',
    page_title: document.title,
    cookies: {},
    visited_pages: [location.pathname],
    visitor_id: VISITOR_ID,
  };
}

/** A start already made, as widget.js hands it to `kite-widget` (its `started` property). */
export const startedWith = (poptins: unknown[], previewId: string | null = null): StartResult => ({
  response: { display: true, poptins },
  context: displayContext(),
  previewId,
});

// ---------------------------------------------------------------------------------------------
// Clean-ups and spies

/** What a test set up and must undo; run, last first, by {@link cleanUp}. */
export const cleanups: Array<() => void | Promise<void>> = [];

/** Each file's `afterEach`: undoes what its test set up, last first. */
export async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

/** The events a pop-up sends; `poptinClose` (the old API's name) comes on window. */
export const POPTIN_EVENTS = ['kite-poptin-show', 'kite-poptin-close', 'kite-poptin-convert', 'kite-poptin-removed', 'kite-poptin-play', 'kite-poptin-result', 'poptinClose'];

/**
 * Every event of `types` reaching the document (they bubble and are composed), `poptinClose` on
 * window; timed by Date.now() (the fake clock's time in a test that has one) unless given.
 */
export const spyEvents = ({ types = POPTIN_EVENTS as readonly string[], timeout = SLACK_MS, now = Date.now } = {}) =>
  spyPageEvents(types, { on: (type) => (type === 'poptinClose' ? window : document), timeout, now });

/** Replaces `console[method]` with a recorder of each call's arguments, joined, for this test. */
export function spyConsole(method: 'warn' | 'info' | 'error'): string[] {
  const calls: string[] = [];
  const original = console[method];
  console[method] = (...args: unknown[]) => void calls.push(args.map(String).join(' '));
  cleanups.push(() => void (console[method] = original));
  return calls;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/`;
}

// ---------------------------------------------------------------------------------------------
// Mounting

export const dialogOf = (el: Element) => el.shadowRoot?.querySelector<HTMLElement>('[role="dialog"]') ?? null;

export async function waitForDialog(el: Element): Promise<HTMLElement> {
  await waitUntil(() => dialogOf(el), 'the dialog did not show');
  return dialogOf(el)!;
}

/** The entry and exit effects playing or held on `element`: not its one-frame reveal (revealAfterHiddenFrame), which is no motion. */
export const effectsOn = (element: Element) => element.getAnimations().filter((animation) => animation.id.startsWith('kite-effect-'));

/** Waits for the running animations in the shadow root to end (no colour check sees a half-faded dialog). */
export async function settled(el: Element): Promise<void> {
  const nodes = [...el.shadowRoot!.querySelectorAll('*')];
  await Promise.all(nodes.flatMap((node) => node.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

/** Mounts an open pop-up from `record` and waits for its dialog; its events spied from before. */
export async function showPoptin(record: unknown, attributes: { lang?: string; trigger?: string; api?: string } = {}) {
  const events = spyEvents();
  const el = await fixture<KitePoptin>(
    html`<kite-poptin
      .poptin=${record}
      lang=${ifDefined(attributes.lang)}
      trigger=${ifDefined(attributes.trigger)}
      api=${ifDefined(attributes.api)}
      open
    ></kite-poptin>`,
  );
  const dialog = await waitForDialog(el);
  return { el, dialog, events };
}
