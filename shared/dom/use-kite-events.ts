import { useEffect } from 'react';
import type { ActorRef, AnyActorRef } from 'xstate';
import { forwardEmitted, type SurfaceOf } from './events.ts';

/** What an actor emits. */
type EmittedOf<Actor> = Actor extends ActorRef<infer _Snapshot, infer _Event, infer Emitted> ? Emitted : never;

/**
 * The React surfaces' bridge: every event the machine emits leaves the host as a `kite-<surface>-<type>`
 * DOM event. `surface` must be the one whose events the machine emits (shared/dom/events.ts).
 */
export function useKiteEvents<Actor extends AnyActorRef>(actor: Actor, container: ShadowRoot | undefined, surface: SurfaceOf<EmittedOf<Actor>>): void {
  useEffect(() => {
    const host = container?.host;
    return host ? forwardEmitted(actor, host, surface) : undefined;
  }, [actor, container, surface]);
}
