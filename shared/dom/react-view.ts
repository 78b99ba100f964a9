import { createElement, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/** A React view mounted by hand: `render` gives it new props, `unmount` takes it out. */
export interface MountedView<Props> {
  render(props: Props): void;
  unmount(): void;
}

/**
 * Renders `View` into `into`. For an element whose first chunk runs without React and loads its
 * view on first use (`kite-lightbox`), where r2wc's class, defined with the tag, would bring React
 * to every page that has the tag.
 */
export function mountView<Props extends object>(View: ComponentType<Props>, into: Element, props: Props): MountedView<Props> {
  const root = createRoot(into);
  const render = (next: Props) => root.render(createElement(View, next));
  render(props);
  return { render, unmount: () => root.unmount() };
}
