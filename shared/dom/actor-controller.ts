import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Actor, AnyStateMachine, createActor, EmittedFrom, EventFrom, InputFrom, SnapshotFrom } from 'xstate';
import { forwardEmitted, type SurfaceOf } from './events.ts';

/** A machine with XState's `createActor` to run it: given at once, or loaded when first needed. */
export interface MachineRuntime<Machine extends AnyStateMachine> {
  machine: Machine;
  createActor: typeof createActor;
}

export interface ActorControllerOptions<Machine extends AnyStateMachine> {
  /**
   * The surface's machine (with the element's implementations already `provide`d) and XState's
   * `createActor`, or a promise of them: then the first `send`, `start()` or connection (unless
   * `lazy`) loads them, events sent meanwhile wait in order, and `ready` tells when it is over.
   */
  runtime: () => MachineRuntime<Machine> | Promise<MachineRuntime<Machine>>;
  /** The `<surface>` of the `kite-<surface>-<what>` events the machine's emits become: the one whose events it emits (shared/dom/events.ts). */
  surface: SurfaceOf<EmittedFrom<Machine>>;
  /** Read as the actor starts, so it starts from the attributes the host has then. */
  input?: () => InputFrom<Machine>;
  /**
   * Create the actor when it is first needed (a `send`, a `snapshot` read, `start()`) instead of
   * at connection. For an element whose first frame is its machine's initial state, drawn without
   * an actor (`started` tells which to draw), and that many pages show by the dozen and most
   * visitors never touch: creating an actor resolves the machine's initial state, a millisecond
   * each for 20 carousels on a cold page.
   */
  lazy?: boolean;
}

/**
 * A runtime loaded on first need: `load` resolves to the machine (a dynamic import of its module)
 * and XState comes with it, so neither is in the element's first chunks.
 */
export const loadRuntime =
  <Machine extends AnyStateMachine>(load: () => Promise<Machine>) =>
  async (): Promise<MachineRuntime<Machine>> => {
    const [machine, { createActor }] = await Promise.all([load(), import('./create-actor.ts')]);
    return { machine, createActor };
  };

/**
 * Runs a surface's machine for a lit element: the lit counterpart of the React surfaces'
 * `useActorRef` + `useKiteEvents`. A fresh actor starts on each connection (with `lazy`, when
 * first needed; a node moved in the page starts over from its markup, as a new one would) and
 * stops on disconnection, so no timer or listener outlives the element. Each new snapshot (not an
 * event that changed nothing) asks the host to render; each event the machine emits leaves the
 * host as a bubbling, composed `kite-<surface>-<type>` DOM event. `MachineController` is the one
 * whose machine is there at once; with a `loadRuntime` the machine and XState load on first need.
 */
export class ActorController<Machine extends AnyStateMachine> implements ReactiveController {
  #actor: Actor<Machine> | null = null;
  #stop: (() => void) | null = null;
  /** The stopped actor's last snapshot: an update lit runs after disconnection still renders it. */
  #last: SnapshotFrom<Machine> | null = null;
  #connected = false;
  /** Counts connections: a runtime that arrives after its connection ended starts nothing. */
  #connection = 0;
  /** The runtime on its way, while loading. */
  #loading: Promise<void> | null = null;
  /** Events sent while the runtime loads, sent in order once the actor runs. */
  #waiting: Array<EventFrom<Machine>> = [];

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: ActorControllerOptions<Machine>,
  ) {
    host.addController(this);
  }

  /** The running actor; throws before the host is connected, when there is none to drive. */
  get actor(): Actor<Machine> {
    if (!this.#actor) throw new Error(`Kite: the ${this.options.surface} machine runs only while its element is connected`);
    return this.#actor;
  }

  /**
   * The machine's current snapshot (what the host renders). After disconnection it stays the last
   * one the actor had: lit may still run an update asked for just before the element left, and its
   * render must not need a guard of its own. Throws only before the first connection, or while a
   * loaded runtime is still on its way (read it once `started`).
   */
  get snapshot(): SnapshotFrom<Machine> {
    this.start();
    return this.#actor?.getSnapshot() ?? this.#last ?? this.actor.getSnapshot();
  }

  /** The actor runs: always while connected, unless `lazy` and nothing has needed it yet (or its runtime is loading). */
  get started(): boolean {
    return this.#actor !== null;
  }

  /** Settles once no runtime is loading (at once when none is): the actor runs by then if one was asked for. */
  get ready(): Promise<void> {
    return this.#loading ?? Promise.resolve();
  }

  /** Sends `event` to the machine (after the runtime if it is loading); ignored while the host is disconnected (a late listener or timer). */
  send(event: EventFrom<Machine>): void {
    this.start();
    if (this.#actor) this.#actor.send(event);
    else if (this.#connected) this.#waiting.push(event);
  }

  /** Starts the actor now (or once its runtime is loaded) if the host is connected and it has not started (`lazy`). */
  start(): void {
    if (!this.#connected || this.#actor || this.#loading) return;
    const runtime = this.options.runtime();
    if (!(runtime instanceof Promise)) {
      this.#run(runtime);
      return;
    }
    const connection = this.#connection;
    const current = () => connection === this.#connection;
    this.#loading = runtime.then(
      (loaded) => {
        if (!current()) return;
        this.#loading = null;
        this.#run(loaded);
      },
      (error: unknown) => {
        if (!current()) return;
        // The next event tries again; these are dropped, as a disconnected host's are.
        this.#loading = null;
        this.#waiting = [];
        console.error(`Kite: the ${this.options.surface} machine could not load`, error);
      },
    );
  }

  hostConnected(): void {
    this.#connected = true;
    if (!this.options.lazy) this.start();
  }

  #run({ machine, createActor }: MachineRuntime<Machine>): void {
    const { surface, input } = this.options;
    // Generic over every machine, createActor cannot tell whether `input` is required here.
    const actor = (createActor as (machine: AnyStateMachine, options?: { input?: unknown }) => Actor<Machine>)(machine, input ? { input: input() } : {});
    let shown: unknown = null;
    const snapshots = actor.subscribe({
      // XState calls observers on every event, with the same snapshot when nothing changed: a
      // scroll within a header state must not cost a render.
      next: (snapshot) => {
        if (snapshot === shown) return;
        shown = snapshot;
        this.host.requestUpdate();
      },
      error: (error) => console.error(`Kite: the ${surface} machine stopped on an error`, error),
    });
    const stopForwarding = forwardEmitted(actor, this.host, surface);
    this.#actor = actor;
    this.#stop = () => {
      snapshots.unsubscribe();
      stopForwarding();
      actor.stop();
    };
    actor.start();
    for (const event of this.#waiting.splice(0)) actor.send(event);
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#connection += 1;
    this.#loading = null;
    this.#waiting = [];
    this.#last = this.#actor?.getSnapshot() ?? null;
    this.#stop?.();
    this.#stop = null;
    this.#actor = null;
  }
}
