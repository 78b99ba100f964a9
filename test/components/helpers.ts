// User-level actions and assertion helpers shared by the element tests.
import { fixture, html, oneEvent } from '@open-wc/testing';
import type { KiteScrollTop } from '../../components/scroll-top/scroll-top.element.ts';
import { executeServerCommand, sendKeys, sendMouse } from '@web/test-runner-commands';
import { install as installFakeTimers } from '@sinonjs/fake-timers';
import type { KiteEventDetails } from '../../shared/dom/events.ts';

/**
 * How long a test waits, unless it says otherwise, for what the page does without a timer of its
 * own (a lazy chunk fetched, a render). @open-wc's default of 1 s is less than a cold CI machine can
 * need to compile and fetch a surface's chunks for the first time.
 */
export const PAGE_WAIT_MS = 5_000;
/** How often `waitUntil` looks again (@open-wc's own interval). */
const POLL_MS = 50;
/** The page's own timer, taken before any fake clock: waits go on while a test holds the clock still. */
const realSetTimeout = window.setTimeout.bind(window);
const realDelay = (ms: number) => new Promise((resolve) => realSetTimeout(resolve, ms));

/**
 * Resolves once `predicate` holds (a state the page reaches), polling on the real timer so a fake
 * clock does not stop it; fails with `message` after `timeout` (PAGE_WAIT_MS unless a spec timing
 * passes its own).
 */
export async function waitUntil(
  predicate: () => unknown | Promise<unknown>,
  message?: string,
  { interval = POLL_MS, timeout = PAGE_WAIT_MS }: { interval?: number; timeout?: number } = {},
): Promise<void> {
  const deadline = performance.now() + timeout;
  while (!(await predicate())) {
    if (performance.now() > deadline) throw new Error(message ? `waitUntil timed out: ${message}` : 'waitUntil timed out');
    await realDelay(interval);
  }
}

/** A real mouse click in the middle of `target` (or at a point of the window). */
export async function click(target: Element | [number, number]): Promise<void> {
  let position: [number, number];
  if (Array.isArray(target)) position = target;
  else {
    const rect = target.getBoundingClientRect();
    position = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
  }
  await sendMouse({ type: 'click', position });
}

/** Shift+Tab as a visitor presses it (the key runner has no combined "Shift+Tab" key). */
export async function shiftTab(): Promise<void> {
  await sendKeys({ down: 'Shift' });
  try {
    await sendKeys({ press: 'Tab' });
  } finally {
    await sendKeys({ up: 'Shift' });
  }
}

/**
 * A node's short name for assertions. Assertions compare names, never nodes: a failing assertion on
 * a node makes the runner serialise its React-laden object graph, which stalls the whole browser.
 */
export function nameOf(node: Element | null | undefined): string {
  if (!node) return 'nothing';
  const name = node.getAttribute('name') ?? node.getAttribute('part') ?? node.getAttribute('role') ?? node.id;
  return name ? `${node.localName}(${name})` : node.localName;
}

/** A test-runner command (media emulation, viewport, touch), spoken directly through the runner's socket. */
export async function command(name: string, payload: object): Promise<void> {
  const socket: string = '/__web-dev-server__web-socket.js';
  const { sendMessageWaitForResponse } = await import(socket);
  const sessionId = new URL(location.href).searchParams.get('wtr-session-id');
  const response = await sendMessageWaitForResponse({ type: 'wtr-command', sessionId, command: name, payload });
  if (!response.executed) throw new Error(`test runner command ${name} was not run`);
}

/**
 * A hold on the dev server's answers (its `?hold=` middleware): every request whose address
 * carries `query` (`hold=<key>`, to add to a query string) waits until `release()`, so a test can
 * look at a loading state for as long as it needs, then let the answer come.
 */
export function holdAnswers(): { query: string; release: () => Promise<void> } {
  const key = Math.random().toString(36).slice(2);
  return { query: `hold=${key}`, release: () => executeServerCommand('release-hold', { key }).then(() => undefined) };
}

/** One finger dragged from `from` to `to` (window coordinates) as real touch input (a vertical drag scrolls); resolves once the page has seen the touch end. */
export async function touchDrag(from: [number, number], to: [number, number]): Promise<void> {
  const ended = new Promise((resolve) => document.addEventListener('touchend', resolve, { once: true, passive: true }));
  await command('touch', { from, to });
  await ended;
}


