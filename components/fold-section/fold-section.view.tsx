import { useRemovePlaceholder } from '../../shared/dom/react-element.ts';
import { useLightDom } from '../../shared/dom/use-light-dom.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { assign } from 'xstate';
import { foldSectionMachine, foldStateOf, maxHeightOf } from '../../machines/fold-section/fold-section.machine.ts';
import { FOLD } from '../../shared/constants/site.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { ensureId, setAttribute, setStyle } from '../../shared/dom/dom-writes.ts';

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


export interface FoldSectionProps {
  /** Folded height in pixels. */
  height?: number;
  /** Button text while folded; unset: the button keeps its own text. */
  more?: string;
  /** Button text while unfolded; unset: the button keeps its own text. */
  less?: string;
  /** Layout context, one of `FOLD.CONTEXTS`; other values are ignored. */
  context?: string;
  /** The shadow root, passed by r2wc. */
  container?: ShadowRoot;
}

/** What this section found in its light DOM. */
interface LightParts {
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
function enfoldContent(section: HTMLElement, container: HTMLElement, context: string | undefined): { into: HTMLElement; nodes: Element[] } {
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
function moveInto(into: HTMLElement, nodes: Element[]): () => void {
  const places = nodes.map((node) => [node, node.parentNode!, node.nextSibling] as const);
  into.append(...nodes);
  // Last first: a node's old next sibling may be one that moved after it.
  return () => places.reverse().forEach(([node, parent, next]) => parent.insertBefore(node, next?.parentNode === parent ? next : null));
}

function findParts(host: HTMLElement): LightParts {
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
const missingParts = (parts: LightParts): string[] => NEEDED[parts.mode].filter((name) => !parts[name]);
const isComplete = (parts: LightParts) => missingParts(parts).length === 0;

const seconds = (value: string) => (value.endsWith('ms') ? parseFloat(value) / 1000 : parseFloat(value)) || 0;

/** Longest duration plus delay of a transition on max-height; 0 when none will run (reduced motion, or a 0s duration). */
function maxHeightTransitionSeconds(element: Element): number {
  const style = getComputedStyle(element);
  const properties = style.transitionProperty.split(',').map((p) => p.trim());
  const durations = style.transitionDuration.split(',');
  const delays = style.transitionDelay.split(',');
  // CSS repeats shorter duration and delay lists to the length of the property list.
  return properties.reduce((longest, property, i) => {
    if (property !== 'max-height' && property !== 'all') return longest;
    const duration = seconds(durations[i % durations.length]!);
    return duration > 0 ? Math.max(longest, duration + seconds(delays[i % delays.length]!)) : longest;
  }, 0);
}

const isHeight = (height: number | undefined): height is number => typeof height === 'number' && Number.isFinite(height) && height >= 0;
const isContext = (context: string | undefined): context is (typeof FOLD.CONTEXTS)[number] =>
  (FOLD.CONTEXTS as readonly string[]).includes(context ?? '');

/**
 * Enhances the section's light DOM: the container is slotted into a clipping box, the button
 * gets button semantics, keys and state. Until the light DOM is known, and whenever the section
 * is not initialised, it renders one plain slot: the content exactly as the page wrote it.
 */
export function FoldSectionView({ container: root, ...props }: FoldSectionProps) {
  const host = root?.host as HTMLElement | undefined;
  // Markup that arrives later (an ajax-loaded block) is enhanced when it is complete.
  const parts = useLightDom(host, findParts, isComplete);
  // Each new set of parts is a new section: a fresh machine decides again.
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- keyed by the parts on purpose: a new set is a new section
  const generation = useMemo(() => ++generations, [parts]);
  useRemovePlaceholder(root);
  // Default labels in the page's language: on other pages than English, once its file is here.
  const lang = pageLanguage(host?.closest('[lang]')?.getAttribute('lang'));
  const messagesSettled = useMessages(lang);
  if (!root || !host || !parts || !messagesSettled) return <slot />;
  const settings = parseFoldSettings(parts.settings);
  return (
    <FoldSection
      key={generation}
      root={root}
      host={host}
      parts={parts}
      lang={lang}
      height={isHeight(props.height) ? props.height : settings.height}
      more={props.more ?? settings.more}
      less={props.less ?? settings.less}
      context={props.context ?? settings.context}
    />
  );
}

let generations = 0;

/** Id of the clipping box in the shadow root, for the element's own button's `aria-controls`. */
const CONTENT_ID = 'content';

/** The button's label text nodes: its text, not its icons (elements stay, `aria-hidden` and SVG text is not label). */
function labelNodes(button: HTMLElement): Text[] {
  const nodes: Text[] = [];
  const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if ((node.nodeValue ?? '').trim() === '' || parent?.closest('[aria-hidden="true"], svg')) continue;
    nodes.push(node as Text);
  }
  return nodes;
}

/** Writes `label` into the button's first label text node (one is appended if there is none), empties the others; icons stay. */
function setButtonLabel(button: HTMLElement, label: string): void {
  const [first, ...rest] = labelNodes(button);
  if (!first) {
    button.append(label);
    return;
  }
  // Keep the spacing around the text next to an icon.
  const text = first.nodeValue!;
  first.nodeValue = text.slice(0, text.length - text.trimStart().length) + label + text.slice(text.trimEnd().length);
  for (const node of rest) node.nodeValue = '';
}

function FoldSection({
  root,
  host,
  parts,
  height,
  more,
  less,
  context,
  lang,
}: Omit<FoldSectionProps, 'container'> & { root: ShadowRoot; host: HTMLElement; parts: LightParts; lang: string }) {
  const clip = useRef<HTMLDivElement>(null);
  const measured = useRef<HTMLDivElement>(null);
  const plain = parts.mode === 'plain';
  const wrapped = parts.mode === 'wrapped';
  // The box whose max-height folds: the theme's own container in place, else the shadow root's clipping box.
  const box = useCallback(() => (wrapped ? parts.container : clip.current), [wrapped, parts.container]);
  const [machine] = useState(() =>
    foldSectionMachine.provide({
      actions: {
        // In place, the content overflows the clipped container: its scroll height is the content's.
        measure: assign({
          contentHeight: ({ context }) => (wrapped ? parts.container?.scrollHeight : measured.current?.getBoundingClientRect().height) ?? context.contentHeight,
        }),
      },
    }),
  );
  const missing = missingParts(parts);
  if (!isHeight(height)) missing.push('height');
  const actor = useActorRef(machine, {
    input: { height: isHeight(height) ? height : 0, nested: parts.nested, complete: missing.length === 0 },
  });
  const state = useSelector(actor, foldStateOf);
  const maxHeight = useSelector(actor, maxHeightOf);
  const active = state === 'folded' || state === 'unfolded';
  const disabled = state === 'disabled';
  useKiteEvents(actor, root, 'fold-section');

  useEffect(() => {
    // Not an error: the spec leaves such a section as the page wrote it.
    if (state === 'uninitialised') console.debug(`${FOLD_SECTION_TAG}: not initialised, missing ${missing.join(', ')}`, host);
    // oxlint-disable-next-line react-hooks/exhaustive-deps -- a final state, reported once with what that render found missing
  }, [state]);

  useEffect(() => {
    if (isHeight(height)) actor.send({ type: 'HEIGHT.SET', height });
  }, [actor, height]);

  // Light DOM into the shadow slots, in document order: children before the container, the
  // container in the clipping box, the rest (the button) after it.
  useLayoutEffect(() => {
    const { container } = parts;
    if (!active || parts.mode !== 'theme' || !container) return;
    const restore = [ensureId(container, `${FOLD_SECTION_TAG}-content`)];
    for (const child of host.children) {
      if (child === container) break;
      restore.push(setAttribute(child, 'slot', 'before'));
    }
    restore.push(setAttribute(container, 'slot', 'content'));
    return () => restore.forEach((undo) => undo());
  }, [active, host, parts]);

  // Enfold's section in place: its content moved into its container as its script would, the container clipped.
  // Nested (disabled), the content is moved too, so it reads in order, but nothing folds.
  useLayoutEffect(() => {
    const { section, container } = parts;
    if (!(active || disabled) || !section || !container) return;
    const { into, nodes } = enfoldContent(section, container, context);
    const restore = [ensureId(container, `${FOLD_SECTION_TAG}-content`), moveInto(into, nodes)];
    if (active) {
      restore.push(
        setStyle(container, 'overflow', 'clip', 'important'),
        // The duration is the host's custom property, 0s with reduced motion (see the styles).
        setStyle(container, 'transition', 'max-height var(--kite-fold-section-duration) var(--kite-fold-section-easing)', 'important'),
      );
    }
    return () => restore.reverse().forEach((undo) => undo());
  }, [active, disabled, parts, context]);

  // In place: the height, and the theme's folded / unfolded classes (its CSS draws its fade on `.folded`).
  useLayoutEffect(() => {
    const { container } = parts;
    if (!wrapped || !container || !(active || disabled)) return;
    // Remembers the page's classes before they are switched.
    const restore = [setAttribute(container, 'class', container.className)];
    container.classList.toggle('folded', state === 'folded');
    container.classList.toggle('unfolded', state === 'unfolded');
    if (active) restore.push(setStyle(container, 'max-height', `${maxHeight}px`, 'important'));
    return () => restore.forEach((undo) => undo());
  }, [wrapped, active, disabled, state, maxHeight, parts]);

  // The button: a disclosure button (WAI-ARIA), whatever element the theme used; removed when disabled.
  useLayoutEffect(() => {
    const { button, container } = parts;
    if (!button || !(active || disabled)) return;
    const restore: Array<() => void> = [];
    if (disabled) {
      restore.push(setAttribute(button, 'hidden', ''), setStyle(button, 'display', 'none', 'important'));
      return () => restore.forEach((undo) => undo());
    }
    // The label effect rewrites text nodes in place (icons stay): their text is what to put back.
    const original = [...button.childNodes];
    const texts = labelNodes(button).map((node) => [node, node.nodeValue] as const);
    restore.push(() => {
      button.replaceChildren(...original);
      for (const [node, text] of texts) node.nodeValue = text;
    });
    if (container) restore.push(setAttribute(button, 'aria-controls', container.id));
    const native = button instanceof HTMLButtonElement;
    if (native) {
      // Inside a form the default type would submit it.
      if (!button.hasAttribute('type')) restore.push(setAttribute(button, 'type', 'button'));
    } else {
      restore.push(setAttribute(button, 'role', 'button'));
      if (button.tabIndex < 0) restore.push(setAttribute(button, 'tabindex', '0'));
    }
    const toggle = () => actor.send({ type: 'TOGGLE' });
    const onClick = (event: MouseEvent) => {
      event.preventDefault(); // the theme's href="#" would jump to the top
      toggle();
    };
    // Native buttons have their own keys; others get a button's: Enter on press, Space on release.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        if (!event.repeat) toggle();
      } else if (event.key === ' ') event.preventDefault(); // no page scroll
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      toggle();
    };
    button.addEventListener('click', onClick);
    if (!native) {
      button.addEventListener('keydown', onKeyDown);
      button.addEventListener('keyup', onKeyUp);
    }
    return () => {
      button.removeEventListener('click', onClick);
      button.removeEventListener('keydown', onKeyDown);
      button.removeEventListener('keyup', onKeyUp);
      restore.forEach((undo) => undo());
    };
  }, [active, disabled, actor, parts]);

