/**
 * What a `kite-fold-section` finds in its light DOM (content-site spec 001, section 5 "Fold /
 * unfold"): the theme's container, content and button, Enfold's section folded in place, or plain
 * content; the theme's JSON settings; and where Enfold's script would move content into its
 * container. Reads only, except `moveInto`, which returns how to put the nodes back.
 */
import { FOLD } from '../../shared/constants/site.ts';

export const FOLD_SECTION_TAG = 'kite-fold-section';

/** Light-DOM contract (documented on `KiteFoldSection`): CMS theme classes, or data attributes for any markup. */
export const FOLD_SELECTORS = {
  /** A direct child of the section: the part that folds. */
  container: '[data-fold-content], .av-fold-unfold-container',
  /** Inside the container: the content itself. */
  inner: '[data-fold-inner], .av-fold-unfold-content',
  /** Outside the container: the More / Less button (`av-fold-button-container` is the theme's own). */
  button: '[data-fold-toggle], .av-fold-button, .av-fold-button-container',
  /** The theme's settings: JSON on the element itself or on one of its children (see {@link FOLD_SETTINGS_ATTRIBUTE}). */
  settings: `:scope[data-${'fold_unfold'}], :scope > [data-${'fold_unfold'}]`,
} as const;

/**
 * Enfold's parts around an empty container: its script moves the content in (the theme writes the
 * container before what it folds), by the settings' context.
 */
const ENFOLD_SELECTORS = {
  /** `avia_sc_text`: the text block after the container. */
  textblock: '.avia_textblock',
  /** `avia_sc_columns`: the column in the container that takes the siblings after the container. */
  column: '.av-fold-unfold-inner',
  /** Holds the button; never moved. */
  buttonWrapper: '.av-fold-button-wrapper',
} as const;

/** The data attribute in which the theme writes its settings as JSON: `data-fold_unfold='{"height":150,"more":"…","less":"…","context":"…"}'`. */
export const FOLD_SETTINGS_ATTRIBUTE = 'data-fold_unfold';

/** Settings from the theme's JSON; the element's own attributes win over each. */
export interface FoldSettings {
  height?: number;
  more?: string;
  less?: string;
  context?: string;
}

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** Settings already read, by their text: every light-DOM read and render asks again, and a malformed one is reported once. */
const settingsByText = new Map<string, FoldSettings>();

/** The theme's JSON settings; a height may be written as a string (`"150"`). Anything unusable is left out, never thrown. */
export function parseFoldSettings(json: string | null | undefined): FoldSettings {
  if (!json) return {};
  let settings = settingsByText.get(json);
  if (!settings) {
    settings = readFoldSettings(json);
    settingsByText.set(json, settings);
  }
  return settings;
}

function readFoldSettings(json: string): FoldSettings {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    console.warn(`${FOLD_SECTION_TAG}: ${FOLD_SETTINGS_ATTRIBUTE} is not JSON, ignored`, json);
    return {};
  }
  if (typeof data !== 'object' || data === null) return {};
  const { height, more, less, context } = data as Record<string, unknown>;
  const pixels = typeof height === 'string' && height.trim() !== '' ? Number(height) : height;
  return {
    ...(typeof pixels === 'number' && Number.isFinite(pixels) && pixels >= 0 ? { height: pixels } : {}),
    ...(textOf(more) ? { more: textOf(more) } : {}),
    ...(textOf(less) ? { less: textOf(less) } : {}),
    ...(textOf(context) ? { context: textOf(context) } : {}),
  };
}

/** What this section found in its light DOM. */
export interface LightParts {
  /**
   * `theme`: the theme's container (a child of the element), inner content and button; `wrapped`: Enfold's whole
   * section inside the element, its container and button folded in place; `plain`: any other content, folded
   * whole, with the element's own button.
   */
  mode: 'theme' | 'wrapped' | 'plain';
  /** In `wrapped` mode, Enfold's section: it holds the settings, the container and the button. */
  section: HTMLElement | null;
  container: HTMLElement | null;
  inner: HTMLElement | null;
  button: HTMLElement | null;
  nested: boolean;
  /** Something to fold: in `plain` mode any element or text. */
  content: boolean;
  /** The theme's JSON settings, as written. */
  settings: string | null;
}

