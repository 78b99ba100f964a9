// The pop-up gallery (types.html, types-he.html): each button opens a `kite-poptin` from a record
// in demo/poptins/, served read-only at /poptins/. A button with only `data-record` places
// `<kite-poptin src="/poptins/<record>.json" open>`; one that also names a format, a position, an
// effect or a background loads the record and sets the `poptin` property with that field changed;
// one with `data-teaser` places the record's tab teaser too.
// The Hebrew page uses the `he-` records. No inline script or style: the pages run under
// `script-src 'self'; style-src 'self'`.
//
// `window.kiteTypes` lets scripts (scripts/bench/types.mjs) open pop-ups without a click:
//   await kiteTypes.ready;                       // the pop-up element's code is loaded
//   const record = await kiteTypes.load('bar-top');
//   kiteTypes.show(record);                      // opens it now, returns the element
import { loadElement } from '/kite/kite.js';

const prefix = document.documentElement.lang === 'he' ? 'he-' : '';
const status = document.getElementById('types-status');
const fileOf = (name) => `/poptins/${prefix}${name}.json`;

/** The pop-up element's code, loaded up front so a click shows the pop-up without a wait. */
const ready = loadElement('kite-poptin');

const records = new Map();
/** The record `name` (without `he-`), fetched once. */
function load(name) {
  if (!records.has(name)) {
    records.set(
      name,
      fetch(fileOf(name)).then((response) => {
        if (!response.ok) throw new Error(`${fileOf(name)}: HTTP ${response.status}`);
        return response.json();
      }),
    );
  }
  return records.get(name);
}

/** Pop-ups this page opened and has not removed yet. */
const open = new Set();

/**
 * Puts `element` in the page: in the embedded slot `slot`, else right after `anchor` (so Tab
 * goes from the button into a pop-up that leaves the page usable), else at the end of the body.
 * One floating pop-up at a time keeps the gallery readable: an earlier one goes away.
 */
function place(element, { anchor, slot } = {}) {
  if (slot) {
    const host = document.getElementById(slot);
    for (const earlier of host.querySelectorAll('kite-poptin')) open.delete(earlier);
    host.replaceChildren(element);
  } else {
    for (const earlier of open) {
      if (!earlier.closest('.types-embedded')) {
        earlier.remove();
        open.delete(earlier);
      }
    }
    if (anchor) anchor.after(element);
    else document.body.append(element);
  }
  open.add(element);
  return element;
}

/** A `kite-poptin` for the record file `name`; the page's CSS styles some by `data-gallery-record`. */
function create(name) {
  const element = document.createElement('kite-poptin');
  if (name) element.dataset.galleryRecord = name;
  return element;
}

/** Opens `record` now (a copy of it); returns the `kite-poptin`. */
function show(record, where = {}, name = undefined) {
  const element = create(name);
  element.poptin = structuredClone(record);
  element.toggleAttribute('open', true);
  return place(element, where);
}

/** The gallery's one tab teaser, and the record it re-opens. */
let teaser = null;

/**
 * A tab teaser button: the tab for the record (as kite-widget places one for `is_teasers_on`), and
 * the pop-up at once, except before_show, where the tab comes first and opens it.
 */
async function openWithTeaser(name, where) {
  const record = await load(name);
  teaser?.element.remove();
  const element = document.createElement('kite-tab-teaser');
  element.setAttribute('poptin-id', record.poptin_id);
  element.setAttribute('display-mode', record.teaser.display_mode);
  element.setAttribute('label', record.teaser.label);
  element.setAttribute('lang', document.documentElement.lang);
  document.body.append(element);
  teaser = { element, record, name, where };
  if (record.teaser.display_mode !== 'before_show') show(record, where, name);
}

// The tab hides itself and asks for its pop-up.
document.addEventListener('kite-tab-teaser-open', (event) => {
  if (teaser && event.detail.poptinId === teaser.record.poptin_id) show(teaser.record, teaser.where, teaser.name);
});

/** What a gallery button asks for. */
async function openFrom(button) {
  const { record: name, format, location, effect, background, slot } = button.dataset;
  const where = { anchor: button, slot };
  if (button.dataset.teaser) return openWithTeaser(name, where);
  if (!format && !location && !effect && !background) {
    const element = create(name);
    element.setAttribute('src', fileOf(name));
    element.toggleAttribute('open', true);
    return place(element, where);
  }
  const record = structuredClone(await load(name));
  if (format) record.poptin_format = format;
  if (location) record.design_properties.poptin_location = location;
  if (effect) {
    record.design_properties.poptin_design_entry_effect = effect;
    record.design_properties.poptin_design_exit_effect = effect;
  }
  if (background) record.design.background_animation = background;
  return show(record, where, name);
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-record]') : null;
  if (!button) return;
  openFrom(button).catch((error) => {
    console.warn(`Kite demo: could not open ${button.dataset.record}: ${error.message}`);
  });
});

// The status line says what the pop-up that just showed read from its record (its dialog renders
// right after the show event).
document.addEventListener('kite-poptin-show', (event) => {
  requestAnimationFrame(() => describe(event.target, event.detail.poptinId));
});

/** The page's words for the record's values (type, layout, position), in the page's language. */
const words = JSON.parse(document.getElementById('types-words')?.textContent ?? '{}');
const wordFor = (group, value) => words[group]?.[value] ?? value;

function describe(element, poptinId) {
  const dialog = element.shadowRoot?.querySelector('[role="dialog"]');
  if (!status || !dialog) return;
  const title = dialog.getAttribute('aria-labelledby');
  const values = {
    name: (title && element.shadowRoot.getElementById(title)?.textContent) || dialog.getAttribute('aria-label') || poptinId,
    type: wordFor('types', dialog.dataset.type),
    format: dialog.dataset.format,
    style: dialog.hasAttribute('data-old-style') ? status.dataset.oldStyle : status.dataset.newStyle,
    layout: wordFor('layouts', dialog.dataset.layout),
    position: wordFor('positions', `${dialog.dataset.x}-${dialog.dataset.y}`),
  };
  status.textContent = status.dataset.template.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? '');
}

// A closed pop-up is taken out of the page once it says it may be.
document.addEventListener('kite-poptin-removed', (event) => {
  const element = event.target;
  if (!open.has(element)) return;
  open.delete(element);
  element.remove();
  if (status && open.size === 0) status.textContent = status.dataset.idle;
});

window.kiteTypes = { ready, load, show, fileOf };
