/** What the dashboard's sections share: their props, the focused heading, the failed-load notice. */
import { useEffect, useRef, type ReactNode } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { dashboardMachine } from '../../machines/dashboard/dashboard.machine.ts';
import type { DashboardError } from '../../machines/dashboard/dashboard.types.ts';
import type { DashboardMessages } from './messages.ts';

export type DashboardActor = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;

/** What every section view gets. */
export interface SectionProps {
  actor: DashboardActor;
  snapshot: DashboardSnapshot;
  t: DashboardMessages;
  lang: string;
}

/** A heading that takes focus when it first shows: the start of a section just opened. */
export function SectionHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <h2 ref={heading} tabIndex={-1}>
      {children}
    </h2>
  );
}

/** A failed load: the reason, and a way to try again. */
export function LoadFailed({ actor, t, error }: { actor: DashboardActor; t: DashboardMessages; error: DashboardError | null }) {
  return (
    <div role="alert" className="dashboard-problem">
      <p>
        {t.failed} {error?.message}
      </p>
      <button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
        {t.retry}
      </button>
    </div>
  );
}


/**
 * A table's scroll box: on a narrow screen the table scrolls inside it, not the page. Focusable
 * and named by the table's caption, so a keyboard user can scroll it too (WAI-ARIA's scrollable
 * region).
 */
export function TableScroll({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    <div className="dashboard-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      {children}
    </div>
  );
}