  // The label: `more` / `less`, else the theme button's own text while folded, else the language file's.
  const ownLabel = useMemo(() => (parts.button ? labelNodes(parts.button).map((node) => node.nodeValue!.trim()).join(' ') : ''), [parts]);
  const folded = state === 'folded';
  const label = folded ? (more ?? (ownLabel || t(lang, 'foldMore'))) : (less ?? t(lang, 'foldLess'));
  useLayoutEffect(() => {
    const { button } = parts;
    if (!button || !active) return;
    button.setAttribute('aria-expanded', String(!folded));
    setButtonLabel(button, label);
    // The setup effect above restores the rest when the section goes.
    return () => button.removeAttribute('aria-expanded');
  }, [active, folded, label, parts]);

  // Content or width changes re-measure (debounced by the machine).
  // In place the container is observed: unfolded it follows the content, and any width change resizes it.
  useEffect(() => {
    const observed = wrapped ? parts.container : measured.current;
    if (!active || !observed) return;
    const observer = new ResizeObserver(() => actor.send({ type: 'RESIZE' }));
    observer.observe(observed);
    return () => observer.disconnect();
  }, [active, actor, wrapped, parts]);

  // Only the box's own height; transitions inside the content bubble up to it too.
  const onTransitionEnd = useCallback(
    (event: Pick<TransitionEvent, 'target' | 'currentTarget' | 'propertyName'>) => {
      if (event.target === event.currentTarget && event.propertyName === 'max-height') actor.send({ type: 'TRANSITION.END' });
    },
    [actor],
  );
  // In place, on the theme's container; the shadow root's box has it in its markup below.
  useEffect(() => {
    const { container } = parts;
    if (!active || !wrapped || !container) return;
    container.addEventListener('transitionend', onTransitionEnd);
    return () => container.removeEventListener('transitionend', onTransitionEnd);
  }, [active, wrapped, parts, onTransitionEnd]);

