// The page script of the trigger and single-page-app rows (see rules.mjs), installed before any
// page script.

/**
 * Installed before any page script: wraps the listeners the page adds to `window` and `document`
 * for the events the widget's triggers watch, timing each call; counts listeners added and not
 * removed, and timers pending, for the single-page-app rows.
 */
export function rulesProbe({ countTimers }) {
  const TIMED = new Set(['scroll', 'mousemove', 'mouseout', 'click', 'keydown', 'touchstart', 'pointerdown', 'wheel']);
  const bench = (window.__kiteRules = { durations: {}, collected: {}, timers: new Set() });
  // With --enable-precise-memory-info: a heap smaller after a call than before means a garbage
  // collection ran inside it (the call's own allocations only add).
  const heap = () => performance.memory?.usedJSHeapSize ?? 0;
  const record = (type, start, heapBefore) => {
    const duration = performance.now() - start;
    (bench.durations[type] ??= []).push(duration);
    (bench.collected[type] ??= []).push(heap() < heapBefore);
  };
  // The page's animation frames (the widget requests none; one it did would be timed here); the bench's own are not timed.
  const requestFrame = window.requestAnimationFrame.bind(window);
  bench.requestFrame = requestFrame;
  window.requestAnimationFrame = (callback) =>
    requestFrame((time) => {
      const heapBefore = heap();
      const start = performance.now();
      try {
        callback(time);
      } finally {
        record('animation frame', start, heapBefore);
      }
    });
  const wrapped = new WeakMap();
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  // Listeners by target, held weakly: the probe must not keep a removed node (or its listeners) alive.
  const listenerIds = new WeakMap();
  let nextId = 0;
  const byTarget = new WeakMap();
  const targets = new Set();
  const keyOf = (type, listener, options) => {
    if (!listenerIds.has(listener)) listenerIds.set(listener, ++nextId);
    return `${type}|${listenerIds.get(listener)}|${typeof options === 'boolean' ? options : Boolean(options?.capture)}`;
  };
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    let actual = listener;
    if (listener && TIMED.has(type) && (this === window || this === document)) {
      if (!wrapped.has(listener)) {
        wrapped.set(listener, function (event) {
          const heapBefore = heap();
          const start = performance.now();
          try {
            return typeof listener === 'function' ? listener.call(this, event) : listener.handleEvent(event);
          } finally {
            record(event.type, start, heapBefore);
          }
        });
      }
      actual = wrapped.get(listener);
    }
    if (listener && !options?.once) {
      if (!byTarget.has(this)) {
        byTarget.set(this, new Set());
        targets.add(new WeakRef(this));
      }
      byTarget.get(this).add(keyOf(type, listener, options));
    }
    return add.call(this, type, actual, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    if (listener) byTarget.get(this)?.delete(keyOf(type, listener, options));
    return remove.call(this, type, (listener && wrapped.get(listener)) ?? listener, options);
  };
  bench.listenerCount = () => {
    let total = 0;
    for (const ref of targets) {
      const target = ref.deref();
      if (!target) targets.delete(ref);
      else if (!(target instanceof Node) || target.isConnected) total += byTarget.get(target)?.size ?? 0;
    }
    return total;
  };
  bench.counts = () => ({ listeners: bench.listenerCount(), timers: bench.timers.size, poptins: document.querySelectorAll('kite-poptin').length });
  // Timers are counted only where asked: the wrappers would add their own work to the handlers timed.
  if (!countTimers) return;
  const { setTimeout: st, clearTimeout: ct, setInterval: si, clearInterval: ci } = window;
  window.setTimeout = (fn, ms, ...args) => {
    const id = st((...a) => (bench.timers.delete(id), typeof fn === 'function' ? fn(...a) : undefined), ms, ...args);
    bench.timers.add(id);
    return id;
  };
  window.clearTimeout = (id) => (bench.timers.delete(id), ct(id));
  window.setInterval = (fn, ms, ...args) => {
    const id = si(fn, ms, ...args);
    bench.timers.add(id);
    return id;
  };
  window.clearInterval = (id) => (bench.timers.delete(id), ci(id));
}
