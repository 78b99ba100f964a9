import { useEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import { emit, type KiteEventDetails, type KiteEventName } from './events.ts';

/**
 * Forwards every event the machine emits as a `kite-<surface>-<type>` DOM event from the host
 * element: the machine names what happened, the host page hears it.
 */
export function useKiteEvents(actor: AnyActorRef, container: ShadowRoot | undefined, surface: string): void {
  useEffect(() => {
    const host = container?.host;
    if (!host) return;
    const subscription = actor.on('*', (event: { type: string; [key: string]: unknown }) => {
      const { type, ...detail } = event;
      emit(host, `kite-${surface}-${type}` as KiteEventName, detail as KiteEventDetails[KiteEventName]);
    });
    return () => subscription.unsubscribe();
  }, [actor, container, surface]);
}
