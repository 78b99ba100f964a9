import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createActor, type Actor, type AnyStateMachine, type EmittedFrom, type EventFrom, type InputFrom, type SnapshotFrom } from 'xstate';
import { forwardEmitted, type SurfaceOf } from './events.ts';

export interface MachineControllerOptions<Machine extends AnyStateMachine> {
  /** The surface's machine, with the element's implementations already `provide`d. */
  machine: Machine;
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
 * Runs a surface's machine for a lit element: the lit counterpart of the React surfaces'
 * `useActorRef` + `useKiteEvents`. A fresh actor starts on each connection (with `lazy`, when
 * first needed; a node moved in the page starts over from its markup, as a new one would) and
 * stops on disconnection, so no timer or listener outlives the element. Each new snapshot (not an
 * event that changed nothing) asks the host to render; each event the machine emits leaves the
 * host as a bubbling, composed `kite-<surface>-<type>` DOM event.
 */
export class MachineController<Machine extends AnyStateMachine> implements ReactiveController {
  #actor: Actor<Machine> | null = null;
  #stop: (() => void) | null = null;
  /** The stopped actor's last snapshot: an update lit runs after disconnection still renders it. */
  #last: SnapshotFrom<Machine> | null = null;
  #connected = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: MachineControllerOptions<Machine>,
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
   * render must not need a guard of its own. Throws only before the first connection.
   */
  get snapshot(): SnapshotFrom<Machine> {
    this.start();
    return this.#actor?.getSnapshot() ?? this.#last ?? this.actor.getSnapshot();
  }

  /** The actor runs: always while connected, unless `lazy` and nothing has needed it yet. */
  get started(): boolean {
    return this.#actor !== null;
  }

  /** Sends `event` to the machine; ignored while the host is disconnected (a late listener or timer). */
  send(event: EventFrom<Machine>): void {
    this.start();
    this.#actor?.send(event);
  }

  /** Starts the actor now if the host is connected and it has not started (`lazy`). */
  start(): void {
    if (this.#connected && !this.#actor) this.#run();
  }

  hostConnected(): void {
    this.#connected = true;
    if (!this.options.lazy) this.#run();
  }

  #run(): void {
    const { machine, surface, input } = this.options;
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
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#connected = false;
    this.#last = this.#actor?.getSnapshot() ?? null;
    this.#stop?.();
    this.#stop = null;
    this.#actor = null;
  }
}