/** The first match of `selector` under `root` that belongs to `host`, not to a section nested in it. */
function ownMatch(host: Element, root: Element, selector: string, skip?: Element | null): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(selector)) {
    if (element.closest(FOLD_SECTION_TAG) === host && !skip?.contains(element)) return element;
  }
  return null;
}

const childMatching = (parent: Element, selector: string) => ([...parent.children].find((child) => child.matches(selector)) as HTMLElement) ?? null;
const hasContent = (element: Element) => element.children.length > 0 || (element.textContent ?? '').trim() !== '';
const siblingsAfter = (element: Element) => {
  const siblings: Element[] = [];
  for (let next = element.nextElementSibling; next; next = next.nextElementSibling) siblings.push(next);
  return siblings;
};

/**
 * What Enfold's script moves into its container, and where: nothing when the container already has content; by
 * `context`, the text block after it, the siblings after it into its column, or the element after its section.
 */
export function enfoldContent(section: HTMLElement, container: HTMLElement, context: string | undefined): { into: HTMLElement; nodes: Element[] } {
  const column = context === 'avia_sc_columns' ? container.querySelector<HTMLElement>(ENFOLD_SELECTORS.column) : null;
  const into = column ?? container;
  if (hasContent(into) || !isContext(context)) return { into, nodes: [] };
  if (context === 'avia_sc_text') return { into, nodes: siblingsAfter(container).filter((el) => el.matches(ENFOLD_SELECTORS.textblock)).slice(0, 1) };
  if (context === 'avia_sc_columns') return { into, nodes: column ? siblingsAfter(container).filter((el) => !el.matches(ENFOLD_SELECTORS.buttonWrapper)) : [] };
  const next = section.nextElementSibling;
  return { into, nodes: next ? [next] : [] };
}

const enfoldHasContent = ({ into, nodes }: ReturnType<typeof enfoldContent>) => hasContent(into) || nodes.length > 0;

/** Moves `nodes` to the end of `into` and returns how to put each back where the page had it. */
export function moveInto(into: HTMLElement, nodes: Element[]): () => void {
  const places = nodes.map((node) => [node, node.parentNode!, node.nextSibling] as const);
  into.append(...nodes);
  // Last first: a node's old next sibling may be one that moved after it.
  return () => places.reverse().forEach(([node, parent, next]) => parent.insertBefore(node, next?.parentNode === parent ? next : null));
}

/** The parts of `host`'s light DOM; read again whenever the light DOM changes. */
export function findParts(host: HTMLElement): LightParts {
  const holder = host.matches(FOLD_SELECTORS.settings) ? host : host.querySelector<HTMLElement>(FOLD_SELECTORS.settings);
  const settings = holder?.getAttribute(FOLD_SETTINGS_ATTRIBUTE) ?? null;
  const direct = childMatching(host, FOLD_SELECTORS.container);
  // Enfold writes its container inside its own section (the settings' holder): too deep to slot, so it folds in place.
  const section = !direct && holder && holder !== host && childMatching(holder, FOLD_SELECTORS.container) ? holder : null;
  const container = direct ?? (section && childMatching(section, FOLD_SELECTORS.container));
  const inner = direct && ownMatch(host, direct, FOLD_SELECTORS.inner);
  const button = ownMatch(host, host, FOLD_SELECTORS.button, container);
  // Any of the theme's parts means theme markup, which needs all of them (spec: else not initialised).
  const theme = container !== null || button !== null || ownMatch(host, host, FOLD_SELECTORS.inner) !== null;
  const context = host.getAttribute('context') ?? parseFoldSettings(settings).context;
  return {
    mode: section ? 'wrapped' : theme ? 'theme' : 'plain',
    section,
    container,
    inner,
    button,
    nested: host.parentElement?.closest(FOLD_SECTION_TAG) != null,
    content: section && container ? enfoldHasContent(enfoldContent(section, container, context)) : hasContent(host),
    settings,
  };
}

/** What each mode needs, else the section is not initialised (spec): the theme's parts, or any content to fold. */
const NEEDED = { theme: ['container', 'inner', 'button'], wrapped: ['button', 'content'], plain: ['content'] } as const;
export const missingParts = (parts: LightParts): string[] => NEEDED[parts.mode].filter((name) => !parts[name]);
export const isComplete = (parts: LightParts) => missingParts(parts).length === 0;

export const isContext = (context: string | undefined): context is (typeof FOLD.CONTEXTS)[number] =>
  (FOLD.CONTEXTS as readonly string[]).includes(context ?? '');
