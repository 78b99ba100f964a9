import { useRemovePlaceholder } from '../../shared/dom/react-element.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { assign } from 'xstate';
import { foldSectionMachine, foldStateOf, maxHeightOf } from '../../machines/fold-section/fold-section.machine.ts';
import { FOLD } from '../../shared/constants/site.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { ensureId, setAttribute, setStyle } from '../../shared/dom/dom-writes.ts';

export const FOLD_SECTION_TAG = 'kite-fold-section';

/** Light-DOM contract (documented on `KiteFoldSection`): CMS theme classes, or data attributes for any markup. */
export const FOLD_SELECTORS = {
  /** A direct child of the section: the part that folds. */
  container: '[data-fold-content], .av-fold-unfold-container',
  /** Inside the container: the content itself. */
  inner: '[data-fold-inner], .av-fold-unfold-content',
  /** Outside the container: the More / Less button. */
  button: '[data-fold-toggle], .av-fold-button',
} as const;


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
  container: HTMLElement | null;
  inner: HTMLElement | null;
  button: HTMLElement | null;
  nested: boolean;
}

/** The first match of `selector` under `root` that belongs to `host`, not to a section nested in it. */
function ownMatch(host: Element, root: Element, selector: string, skip?: Element | null): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>(selector)) {
    if (element.closest(FOLD_SECTION_TAG) === host && !skip?.contains(element)) return element;
  }
  return null;
}

function findParts(host: HTMLElement): LightParts {
  const container = ([...host.children].find((child) => child.matches(FOLD_SELECTORS.container)) as HTMLElement) ?? null;
  return {
    container,
    inner: container && ownMatch(host, container, FOLD_SELECTORS.inner),
    button: ownMatch(host, host, FOLD_SELECTORS.button, container),
    nested: host.parentElement?.closest(FOLD_SECTION_TAG) != null,
  };
}

/** The light-DOM parts, once the parser has written them (an element upgraded mid-parse has no children yet). */
function useLightParts(host: HTMLElement | undefined): LightParts | null {
  const [parts, setParts] = useState(() => (host && document.readyState !== 'loading' ? findParts(host) : null));
  useEffect(() => {
    if (parts || !host) return;
    const ready = () => setParts(findParts(host));
    document.addEventListener('DOMContentLoaded', ready, { once: true });
    return () => document.removeEventListener('DOMContentLoaded', ready);
  }, [host, parts]);
  return parts;
}

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
  const parts = useLightParts(host);
  useRemovePlaceholder(root);
  if (!root || !host || !parts) return <slot />;
  return <FoldSection root={root} host={host} parts={parts} {...props} />;
}

function FoldSection({
  root,
  host,
  parts,
  height,
  more,
  less,
  context,
}: Omit<FoldSectionProps, 'container'> & { root: ShadowRoot; host: HTMLElement; parts: LightParts }) {
  const clip = useRef<HTMLDivElement>(null);
  const measured = useRef<HTMLDivElement>(null);
  const [machine] = useState(() =>
    foldSectionMachine.provide({
      actions: {
        measure: assign({ contentHeight: ({ context }) => measured.current?.getBoundingClientRect().height ?? context.contentHeight }),
      },
    }),
  );
  const missing: string[] = (['container', 'inner', 'button'] as const).filter((name) => !parts[name]);
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
  }, [state]); // a final state: reported once

  useEffect(() => {
    if (isHeight(height)) actor.send({ type: 'HEIGHT.SET', height });
  }, [actor, height]);

  // Light DOM into the shadow slots, in document order: children before the container, the
  // container in the clipping box, the rest (the button) after it.
  useLayoutEffect(() => {
    const { container } = parts;
    if (!active || !container) return;
    const restore = [ensureId(container, `${FOLD_SECTION_TAG}-content`)];
    for (const child of host.children) {
      if (child === container) break;
      restore.push(setAttribute(child, 'slot', 'before'));
    }
    restore.push(setAttribute(container, 'slot', 'content'));
    return () => restore.forEach((undo) => undo());
  }, [active, host, parts]);

  // The button: a disclosure button (WAI-ARIA), whatever element the theme used; removed when disabled.
  useLayoutEffect(() => {
    const { button, container } = parts;
    if (!button || !(active || disabled)) return;
    const restore: Array<() => void> = [];
    if (disabled) {
      restore.push(setAttribute(button, 'hidden', ''), setStyle(button, 'display', 'none', 'important'));
      return () => restore.forEach((undo) => undo());
    }
    const original = [...button.childNodes];
    restore.push(() => button.replaceChildren(...original));
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

  useLayoutEffect(() => {
    const { button } = parts;
    if (!button || !active) return;
    const folded = state === 'folded';
    button.setAttribute('aria-expanded', String(!folded));
    const label = folded ? more : less;
    if (label) button.textContent = label;
    // The setup effect above restores the rest when the section goes.
    return () => button.removeAttribute('aria-expanded');
  }, [active, state, more, less, parts]);

  // Content or width changes re-measure (debounced by the machine).
  useEffect(() => {
    const box = measured.current;
    if (!active || !box) return;
    const observer = new ResizeObserver(() => actor.send({ type: 'RESIZE' }));
    observer.observe(box);
    return () => observer.disconnect();
  }, [active, actor]);

  // No transition will run (reduced motion, or a 0s duration): its end is now.
  const previous = useRef(maxHeight);
  useEffect(() => {
    if (previous.current === maxHeight) return;
    previous.current = maxHeight;
    if (clip.current && maxHeightTransitionSeconds(clip.current) === 0) actor.send({ type: 'TRANSITION.END' });
  }, [actor, maxHeight]);

  // Focus moving into the hidden part of folded content (Tab to a link) unfolds it, so the focus is never invisible.
  // A layout effect, like the button's: listening from the commit that shows the section folded.
  useLayoutEffect(() => {
    const { container } = parts;
    if (!active || !container) return;
    const onFocusIn = (event: FocusEvent) => {
      const box = clip.current;
      if (!box || !(event.target instanceof Element) || !actor.getSnapshot().matches('folded')) return;
      if (event.target.getBoundingClientRect().bottom > box.getBoundingClientRect().bottom) actor.send({ type: 'REVEAL' });
    };
    container.addEventListener('focusin', onFocusIn);
    return () => container.removeEventListener('focusin', onFocusIn);
  }, [active, actor, parts]);

  if (!active) return <slot />;
  return (
    <div part="base" data-state={state} data-context={isContext(context) ? context : undefined}>
      <slot name="before" />
      <div
        part="content"
        ref={clip}
        style={{ maxHeight: `${maxHeight}px` }}
        onTransitionEnd={(event) => {
          // Only the box's own height; transitions inside the content bubble here too.
          if (event.target === event.currentTarget && event.propertyName === 'max-height') actor.send({ type: 'TRANSITION.END' });
        }}
      >
        <div className="measure" ref={measured}>
          <slot name="content" />
        </div>
        <div part="fade" />
      </div>
      <slot />
    </div>
  );
}
