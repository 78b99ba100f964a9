import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';

/**
 * `useSyncExternalStoreWithSelector` for @xstate/react's `useSelector`, on React 18+'s own
 * `useSyncExternalStore` and as ES code (the package's build is a CommonJS module that also
 * carries React 16/17 support). A render sees the selection again, not a copy, while the store's
 * snapshot is the same or `isEqual` finds the selection unchanged since the last commit.
 */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: (() => Snapshot) | undefined,
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const committed = useRef<{ value: Selection } | null>(null);
  const [getSelection, getServerSelection] = useMemo(() => {
    let memo: { snapshot: Snapshot; selection: Selection } | null = null;
    const select = (snapshot: Snapshot): Selection => {
      if (memo && Object.is(memo.snapshot, snapshot)) return memo.selection;
      const next = selector(snapshot);
      const previous = memo ? { value: memo.selection } : committed.current;
      const selection = previous && isEqual?.(previous.value, next) ? previous.value : next;
      memo = { snapshot, selection };
      return selection;
    };
    return [() => select(getSnapshot()), getServerSnapshot && (() => select(getServerSnapshot()))];
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    committed.current = { value };
  }, [value]);
  return value;
}
