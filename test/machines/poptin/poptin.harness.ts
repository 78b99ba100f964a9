import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { poptinMachine } from '../../../machines/poptin/poptin.machine.ts';
import type { ConversionResult, PoptinInput } from '../../../machines/poptin/poptin.types.ts';

/** A pop-up machine on a simulated clock, its effects recorded in `calls` and its emitted events in `emitted`. */
export function start(input: Partial<PoptinInput> = {}, conversion: () => Promise<ConversionResult> = async () => ({ status: 'sent', conversionId: 'c1' })) {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const machine = poptinMachine.provide({
    actions: {
      recordView: () => void calls.push('view'),
      recordClose: () => void calls.push('closed-call'),
      markConverted: () => void calls.push('converted-cookie'),
    },
    actors: { sendConversion: fromPromise(conversion) },
  });
  const actor = createActor(machine, { clock, input: { poptinId: 'abcdefghijklm', ...input } });
  const emitted: Array<{ type: string; [k: string]: unknown }> = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
    /** The state as a short name: `form`, `submitting`, or a top-level state. */
  const state = () => {
    const snapshot = actor.getSnapshot();
    if (snapshot.matches({ shown: { content: 'submitting' } })) return 'submitting';
    if (snapshot.matches('shown')) return 'form';
    return snapshot.value;
  };
  return { actor, clock, calls, emitted, state };
}
export const flush = () => new Promise((resolve) => setImmediate(resolve));

