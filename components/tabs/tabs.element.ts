import { LitElement, html } from 'lit';
import { tabsMachine } from '../../machines/tabs/tabs.machine.ts';
import type { TabsActivation, TabsEvent } from '../../machines/tabs/tabs.types.ts';
import { TABS } from '../../shared/constants/site.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { EnhanceController } from '../../shared/dom/enhance-controller.ts';
import { defineElement } from '../../shared/dom/define-element.ts';
import { ensureId, listen, setAttribute, undoAll, type Undo } from '../../shared/dom/dom-writes.ts';
import { MachineController } from '../../shared/dom/machine-controller.ts';
import { tabsLightStyles, tabsStyles } from './tabs.styles.ts';

/** The theme's classes: the tab set, a tab's title, its panel, and the active ones. */
const CONTAINER = '.tabcontainer';
const TITLE_CLASS = 'tab';
const PANEL_CLASS = 'tab_content';
const ACTIVE_TITLE_CLASS = 'active_tab';
const ACTIVE_PANEL_CLASS = 'active_tab_content';
/** Class of the tab list the element adds (the theme's own name for its row of titles). */
const TABLIST_CLASS = 'tab_titles';

/** One tab as the page wrote it: its title (now a `role="tab"`) and its panel. */
interface Tab {
  title: HTMLElement;
  panel: HTMLElement;
}

