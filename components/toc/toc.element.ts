import { LitElement, html, nothing } from 'lit';
import { tocMachine } from '../../machines/toc/toc.machine.ts';
import type { TocEntry } from '../../machines/toc/toc.types.ts';
import { TOC } from '../../shared/constants/site.ts';
import { setAttribute, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { scrollToElement, stickyHeaderHeight } from '../../shared/dom/smooth-scroll.ts';
import { isRightToLeft, loadMessages, pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { slugifyHeading, uniqueSlug } from '../../shared/logic/toc.ts';
import { tocStyles } from './toc.styles.ts';
import { defineElement } from '../../shared/dom/define-element.ts';

/** Where the table reads its headings when `source` names nothing (section 2: "the entry content"). */
const DEFAULT_SOURCE = '.entry-content';
/** The id of a heading whose text gives no slug (only punctuation or symbols), numbered when repeated. */
const FALLBACK_SLUG = 'section';

/** The heading tags of `level` (comma-separated, `h1` to `h6`), shallowest first; the spec's default when none is valid. */
function levelsOf(level: string | undefined): string[] {
  const tags = (level ?? '').split(',').map((tag) => tag.trim().toLowerCase()).filter((tag) => /^h[1-6]$/.test(tag));
  return tags.length ? [...new Set(tags)].sort() : [...TOC.DEFAULT_LEVELS];
}

/**
 * A table of contents built from the headings of the entry content.
 *
 * It lists the headings of the tags in `level` (default `h1`) found in the element that `source`
 * selects (default: the page's `.entry-content`), in page order, indented by tag. Headings with
 * class `no-toc`, or with the `exclude` class on themselves or their parent, are left out. A
 * heading without an id gets one from its text (`slugifyHeading`: umlauts written out, lowercased,
 * a hyphen for each run of other characters), numbered when repeated (`-2`, `-3`, ...); ids the
 * page gave are kept. The links are plain in-page links; with `smooth` they scroll smoothly (at
 * once with reduced motion) to `TOC.ANCHOR_OFFSET_PX` above the heading plus the sticky header's
 * height (`kite-header`, or a sticky `#header`), put the heading's id in the address and move focus
 * to the heading. Beyond the theme's script, the link of the part being read carries `aria-current="location"`
 * as the reader scrolls (seen by an IntersectionObserver: nothing runs per scroll event).
 *
 * Without JavaScript, or when there is no heading to list, the element shows its own content (a
 * table written by the server, or nothing). Heading texts are shown as text, never as HTML.
 * Hebrew pages get `dir="rtl"`.
 *
 * @summary Table of contents from the headings of the entry content, with optional smooth scroll and the current part marked.
 *
 * @slot - Shown instead of the table when there is nothing to list (or before the element runs): for example a table written by the server.
 *
 * @attr {string} level - Heading tags to list, comma-separated (`h2,h3`). Default `h1`.
 * @attr {string} exclude - A class: headings with it, or whose parent has it, are left out.
 * @attr {string} source - CSS selector of the content whose headings are listed. Default `.entry-content`.
 * @attr {boolean} smooth - Links scroll smoothly to their heading, below the sticky header.
 * @attr {string} label - The table's title and accessible name. Default: "Table of contents" in the page's language.
 * @attr {string} lang - Language of the title (`en`, `he`). Default: the page's.
 *
 * @event kite-toc-ready - The table was built. `detail: { count }`, the number of entries (0: nothing to list).
 * @event kite-toc-navigate - A link of the table was followed. `detail: { id }`, the heading's id.
 *
 * @csspart base - The `<nav>` landmark.
 * @csspart title - The table's title (names the landmark).
 * @csspart list - The `<ol>` of entries.
 * @csspart item - Each `<li>`; `data-depth` is 0 for the first tag of `level`, 1 for the next, ...
 * @csspart link - Each entry's link; the current one has `aria-current="location"`.
 *
 * @cssproperty --kite-toc-indent - Indent per depth. Default `1.25em`.
 * @cssproperty --kite-toc-current-color - Colour of the current entry's link. Default: inherited.
 * @cssproperty --kite-toc-current-weight - Font weight of the current entry's link. Default `700`.
 * @cssproperty --kite-toc-focus-ring - Outline of the focused link. Default `2px solid currentColor`.
 */
export class KiteToc extends LitElement {
  static override styles = tocStyles;
  static override properties = {
    level: { type: String },
    exclude: { type: String },
    source: { type: String },
    smooth: { type: Boolean },
    label: { type: String },
    // oxlint-disable-next-line lit/no-native-attributes -- a reactive `lang` re-renders the labels; reflected, so a property write moves the attribute (and :lang()) too
    lang: { type: String, reflect: true },
  };

  /** Heading tags to list (reflects `level`). */
  declare level: string | undefined;
  /** Class that leaves a heading out (reflects `exclude`). */
  declare exclude: string | undefined;
  /** Selector of the content read (reflects `source`). */
  declare source: string | undefined;
  /** Smooth scroll to the headings (reflects `smooth`). */
  declare smooth: boolean;
  /** Title of the table (reflects `label`). */
  declare label: string | undefined;
  /** Language of the title (reflects `lang`). */
  declare lang: string;

  readonly #machine = new MachineController(this, { machine: tocMachine, surface: 'toc' });
  /** The listed headings by id, for the scroll and the reading position. */
  #headings = new Map<string, HTMLElement>();
  #undo: Undo = () => {};
  #observer: IntersectionObserver | null = null;
  #built = false;

  override connectedCallback(): void {
    super.connectedCallback();
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => this.isConnected && this.rebuild(), { once: true });
    else queueMicrotask(() => this.isConnected && this.rebuild());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#teardown();
    this.#built = false;
  }

  override updated(changed: Map<string, unknown>): void {
    // A change of what is read reads it again (the first values are read on connection).
    if (this.#built && ['level', 'exclude', 'source'].some((name) => changed.has(name))) this.rebuild();
  }

  #teardown(): void {
    this.#observer?.disconnect();
    this.#observer = null;
    this.#undo();
    this.#undo = () => {};
    this.#headings.clear();
  }

  /** Reads the headings again (after the page changed the entry content) and rebuilds the table. */
  rebuild(): void {
    this.#teardown();
    this.#built = true;
    void loadMessages(pageLanguage(this.lang)).then(() => this.requestUpdate());
    const content = document.querySelector(this.source || DEFAULT_SOURCE);
    const levels = levelsOf(this.level);
    const undos: Undo[] = [];
    const entries: TocEntry[] = [];
    const taken = new Set([...document.querySelectorAll('[id]')].map((node) => node.id));
    for (const heading of content?.querySelectorAll<HTMLElement>(levels.join(',')) ?? []) {
      if (this.#isSkipped(heading)) continue;
      const text = (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (!text) continue;
      if (!heading.id) {
        const id = uniqueSlug(slugifyHeading(text) || FALLBACK_SLUG, taken);
        taken.add(id);
        undos.push(setAttribute(heading, 'id', id));
      }
      this.#headings.set(heading.id, heading);
      entries.push({ id: heading.id, text, depth: levels.indexOf(heading.localName) });
    }
    this.#undo = undoAll(undos);
    this.#machine.send({ type: 'BUILD', entries });
    this.#watchReading();
  }

  #isSkipped(heading: HTMLElement): boolean {
    if (heading.classList.contains(TOC.SKIP_CLASS) || this.contains(heading)) return true;
    const exclude = this.exclude?.trim();
    return Boolean(exclude) && (heading.classList.contains(exclude!) || Boolean(heading.parentElement?.classList.contains(exclude!)));
  }

  /** Marks the part being read: the first heading in the reading zone, else the last one scrolled past. */
  #watchReading(): void {
    const headings = [...this.#headings.values()];
    if (!headings.length) return;
    const place = new Map<Element, 'above' | 'inside' | 'below'>();
    const offset = TOC.ANCHOR_OFFSET_PX + stickyHeaderHeight();
    this.#observer = new IntersectionObserver(
      (records) => {
        for (const record of records) {
          const top = record.rootBounds?.top ?? 0;
          place.set(record.target, record.isIntersecting ? 'inside' : record.boundingClientRect.top < top ? 'above' : 'below');
        }
        const inside = headings.find((heading) => place.get(heading) === 'inside');
        const above = headings.findLast((heading) => place.get(heading) === 'above');
        this.#machine.send({ type: 'CURRENT.SET', id: (inside ?? above)?.id ?? null });
      },
      { rootMargin: `-${offset}px 0px -${TOC.READING_ZONE_PERCENT}% 0px` },
    );
    for (const heading of headings) this.#observer.observe(heading);
  }

  #onClick = (event: MouseEvent) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-id]');
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const id = link.dataset.id!;
    const heading = this.#headings.get(id);
    this.#machine.send({ type: 'NAVIGATE', id });
    if (!this.smooth || !heading) return; // the browser's own jump (the link is no-scroll for the page's anchors)
    event.preventDefault();
    // The theme's smooth scroll (SCROLL.SMOOTH_MS, easeInOutQuint), a further TOC.ANCHOR_OFFSET_PX below the header.
    void scrollToElement(heading, TOC.ANCHOR_OFFSET_PX + stickyHeaderHeight());
  };

  override render() {
    const { entries, current } = this.#machine.snapshot.context;
    const lang = pageLanguage(this.lang);
    const title = this.label || t(lang, 'tocLabel');
    if (!entries.length) return html`<slot></slot>`;
    return html`
      <nav part="base" aria-labelledby="title" dir=${isRightToLeft(lang) ? 'rtl' : nothing} lang=${lang} @click=${this.#onClick}>
        <p part="title" id="title">${title}</p>
        <ol part="list">
          ${entries.map(
            (entry) => html`<li part="item" data-depth=${entry.depth}>
              <a part="link" class=${this.smooth ? nothing : 'no-scroll'} href=${`#${encodeURIComponent(entry.id)}`} data-id=${entry.id} aria-current=${entry.id === current ? 'location' : nothing}>${entry.text}</a>
            </li>`,
          )}
        </ol>
      </nav>
    `;
  }
}

defineElement('kite-toc', KiteToc);

declare global {
  interface HTMLElementTagNameMap {
    'kite-toc': KiteToc;
  }
}
