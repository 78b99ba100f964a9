import r2wc from '@r2wc/react-to-web-component';
import { useLayoutEffect, type ComponentType } from 'react';
import { sheetFor } from './adopt-styles.ts';

/** How r2wc reads an attribute; `boolean` is ours (presence means true, as in HTML). */
export type PropKind = 'string' | 'number' | 'boolean' | 'json' | 'property';

/** r2wc keeps its props under this global symbol; we write booleans there before the first render. */
const R2WC_PROPS = Symbol.for('r2wc.props');

const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** Marks the slot an enhancing element shows until its view's first render. */
const PLACEHOLDER_ATTRIBUTE = 'data-kite-placeholder';

/**
 * The custom state (`:state(upgrading)`) of an enhancing element from its upgrade to its view's
 * first render. The page's CSS that gives an element its upgraded size before its code runs
 * (`:not(:defined)`) names it too (`:is(:not(:defined), :state(upgrading))`), so the size holds
 * through the frames React takes to render, instead of the page's markup showing unenhanced.
 */
const UPGRADING_STATE = 'upgrading';
const internalsOf = new WeakMap<Element, ElementInternals>();

/**
 * For elements that enhance light-DOM markup: React renders on a later task, so until then a
 * plain slot keeps the page's own markup on screen (no blank frame). The view calls this once;
 * React does not clear a shadow root itself. The element leaves its `upgrading` state.
 */
export function useRemovePlaceholder(root: ShadowRoot | undefined): void {
  useLayoutEffect(() => {
    root?.querySelector(`slot[${PLACEHOLDER_ATTRIBUTE}]`)?.remove();
    if (root) internalsOf.get(root.host)?.states.delete(UPGRADING_STATE);
  }, [root]);
}

/**
 * Wraps a React view as a custom element class with an open shadow root.
 *
 * Improves on plain r2wc in two ways: boolean attributes behave as in HTML (r2wc would read
 * `<x-el open>` as unset and `open="false"` as false), and styles are adopted as constructed
 * stylesheets, so no `<style>` element (and no `style-src 'unsafe-inline'`) is needed.
 */
export function reactElement<Props extends object>(
  View: ComponentType<Props>,
  options: {
    props: Partial<Record<Exclude<keyof Props & string, 'container'>, PropKind>>;
    styles?: string;
    /**
     * For elements that enhance the page's markup (their light DOM): `placeholder` shows it through
     * a slot until the view's first render; the view wraps or replaces it and removes that slot
     * (`useRemovePlaceholder`).
     */
    lightDom?: 'placeholder';
  },
): new () => HTMLElement {
  const entries = Object.entries(options.props) as Array<[string, PropKind]>;
  const r2wcProps = Object.fromEntries(
    entries.map(([name, kind]) => [name, kind === 'boolean' || kind === 'property' ? undefined : kind]),
  );
  const booleanByAttribute = new Map(entries.filter(([, kind]) => kind === 'boolean').map(([name]) => [kebab(name), name]));
  const Base = r2wc(View as ComponentType<object>, { shadow: 'open', props: r2wcProps }) as unknown as {
    new (): HTMLElement & { attributeChangedCallback(name: string, old: string | null, value: string | null): void };
    readonly observedAttributes: string[];
  };

  const Element = class KiteReactElement extends Base {
    constructor() {
      super();
      if (options.styles) this.shadowRoot!.adoptedStyleSheets = [sheetFor(options.styles)];
      if (options.lightDom === 'placeholder') {
        const slot = document.createElement('slot');
        slot.setAttribute(PLACEHOLDER_ATTRIBUTE, '');
        this.shadowRoot!.append(slot);
        const internals = this.attachInternals();
        internals.states.add(UPGRADING_STATE);
        internalsOf.set(this, internals);
      }
      const props = (this as unknown as Record<symbol, Record<string, unknown>>)[R2WC_PROPS]!;
      for (const [attribute, name] of booleanByAttribute) props[name] = this.hasAttribute(attribute);
    }

    override attributeChangedCallback(attribute: string, old: string | null, value: string | null) {
      const name = booleanByAttribute.get(attribute);
      if (name) (this as unknown as Record<string, unknown>)[name] = value !== null;
      else super.attributeChangedCallback(attribute, old, value);
    }
  };
  // The element class declares its props itself (`declare useAlt: boolean`), with their docs, so
  // its public type, and the package's declarations, do not reach into the React view's.
  return Element as unknown as new () => HTMLElement;
}

// In a module of its own so that lit elements can use it without importing r2wc and React.
export { defineElement } from './define-element.ts';
