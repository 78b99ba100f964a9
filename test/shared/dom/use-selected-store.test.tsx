// Our selector helper under @xstate/react's useSelector: renders what the store holds, and keeps
// a selection the comparer finds unchanged, so a component does not render for nothing.
import { expect, waitUntil } from '@open-wc/testing';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { useSyncExternalStoreWithSelector } from '../../../shared/dom/use-selected-store.ts';

function store<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

describe('useSyncExternalStoreWithSelector', () => {
  it('follows the store, and keeps the selection while the comparer says it is the same', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const counter = store({ count: 1, noise: 0 });
    const seen: Array<{ count: number }> = [];
    const selectCount = (snapshot: { count: number }) => ({ count: snapshot.count });
    const sameCount = (a: { count: number }, b: { count: number }) => a.count === b.count;
    function View() {
      const selection = useSyncExternalStoreWithSelector(counter.subscribe, counter.get, undefined, selectCount, sameCount);
      seen.push(selection);
      return <output>{selection.count}</output>;
    }
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    await act(async () => root.render(<View />));
    expect(host.textContent).to.equal('1');

    const rendersBefore = seen.length;
    await act(async () => counter.set({ count: 1, noise: 1 }));
    expect(seen.length, 'no render for a change the selection does not see').to.equal(rendersBefore);

    await act(async () => counter.set({ count: 2, noise: 1 }));
    await waitUntil(() => host.textContent === '2', 'shows the new count');
    expect(seen.at(-1)).to.deep.equal({ count: 2 });
    await act(async () => root.unmount());
    host.remove();
  });
});
