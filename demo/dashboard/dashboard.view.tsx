/**
 * The owner dashboard's shell: the sign-in, the header with the sections, and the section the
 * machine is in. Behaviour is the machine's (machines/dashboard/); these views render its snapshot
 * and send it events. Each section's heading takes focus when the section opens, so a screen
 * reader user hears where they are.
 */
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine.ts';
import type { DashboardError } from '../../machines/dashboard/dashboard.types.ts';
import { api } from './api.ts';
import { ChartView } from './chart.view.tsx';
import { EditorView } from './editor.view.tsx';
import { LeadsView } from './leads.view.tsx';
import type { DashboardMessages } from './messages.ts';
import { PoptinsView } from './poptins.view.tsx';
import { SectionHeading, type SectionProps } from './section.tsx';
import { checkRecord } from './record-check.ts';

const machine = dashboardMachine.provide({
  actors: {
    checkSession: fromPromise(api.checkSession),
    signIn: fromPromise(({ input }) => api.signIn(input.token)),
    signOut: fromPromise<void>(api.signOut),
    loadPoptins: fromPromise(api.loadPoptins),
    setActive: fromPromise(({ input }) => api.setActive(input.id, input.active)),
    loadPoptin: fromPromise(({ input }) => api.loadPoptin(input.id)),
    savePoptin: fromPromise(({ input }) => api.savePoptin(input.record, input.isNew)),
    createPreviewLink: fromPromise(({ input }) => api.createPreviewLink(input.id, input.url)),
    loadLeads: fromPromise(({ input }) => api.loadLeads(input)),
    loadDaily: fromPromise(api.loadDaily),
  },
});

function authMessage(t: DashboardMessages, error: DashboardError | null, sessionEnded: boolean): string | null {
  if (!error) return null;
  if (error.status === 429) return t.tooManyTries;
  if (error.status === 401) return sessionEnded ? t.sessionEnded : t.wrongToken;
  return `${t.failed} ${error.message}`;
}

function SignInView({ actor, snapshot, t }: Omit<SectionProps, 'lang'>) {
  const signingIn = snapshot.matches('signingIn');
  const error = snapshot.context.authError;
  const message = authMessage(t, error, snapshot.context.sessionEnded);
  return (
    <main id="main" className="dashboard-sign-in">
      <SectionHeading>{t.signInHeading}</SectionHeading>
      <p id="token-help">{t.signInHelp}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem('token') as HTMLInputElement;
          actor.send({ type: 'SIGN_IN', token: field.value });
          // The token goes to the server once and is not kept in the page.
          field.value = '';
        }}
      >
        <label htmlFor="token">{t.tokenLabel}</label>
        <input
          id="token"
          name="token"
          type="password"
          autoComplete="current-password"
          required
          aria-describedby={message ? 'token-help token-error' : 'token-help'}
          aria-invalid={message ? true : undefined}
        />
        <button type="submit" disabled={signingIn}>
          {signingIn ? t.signingIn : t.signIn}
        </button>
        <p id="token-error" role="alert" className="dashboard-problem">
          {message}
        </p>
      </form>
    </main>
  );
}

const SECTIONS = [
  { key: 'poptins', event: 'SHOW.POPTINS', label: 'navPoptins' },
  { key: 'leads', event: 'SHOW.LEADS', label: 'navLeads' },
  { key: 'chart', event: 'SHOW.CHART', label: 'navChart' },
] as const;

export function DashboardView({ t, lang }: { t: DashboardMessages; lang: string }) {
  const actor = useActorRef(machine, { input: { checkRecord } });
  const snapshot = useSelector(actor, (state) => state);
  const props = { actor, snapshot, t, lang };
  let body: ReactNode;
  if (snapshot.matches('checking') || snapshot.matches('signingOut')) {
    body = (
      <main id="main">
        <p role="status">{t.checking}</p>
      </main>
    );
  } else if (snapshot.matches('signedOut') || snapshot.matches('signingIn')) {
    body = <SignInView {...props} />;
  } else {
    const current = SECTIONS.find(({ key }) => snapshot.matches({ signedIn: key }))?.key ?? 'poptins';
    body = (
      <>
        <nav aria-label={t.navLabel} className="dashboard-nav">
          <ul>
            {SECTIONS.map(({ key, event, label }) => (
              <li key={key}>
                <button type="button" aria-current={current === key ? 'page' : undefined} onClick={() => actor.send({ type: event })}>
                  {t[label]}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => actor.send({ type: 'SIGN_OUT' })}>
            {t.signOut}
          </button>
        </nav>
        <main id="main">
          {snapshot.matches({ signedIn: 'poptins' }) && <PoptinsView {...props} />}
          {snapshot.matches({ signedIn: 'editor' }) && <EditorView {...props} />}
          {snapshot.matches({ signedIn: 'leads' }) && <LeadsView {...props} />}
          {snapshot.matches({ signedIn: 'chart' }) && <ChartView {...props} />}
        </main>
      </>
    );
  }
  return (
    <>
      {/* In the banner: axe counts it a skip link only while no other link comes before it in the
          page, and one inside the preview's shadow root (an extra button) does not compare as after it. */}
      <header className="dashboard-header">
        <a className="dashboard-skip" href="#main">
          {t.skipToMain}
        </a>
        <h1>{t.title}</h1>
        <a href={t.otherLanguageHref} lang={t.otherLanguageCode} hrefLang={t.otherLanguageCode}>
          {t.otherLanguage}
        </a>
      </header>
      {body}
    </>
  );
}