/** A title's fake id without its `#` (`data-fake-id="#care"` and `"care"` are the same), or `null`. */
const fakeIdOf = (title: Element): string | null => title.getAttribute(TABS.FAKE_ID_ATTRIBUTE)?.replace(/^#/, '').trim() || null;

/** The address' hash without `#`, decoded (a fake id may hold letters of any script). */
function currentHash(): string {
  const hash = location.hash.slice(1);
  try {
    return decodeURIComponent(hash);
  } catch {
    return hash;
  }
}

/** The keys of the WAI-ARIA Tabs pattern as moves; the arrows of the list's own axis, mirrored right to left. */
function moveOf(key: string, vertical: boolean, rtl: boolean): Extract<TabsEvent, { type: 'FOCUS.MOVE' }>['to'] | null {
  if (key === 'Home') return 'first';
  if (key === 'End') return 'last';
  const [next, previous] = vertical ? ['ArrowDown', 'ArrowUp'] : rtl ? ['ArrowLeft', 'ArrowRight'] : ['ArrowRight', 'ArrowLeft'];
  return key === next ? 'next' : key === previous ? 'previous' : null;
}

/**
 * A tab set made of the theme's tab markup, following the WAI-ARIA Tabs pattern.
 *
 * Light-DOM contract (the theme's tab shortcode): a `.tabcontainer` (`top_tab`, or `sidebar_tab`
 * for titles in a column beside the panels) holding, in order, each tab's title (class `tab`,
 * optionally `data-fake-id="#name"`) followed by its panel (class `tab_content`), each pair
 * optionally wrapped in a `<section>`. Without JavaScript every title and panel reads in order.
 *
 * Once running it puts the titles in a `role="tablist"` at the top of the tab set (as the theme's
 * script does; each goes back to its place when the element leaves) and gives them `role="tab"`,
 * `aria-selected` and `aria-controls`; the panels get `role="tabpanel"` and `aria-labelledby`, and
 * all but the active one are hidden. Exactly one tab is active: the title with class `active_tab`,
 * else the first; the theme's `active_tab` and `active_tab_content` classes follow it. Only the
 * active tab is in the Tab sequence (roving tabindex). Left and Right (Up and Down for the sidebar
 * tabs) move between tabs, wrapping round, and mirror on right-to-left pages; Home and End go to
 * the first and last. With automatic activation (the default) the tab reached is shown at once;
 * with `activation="manual"`, Enter or Space shows it. A click shows a tab. An address whose hash
 * is a tab's fake id (`#care`) opens that tab, at load and on each `hashchange`.
 *
 * @summary Tab set from the theme's tab markup: WAI-ARIA tabs, keyboard, and a URL hash opening a tab.
 *
 * @slot - The theme's `.tabcontainer` with its titles and panels.
 *
 * @attr {'automatic' | 'manual'} activation - `automatic` (default): a tab shows as soon as it has focus; `manual`: Enter or Space shows it.
 * @attr {string} label - Accessible name of the tab list (for example the heading above the tab set).
 *
 * @event kite-tabs-change - Another tab became active. `detail: { index, id, trigger }`: its index, its fake id (`null` without one), and `select` (click, Enter, Space), `focus` (arrow keys, Home, End) or `hash`.
 *
 * @cssproperty --kite-tabs-gap - Space between the tabs. Default `0.25rem`.
 * @cssproperty --kite-tabs-tab-padding - Padding of each tab (at least 44 px high). Default `0.5rem 1rem`.
 * @cssproperty --kite-tabs-active-color - Colour of the active tab's underline. Default `currentColor`.
 * @cssproperty --kite-tabs-focus-ring - Outline of the focused tab or panel. Default `2px solid currentColor`.
 */
export class KiteTabs extends LitElement {
  static override styles = tabsStyles;
  static override properties = {
    activation: { type: String },
    label: { type: String },
  };

  /** How a focused tab is activated (reflects `activation`). */
  declare activation: TabsActivation | undefined;
  /** Accessible name of the tab list (reflects `label`). */
  declare label: string | undefined;

  #tabs: Tab[] = [];
  #tablist: HTMLElement | null = null;

  readonly #machine = new MachineController(this, {
    machine: tabsMachine,
    surface: 'tabs',
    input: () => {
      this.#tabs = this.#readTabs();
      return { ...this.#markup(), activation: this.activation === 'manual' ? ('manual' as const) : ('automatic' as const) };
    },
  });


  constructor() {
    super();
    // After the machine's controller: the machine runs before the markup is taken over.
    new EnhanceController(this, () => this.#enhance());
  }

  /** What the markup says: each tab's fake id, and the one the theme marks active (else the first). */
  #markup(): { fakeIds: Array<string | null>; active: number } {
    const active = this.#tabs.findIndex(({ title }) => title.classList.contains(ACTIVE_TITLE_CLASS));
    return { fakeIds: this.#tabs.map(({ title }) => fakeIdOf(title)), active: Math.max(active, 0) };
  }

  /** The tab set's titles and their panels, this element's own (not a nested tab set's). */
  #readTabs(): Tab[] {
    const container = this.querySelector<HTMLElement>(CONTAINER) ?? this;
    const tabs: Tab[] = [];
    for (const title of container.querySelectorAll<HTMLElement>(`.${TITLE_CLASS}`)) {
      if (title.closest('kite-tabs') !== this) continue;
      const panel = title.nextElementSibling;
      if (panel instanceof HTMLElement && panel.classList.contains(PANEL_CLASS)) tabs.push({ title, panel });
    }
    return tabs;
  }

  /** Takes over the theme's markup: the tab list, the roles and ids, the listeners. */
  #enhance(): Undo {
    // Connected while the parser was still inside it, the element saw only part of its tabs.
    const seen = this.#tabs.length;
    this.#tabs = this.#readTabs();
    if (this.#tabs.length !== seen) this.#machine.send({ type: 'TABS.SET', ...this.#markup() });
    const tabs = this.#tabs;
    if (!tabs.length) return () => {};
    adoptStyles(this.getRootNode(), tabsLightStyles, { document: true });
    const container = tabs[0]!.title.parentElement!.closest<HTMLElement>(CONTAINER) ?? tabs[0]!.title.parentElement!;
    const vertical = container.classList.contains(TABS.VERTICAL_CLASS);
    const tablist = document.createElement('div');
    tablist.className = TABLIST_CLASS;
    tablist.setAttribute('role', 'tablist');
    if (vertical) tablist.setAttribute('aria-orientation', 'vertical');
    this.#tablist = tablist;
    const undos: Undo[] = [setAttribute(this, 'data-enhanced', '')];
    for (const { title, panel } of tabs) {
      undos.push(ensureId(title, 'kite-tab'), ensureId(panel, 'kite-tabpanel'));
      // What the page had, put back when the element leaves: attributes, classes, `hidden`, the title's place.
      for (const [element, names] of [
        [title, ['role', 'aria-selected', 'aria-controls', 'tabindex', 'class']],
        [panel, ['role', 'aria-labelledby', 'tabindex', 'class', 'hidden']],
      ] as const) {
        for (const name of names) {
          const old = element.getAttribute(name);
          undos.push(() => (old === null ? element.removeAttribute(name) : element.setAttribute(name, old)));
        }
      }
      const place = document.createComment('kite-tabs');
      title.replaceWith(place);
      undos.push(() => place.replaceWith(title));
      tablist.append(title);
      title.setAttribute('role', 'tab');
      title.setAttribute('aria-controls', panel.id);
      panel.setAttribute('role', 'tabpanel');
      panel.setAttribute('aria-labelledby', title.id);
      panel.setAttribute('tabindex', '0');
    }
    container.prepend(tablist);
    undos.push(() => tablist.remove());
    undos.push(
      listen(tablist, 'click', (event) => {
        const index = tabs.findIndex(({ title }) => title.contains(event.target as Node));
        if (index >= 0) this.#machine.send({ type: 'TAB.SELECT', index });
      }),
      listen(tablist, 'keydown', (event) => this.#onKeyDown(event, vertical)),
      listen(window, 'hashchange', () => this.#machine.send({ type: 'HASH.SET', hash: currentHash() })),
    );
    undos.push(() => {
      this.#tabs = [];
      this.#tablist = null;
    });
    this.#machine.send({ type: 'HASH.SET', hash: currentHash() });
    this.#show();
    return undoAll(undos);
  }

  #onKeyDown(event: KeyboardEvent, vertical: boolean): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const rtl = getComputedStyle(this.#tablist!).direction === 'rtl';
    const to = moveOf(event.key, vertical, rtl);
    if (to) this.#machine.send({ type: 'FOCUS.MOVE', to });
    else if (event.key === 'Enter' || event.key === ' ') this.#machine.send({ type: 'TAB.SELECT', index: this.#machine.snapshot.context.focused });
    else return;
    event.preventDefault();
    this.#show();
    this.#tabs[this.#machine.snapshot.context.focused]?.title.focus();
  }

  /** The machine's state on the page's markup: which tab is selected, focusable and shown. */
  #show(): void {
    const { active, focused } = this.#machine.snapshot.context;
    this.#tablist?.setAttribute('aria-label', this.label ?? '');
    if (!this.label) this.#tablist?.removeAttribute('aria-label');
    this.#tabs.forEach(({ title, panel }, index) => {
      const selected = index === active;
      title.setAttribute('aria-selected', String(selected));
      title.setAttribute('tabindex', index === focused ? '0' : '-1');
      title.classList.toggle(ACTIVE_TITLE_CLASS, selected);
      panel.classList.toggle(ACTIVE_PANEL_CLASS, selected);
      panel.hidden = !selected;
    });
  }

  protected override updated(): void {
    this.#show();
  }

  override render() {
    return html`<slot></slot>`;
  }
}

defineElement('kite-tabs', KiteTabs);

declare global {
  interface HTMLElementTagNameMap {
    'kite-tabs': KiteTabs;
  }
}