  // No transition will run (reduced motion, or a 0s duration): its end is now.
  const previous = useRef(maxHeight);
  useEffect(() => {
    if (previous.current === maxHeight) return;
    previous.current = maxHeight;
    const element = box();
    if (element && maxHeightTransitionSeconds(element) === 0) actor.send({ type: 'TRANSITION.END' });
  }, [actor, maxHeight, box]);

  // Focus moving into the hidden part of folded content (Tab to a link) unfolds it, so the focus is never invisible.
  // A layout effect, like the button's: listening from the commit that shows the section folded.
  useLayoutEffect(() => {
    // Plain content folds as a whole: its focus events reach the host.
    const container = parts.container ?? (plain ? host : null);
    if (!active || !container) return;
    const onFocusIn = (event: FocusEvent) => {
      const folding = box();
      // Focus on the element's own button reaches the host retargeted to it: the button is not content, and
      // revealing on its mousedown would let the click that follows fold the section straight back.
      if (!folding || !(event.target instanceof Element) || event.target === host || !actor.getSnapshot().matches('folded')) return;
      if (event.target.getBoundingClientRect().bottom > folding.getBoundingClientRect().bottom) actor.send({ type: 'REVEAL' });
    };
    container.addEventListener('focusin', onFocusIn);
    return () => container.removeEventListener('focusin', onFocusIn);
  }, [active, actor, parts, plain, host, box]);

  if (!active) return <slot />;
  const base = { part: 'base', 'data-state': state, 'data-context': isContext(context) ? context : undefined };
  // In place, the page's markup stays as it is: folding happens on the theme's own container.
  if (wrapped) return <div {...base}><slot /></div>;
  return (
    <div {...base}>
      <slot name="before" />
      <div part="content" id={CONTENT_ID} ref={clip} style={{ maxHeight: `${maxHeight}px` }} onTransitionEnd={onTransitionEnd}>
        <div className="measure" ref={measured}>{plain ? <slot /> : <slot name="content" />}</div>
        <div part="fade" />
      </div>
      {plain ? (
        <button part="toggle" type="button" aria-expanded={!folded} aria-controls={CONTENT_ID} onClick={() => actor.send({ type: 'TOGGLE' })}>
          {label}
        </button>
      ) : (
        <slot />
      )}
    </div>
  );
}