/** The next animation frame. */
export const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** `type` on `target`, or the next frame if it does not come by then (a scroll to where the page already is fires none). */
const oneEventOrNextFrame = (target: EventTarget, type: string) => Promise.race([oneEvent(target, type), nextFrame()]);

/** Scrolls the window at once and lets the passive listeners and lit's update run. */
export async function scrollToY(y: number): Promise<void> {
  scrollTo({ top: y, behavior: 'instant' });
  await oneEventOrNextFrame(window, 'scroll');
  await nextFrame();
}

/** A finger pushing the page up by `px` from the lower middle of the window (a real touch scroll); resolves once the scroll, fling included, has ended. */
export async function touchScrollDown(px: number): Promise<void> {
  const ended = oneEvent(document, 'scrollend');
  await touchDrag([200, 550], [200, 550 - px]);
  await ended;
}

/** A kite-scroll-top above a page tall enough to scroll (the test file imports the element). */
export async function mountScrollTop() {
  const root = await fixture<HTMLElement>(html`<div><kite-scroll-top></kite-scroll-top><div style="height: 3000px"></div></div>`);
  const element = root.querySelector<KiteScrollTop>('kite-scroll-top')!;
  await element.updateComplete;
  return { element, link: () => element.shadowRoot!.querySelector<HTMLAnchorElement>('[part="link"]')! };
}

/** One event a spy heard; a `kite-*` event's detail typed as the element sends it. */
export interface Heard<Type extends string = string> {
  type: Type;
  detail: Type extends keyof KiteEventDetails ? KiteEventDetails[Type] : Record<string, unknown>;
  /** When it came, by the spy's `now`. */
  at: number;
  target: EventTarget | null;
  bubbles: boolean;
  composed: boolean;
}

const stopSpies: Array<() => void> = [];
afterEach(() => {
  for (const stop of stopSpies.splice(0)) stop();
});

/**
 * Records every event of `types` reaching `on` (the document unless given, or a target per type)
 * until the test ends. `now` times them: performance.now() unless given (Date.now follows a fake clock).
 */
export function spyEvents<Type extends string>(
  types: readonly Type[],
  { on = document, now = () => performance.now(), timeout = PAGE_WAIT_MS }: { on?: EventTarget | ((type: Type) => EventTarget); now?: () => number; timeout?: number } = {},
) {
  const heard: Array<Heard<Type>> = [];
  const listener = (event: Event) => {
    const entry = { type: event.type as Type, detail: (event as CustomEvent).detail, at: now(), bubbles: event.bubbles, composed: event.composed } as Heard<Type>;
    // Not enumerable: a failing assertion on heard events then prints no node (printing one stalls the runner).
    heard.push(Object.defineProperty(entry, 'target', { value: event.target, enumerable: false }));
  };
  const targetOf = typeof on === 'function' ? on : () => on;
  for (const type of types) targetOf(type).addEventListener(type, listener);
  stopSpies.push(() => types.forEach((type) => targetOf(type).removeEventListener(type, listener)));
  const of = <Of extends Type>(type: Of) => heard.filter((event): event is Heard<Of> => event.type === type);
  return {
    heard,
    of,
    /** The types heard, in order. */
    types: () => heard.map((event) => event.type),
    /** Resolves with the `index`th event of `type` (first unless given), already heard or still to come. */
    async next<Of extends Type>(type: Of, within = timeout, index = 0): Promise<Heard<Of>> {
      await waitUntil(() => of(type).length > index, `no ${type} event`, { timeout: within });
      return of(type)[index]!;
    },
  };
}

/**
 * Resolves once each image in `root` has loaded or failed, so any inline `onerror` or `onload` left on
 * one has had its turn: the same addresses, asked for again by the test after them, have answered.
 */
export function imagesAnswered(root: ParentNode): Promise<unknown> {
  return Promise.all(
    [...root.querySelectorAll('img')].map((image) => {
      const again = new Image();
      const answered = new Promise((resolve) => (again.onload = again.onerror = resolve));
      again.src = image.src;
      return answered;
    }),
  );
}

/** The page's timers and Date, as far as the fake clock takes them (see {@link fakeClock}). */
const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;
let installedClock: ReturnType<typeof installFakeTimers> | null = null;
afterEach(() => {
  installedClock?.uninstall();
  installedClock = null;
});

export interface FakeClock {
  /** Moves the clock `ms` at once, running every timer due on the way and the promise callbacks between them. */
  advance(ms: number): Promise<void>;
  /** From now on the clock moves only by `advance`: what a timer would do waits for the test to say so. */
  hold(): void;
  /** The clock follows real time again (a check that needs the page's own timers, such as axe's). */
  release(): void;
}

