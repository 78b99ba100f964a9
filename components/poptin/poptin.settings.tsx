/**
 * What the record settings add to a pop-up's view (docs/poptin-record.md "Record settings"): the
 * welcome screen's call to action, and the page lock of a content lock or a landing page with its
 * note. Loaded only by a pop-up that has one of them; the machine decides, this only renders.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { isHeld, type poptinMachine } from '../../machines/poptin/poptin.machine.ts';
import { t } from '../../shared/i18n/blocks.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { lockPage } from '../../shared/dom/page-lock.ts';
import { landingPageStyles, settingsStyles } from './poptin.settings.styles.ts';

/** The first control of the main screen, which takes focus from the call to action that led to it. */
const FIRST_CONTROL = 'input:not([type="hidden"]), textarea, select, button:not([part="close"])';

export interface PoptinSettingsProps {
  /** The pop-up's actor: its hold (content lock or landing page), whether it holds the page now, and whether it is on its welcome screen. */
  actor: ActorRefFrom<typeof poptinMachine>;
  /** The welcome screen's call to action's text, if the record has a welcome screen. */
  start?: string;
  lang: string;
  /** The pop-up's shadow root: its host stays out of the lock. */
  root?: ShadowRoot;
}

export function PoptinSettings({ actor, start, lang, root }: PoptinSettingsProps) {
  // Read from the machine, not passed beside it: the page is locked exactly while no close request is taken.
  const hold = useSelector(actor, (snapshot) => snapshot.context.hold);
  const locked = useSelector(actor, (snapshot) => isHeld(snapshot.context));
  const welcoming = useSelector(actor, (snapshot) => snapshot.context.welcome);
  useLayoutEffect(() => {
    if (!root) return;
    adoptStyles(root, settingsStyles);
    if (hold === 'landing_page') adoptStyles(root, landingPageStyles);
  }, [hold, root]);
  useEffect(() => (locked && hold && root ? lockPage(root.host, hold) : undefined), [locked, hold, root]);
  return (
    <>
      {welcoming && start && <WelcomeStart text={start} onStart={() => actor.send({ type: 'WELCOME.START' })} />}
      {hold === 'content_lock' && (
        <p part="lock-note" role="status">
          {t(lang, locked ? 'contentLocked' : 'contentUnlocked')}
        </p>
      )}
    </>
  );
}

/** The welcome screen's call to action; once it gave way to the form, focus moves to the form's first control. */
function WelcomeStart({ text, onStart }: { text: string; onStart: () => void }) {
  const button = useRef<HTMLButtonElement>(null);
  const started = useRef(false);
  useLayoutEffect(() => {
    const dialog = button.current?.closest('[part="dialog"]');
    // After the commit that takes the button away: the form is in the dialog by then.
    return () => {
      if (started.current) queueMicrotask(() => dialog?.querySelector<HTMLElement>(FIRST_CONTROL)?.focus());
    };
  }, []);
  return (
    <button
      ref={button}
      part="button welcome-start"
      type="button"
      onClick={() => {
        started.current = true;
        onStart();
      }}
    >
      {text}
    </button>
  );
}
