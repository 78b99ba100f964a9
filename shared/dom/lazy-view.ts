import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

/** A view whose code is a file of its own, with a way to fetch it ahead. */
export type LazyView<P extends object> = ((props: P) => ReactElement) & {
  /** Fetches the view's code (once); an instance rendered after it arrived needs no suspension. */
  load(): Promise<unknown>;
};

/**
 * `React.lazy`, except that an instance rendered once the code has arrived (fetched ahead with
 * `load`) renders the view in the same pass. React.lazy suspends on its first render even then,
 * so a pop-up whose block views were fetched before it showed still showed without them for a
 * few frames, and its height jumped as they came in. A failed fetch fails the render, as with
 * React.lazy, for the nearest error boundary.
 */
export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const fetchView = () => (loading ??= load().then((view) => (loaded = view)));
  const Suspending = lazy(() => fetchView().then((view) => ({ default: view })));
  const View = (props: P) => {
    // Chosen once per instance: turning from the suspending view to the loaded one would remount it.
    const [view] = useState<ComponentType<P>>(() => loaded ?? Suspending);
    return createElement(view, props);
  };
  return Object.assign(View, { load: fetchView });
}