/** Resolves once `predicate` holds with `clock` held still: only what is due at once has run, so nothing waited on a timer. */
export function untilAtOnce(clock: FakeClock, predicate: () => unknown, message: string): Promise<void> {
  return waitUntil(async () => {
    await clock.advance(0);
    return predicate();
  }, message);
}

/**
 * Puts the page's timers and Date on a fake clock until the test ends. The clock follows real time
 * on its own (renders, fetches and waits go on as before) until `hold`; `advance` jumps it. A test
 * proves that something did NOT happen by a deadline by advancing past it, instead of sleeping.
 * Call it before mounting what is tested, so its timers are the fake ones.
 */
export function fakeClock(): FakeClock {
  installedClock ??= installFakeTimers({ now: Date.now(), toFake: [...FAKED], shouldAdvanceTime: true, shouldClearNativeTimers: true });
  const clock = installedClock;
  return {
    async advance(ms) {
      await clock.tickAsync(ms);
    },
    hold() {
      clock.setTickMode({ mode: 'manual' });
    },
    release() {
      clock.setTickMode({ mode: 'interval' });
    },
  };
}

/** One request a page sent to the reference server, seen on its way by {@link spyFetch}. */
export interface Sent {
  url: string;
  body: URLSearchParams;
  signal: AbortSignal | null | undefined;
  /** The server's answer; rejects as the page's own fetch did (an abort, a network failure). */
  answer: Promise<Response>;
  /** The answer's text, read from a copy (the page reads its own). */
  text: Promise<string>;
}

const fetchSpies: Array<() => void> = [];
afterEach(() => {
  for (const restore of fetchSpies.splice(0)) restore();
});

/**
 * Records each `fetch` the page makes until the test ends, and lets it go on to the real reference
 * server (web-test-runner.config.mjs starts it and proxies its paths): a test sees what was sent,
 * whether it was aborted, and the server's own answer.
 */
export function spyFetch(): Sent[] {
  const sent: Sent[] = [];
  const original = window.fetch;
  window.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    const answer = original.call(window, input, init);
    // Copied before the page's own reader runs (this callback is the first on the promise).
    const text = answer.then((response) => response.clone().text());
    // The page handles its own rejections; the record's copies must not report them again.
    answer.catch(() => undefined);
    text.catch(() => undefined);
    sent.push({ url: String(input), body: new URLSearchParams(init.body as URLSearchParams), signal: init.signal, answer, text });
    return answer;
  };
  fetchSpies.push(() => (window.fetch = original));
  return sent;
}

/** Resolves once `sent[index]` went out and the server answered it (whatever the page then does with it). */
export async function answered(sent: Sent[], index = sent.length - 1): Promise<void> {
  await waitUntil(() => sent.length > index, `no request ${index + 1}`);
  await sent[index]!.answer;
}

/**
 * The reference server's admin token (scripts/reference-server.mjs): a test sets up the server state
 * it needs through the admin API, as a site's owner does.
 */
export async function referenceAdminToken(): Promise<string> {
  const { adminToken } = (await executeServerCommand('reference-server', {})) as { adminToken: string };
  return adminToken;
}

/** Saves `record` on the reference server as its owner does (PUT /api/admin/poptins/{id}, the demo client's). */
export async function savePoptinOnServer(record: { poptin_id: string }): Promise<void> {
  const response = await fetch(`/api/admin/poptins/${record.poptin_id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${await referenceAdminToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ record }),
  });
  if (!response.ok) throw new Error(`the reference server refused pop-up ${record.poptin_id}: ${response.status} ${await response.text()}`);
}

/** The page is a new visitor's: no cookie of the reference server's (its carts) left by an earlier test. */
export async function newVisitor(): Promise<void> {
  await executeServerCommand('new-visitor', {});
}

/**
 * The page's next `fetch` answers `text` without reaching the reference
 * server: only for an answer the real server never gives (hostile markup, a missing marker), which
 * the element must still survive. Later fetches reach the server again.
 */
export function stubNextAnswer(text: string): void {
  const original = window.fetch;
  const restore = () => (window.fetch = original);
  window.fetch = async () => {
    restore();
    return new Response(text, { headers: { 'Content-Type': 'text/html' } });
  };
  fetchSpies.push(restore);
}
