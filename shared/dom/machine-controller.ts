import type { ReactiveControllerHost } from 'lit';
import { createActor, type AnyStateMachine } from 'xstate';
import { ActorController, type ActorControllerOptions } from './actor-controller.ts';

export interface MachineControllerOptions<Machine extends AnyStateMachine> extends Omit<ActorControllerOptions<Machine>, 'runtime'> {
  /** The surface's machine, with the element's implementations already `provide`d. */
  machine: Machine;
}

/** Runs a surface's machine for a lit element (see `ActorController`), the machine and XState loaded with the element. */
export class MachineController<Machine extends AnyStateMachine> extends ActorController<Machine> {
  constructor(host: ReactiveControllerHost & HTMLElement, { machine, ...options }: MachineControllerOptions<Machine>) {
    super(host, { ...options, runtime: () => ({ machine, createActor }) });
  }
}
