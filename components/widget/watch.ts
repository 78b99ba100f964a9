import type { ActorRefFrom } from 'xstate';
import type { KiteWidget } from './widget.element.ts';
import type { widgetMachine } from '../../machines/widget/widget.machine.ts';
import type { ArmedPoptin, WidgetPoptin } from '../../machines/widget/widget.types.ts';
import { TRIGGER } from '../../shared/constants/widget.ts';
import { admitPoptinRecord } from '../../shared/widget/admit.ts';
import type { PoptinRecord, PoptinTriggers } from '../../shared/schema/poptin-record.ts';

/** What a click on a link or button can carry a pop-up id in (widget spec section 1). */
const CLICKABLE = 'a, button, [role="button"], input[type="button"], input[type="submit"]';
/** Input events that show the visitor is there (with scroll and click) for the inactivity trigger. */
const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'touchstart', 'pointerdown', 'wheel'];
/** The history entry pushed for the back-button exit intent carries this key in its state (here, not in TRIGGER: only this lazy module reads it). */
const BACK_GUARD_STATE_KEY = 'kiteBackGuard';
const isPoptinId = (token: string) => token.length === TRIGGER.POPTIN_ID_LENGTH && /^[\w-]+$/.test(token);

export interface PageWatch {
  actor: Pick<ActorRefFrom<typeof widgetMachine>, 'send' | 'getSnapshot' | 'subscribe'>;
  /** Every valid record of this run, by id (pop-ups fetched for a click are added). */
  records: Map<string, PoptinRecord>;
  /** A touch device: the mobile exit intent applies. */
  touch: boolean;
  /** Runs `cleanup` when the run ends. */
  defer: (cleanup: () => void) => void;
  armed: (record: PoptinRecord) => ArmedPoptin;
  /** Still the widget's current run (a single-page app may have moved on). */
  isCurrent: () => boolean;
  /** Ids of the pop-ups to show as their form variant: launched so from inside another pop-up. */
  formVariants: Set<string>;
  /** The record of a pop-up this page did not get (launch or click-display call), or null when it could not be fetched (said in the console). */
  fetch: (poptinId: string, fromPoptin: boolean, formVariant: boolean) => Promise<unknown>;
  /** When the visitor last moved, typed, touched, scrolled or clicked (`performance.now()` then), for the machine's `idleMs`. */
  lastActivity: { at: number };
}

/**
 * The browser facts the triggers need (widget spec section 4, issue 4 item 1), fed to the
 * widget machine as `PAGE.*` events: scroll position, the mouse leaving through the top, clicks
 * (counted, and a link or button carrying a pop-up id opens it), and on touch devices the back
 * button. Activity for the inactivity trigger is only noted (`lastActivity`): the machine reads it
 * when its wait is over.
 *
 * Scroll and mouse events come many times a second, so: listeners only for the triggers of the
 * armed pop-ups (one whose trigger fired, or that the rules ruled out, needs none: its listeners
 * go), all passive, and no animation frame requested (in Chromium at 4x CPU slowdown that one
 * call took up to 7 ms). Scroll events already come at most once a frame, just before the
 * frame's callbacks, so the scroll listener reads the page itself and sends only what can change
 * a trigger: a scroll position at or past the lowest scroll share a trigger waits for (or once
 * back below it), and for the touch exit intent each move up and where it turned up. Clicks are
 * counted here; one is sent when it carries a pop-up id or the count reaches the fewest clicks a
 * click-count trigger waits for.
 */
