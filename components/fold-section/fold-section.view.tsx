/**
 * `kite-fold-section`'s React view: runs the machine and writes its state onto the page's own
 * markup. What the light DOM holds is read in fold-section.parts.ts; the theme's button is made a
 * disclosure button in fold-section.toggle.ts.
 */
import { useRemovePlaceholder } from '../../shared/dom/react-element.ts';
import { useLightDom } from '../../shared/dom/use-light-dom.ts';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { assign } from 'xstate';
import { foldSectionMachine, foldStateOf, maxHeightOf } from '../../machines/fold-section/fold-section.machine.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { pageLanguage } from '../../shared/i18n/index.ts';
import { t } from '../../shared/i18n/site.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { ensureId, setAttribute, setStyle } from '../../shared/dom/dom-writes.ts';
import { enfoldContent, findParts, FOLD_SECTION_TAG, isComplete, isContext, missingParts, moveInto, parseFoldSettings, type LightParts } from './fold-section.parts.ts';
import { connectToggle, labelNodes, setButtonLabel } from './fold-section.toggle.ts';

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
    if (disabled) {
      const restore = [setAttribute(button, 'hidden', ''), setStyle(button, 'display', 'none', 'important')];
      return () => restore.forEach((undo) => undo());
    }
    return connectToggle(button, container, () => actor.send({ type: 'TOGGLE' }));
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
