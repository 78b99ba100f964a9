import { useEffect } from 'react';
import type { AnyActorRef } from 'xstate';
import { forwardEmitted } from './events.ts';

/** The React surfaces' bridge: every event the machine emits leaves the host as a `kite-<surface>-<type>` DOM event. */
export function useKiteEvents(actor: AnyActorRef, container: ShadowRoot | undefined, surface: string): void {
  useEffect(() => {
    const host = container?.host;
    return host ? forwardEmitted(actor, host, surface) : undefined;
  }, [actor, container, surface]);
}