export function watchPage({ actor, records, touch, defer, armed, isCurrent, formVariants, fetch, lastActivity }: PageWatch): Promise<unknown> {
  // A widget run with a store (the start's `store_integration`: the page's `data-store`, or a Shopify
  // page's own global): the store's code (cart watch, cart triggers, product tracking; issue 18) is
  // fetched only then. Read here rather than passed in, as every byte of kite-widget's own chunk is in
  // the pop-up's budget.
  // Resolves once the store's watch listens (the cart calls are among the page's events), at once without a store.
  const storeWatched = (document.querySelector('kite-widget') as KiteWidget | null)?.started?.context.store_integration
    ? import('./store.ts').then(({ runStore }) => isCurrent() && runStore({ actor, records, defer }), () => console.warn('Kite: the store watch could not load'))
    : Promise.resolve();
  /** Adds a passive listener (unless told otherwise); the function it returns removes it, as the run's end does. */
  const listen = <E extends Event>(target: EventTarget, type: string, handler: (event: E) => void, options: AddEventListenerOptions = { passive: true }) => {
    target.addEventListener(type, handler as EventListener, options);
    const remove = () => target.removeEventListener(type, handler as EventListener, options);
    defer(remove);
    return remove;
  };
  // What the armed triggers wait for; updated when a pop-up's status changes.
  let idle = false;
  let upMoves = false;
  let lowestShare = Infinity;
  let scrolls = false;
  /** The fewest clicks a click-count trigger waits for, and the page's clicks so far. */
  let fewestClicks = Infinity;
  let clicks = 0;

  /** The share last sent: a move back below the lowest share is sent once, so a waiting trigger hears it. */
  let sentShare = 0;
  /** Where the last scroll event found the page, and whether it was moving up. */
  let lastY = 0;
  let goingUp = false;
  /**
   * How far the page scrolls, kept between scroll events: reading it can force a layout. Read again
   * after a resize of the window, the root or the body, and whenever the kept one puts the page at
   * or past the lowest share (with html and body at 100% height their boxes do not grow with the
   * page, so only a share below it is trusted unread).
   */
  let scrollable = -1;
  const measure = () => (scrollable = document.documentElement.scrollHeight - innerHeight);
  const shareAt = (at: number) => (scrollable <= 0 ? 100 : Math.min(100, (at / scrollable) * 100));
  /** Sends what the scroll changed. */
  const sendScroll = () => {
    const y = scrollY;
    if (scrollable < 0) measure();
    let share = shareAt(y);
    if (share >= lowestShare) {
      measure();
      share = shareAt(y);
    }
    const up = upMoves && y < lastY;
    // The touch exit intent measures a move up from where it started: the turn is sent first.
    if (up && !goingUp) actor.send({ type: 'PAGE.SCROLL', percent: shareAt(lastY), y: lastY });
    goingUp = up;
    lastY = y;
    if (!up && share < lowestShare && sentShare < lowestShare) return;
    sentShare = share;
    actor.send({ type: 'PAGE.SCROLL', percent: share, y });
  };
  // Read on the clock idleMs reads, not from the event's timeStamp: a page clock that is not the platform's (a test's) moves both ends alike.
  const onActivity = () => (lastActivity.at = performance.now());

  /** The listeners in place, by what they serve, each with what removes it. */
  const added = new Map<string, () => void>();
  const keep = (name: string, needed: boolean, add: () => () => void) => {
    const remove = added.get(name);
    if (needed && !remove) added.set(name, add());
    if (!needed && remove) {
      remove();
      added.delete(name);
    }
  };
  const update = (poptins: Record<string, WidgetPoptin>) => {
    const waiting = Object.values(poptins).flatMap(({ status, triggers }) => (status === 'armed' ? [triggers] : []));
    const uses = (check: (triggers: PoptinTriggers) => unknown) => waiting.some(check);
    idle = uses((triggers) => typeof triggers.inactivity_seconds === 'number');
    upMoves = touch && uses((triggers) => triggers.exit_intent_mobile);
    lowestShare = Math.min(...waiting.map((triggers) => triggers.scroll_percent ?? Infinity));
    scrolls = upMoves || lowestShare !== Infinity;
    fewestClicks = Math.min(...waiting.map((triggers) => triggers.click_count ?? Infinity));
    keep('resize', scrolls, () => {
      const forget = () => (scrollable = -1);
      const observer = new ResizeObserver(forget);
      observer.observe(document.documentElement);
      observer.observe(document.body);
      const removeListener = listen(window, 'resize', forget);
      return () => {
        removeListener();
        observer.disconnect();
      };
    });
    keep('scroll', idle || scrolls, () => {
      // Moves are measured from where the page is now, not from where it was before the rules were decided.
      lastY = scrollY;
      return listen(window, 'scroll', () => {
        onActivity();
        if (scrolls) sendScroll();
      });
    });
    // Exit intent: the mouse leaves the document through the top edge.
    keep('exit', uses((triggers) => triggers.exit_intent), () =>
      listen<MouseEvent>(document, 'mouseout', (event) => {
        if (!event.relatedTarget && event.clientY <= 0) actor.send({ type: 'PAGE.EXIT_INTENT' });
      }),
    );
    keep('activity', idle, () => {
      const removes = ACTIVITY_EVENTS.map((type) => listen(document, type, onActivity));
      return () => removes.forEach((remove) => remove());
    });
  };
  // A new `poptins` object is a change of some pop-up's status; a scroll or click sent makes none.
  let seen = actor.getSnapshot().context.poptins;
  update(seen);
  const watching = actor.subscribe(({ context: { poptins } }) => poptins !== seen && update((seen = poptins)));
  defer(() => watching.unsubscribe());
  // Clicks: counted, and a link or button carrying a pop-up id opens it (widget spec section 1).
  listen<MouseEvent>(
    document,
    'click',
    (event) => {
      const path = event.composedPath();
      const clicked = path.find((node): node is Element => node instanceof Element && node.matches(CLICKABLE));
      const known: string[] = [];
      let unknown: string | null = null;
      if (clicked) {
        const explicit = clicked.getAttribute('data-poptin') ?? '';
        const hash = clicked.getAttribute('href')?.split('#')[1] ?? '';
        for (const token of new Set([explicit, hash, ...clicked.classList])) {
          if (records.has(token)) known.push(token);
          else if (token === explicit && isPoptinId(token)) unknown = token;
        }
      }
      // A link or button in a pop-up may launch another as its form variant (`data-poptin-variant="form"`).
      const fromPoptin = path.some((node) => node instanceof Element && node.localName === 'kite-poptin');
      const formVariant = fromPoptin && clicked?.getAttribute('data-poptin-variant') === 'form';
      for (const poptinId of known) formVariants[formVariant ? 'add' : 'delete'](poptinId);
      onActivity();
      // Like scroll positions, only a click that can open or fire something is sent.
      if (++clicks >= fewestClicks || known.length) actor.send({ type: 'PAGE.CLICK', poptinIds: known, count: clicks });
      if (known.length || unknown) event.preventDefault();
      // A pop-up this page does not have: fetched (launched from a pop-up, or the click-display call).
      if (unknown) {
        if (formVariant) formVariants.add(unknown);
        void fetch(unknown, fromPoptin, formVariant)
          // Its failure was said once already (the call, or its code not arriving): not again as an invalid record.
          .then((raw) => (raw === null ? null : admitPoptinRecord(raw)))
          .then((record) => {
            if (!record || !isCurrent()) return;
            records.set(record.poptin_id, record);
            actor.send({ type: 'POPTIN.ADD', poptin: armed(record) });
          });
      }
    },
    { capture: true },
  );
  // Touch exit intent through the back button: a history entry for this same page, added at a tap
  // (browsers skip entries added without one), only while a pop-up the rules left armed waits for
  // it; going back off it is the intent. Once none waits (shown, or ruled out), the entry is left,
  // so the visitor's next Back leaves the page as usual.
  if (touch && Object.values(seen).some(({ triggers }) => triggers.exit_intent_mobile)) {
    let guarded = false;
    const hasGuard = () => Boolean((history.state as Record<string, unknown> | null)?.[BACK_GUARD_STATE_KEY]);
    const guard = () => {
      if (guarded || !upMoves) return;
      if (!hasGuard()) history.pushState({ ...(history.state as object | null), [BACK_GUARD_STATE_KEY]: true }, '');
      guarded = true;
    };
    for (const type of ['touchend', 'click']) listen(document, type, guard, { capture: true, passive: true });
    // Subscribed after `update`'s subscription, so `upMoves` already says whether one still waits.
    const release = actor.subscribe(() => {
      if (!guarded || upMoves || !isCurrent()) return;
      guarded = false;
      if (hasGuard()) history.back();
    });
    defer(() => release.unsubscribe());
    listen(window, 'popstate', () => {
      if (!guarded || hasGuard()) return;
      guarded = false;
      actor.send({ type: 'PAGE.BACK' });
    });
  }
  return storeWatched;
}
