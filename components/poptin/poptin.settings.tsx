/**
 * What the record settings add to a pop-up's view (docs/poptin-record.md "Record settings"): the
 * welcome screen's call to action, the page lock of a content lock or a landing page with its
 * note, and the add to cart on submit (its own chunk, poptin.cart.tsx). Loaded only by a pop-up
 * that has one of them; the machines decide, this only renders.
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { isHeld, type poptinMachine } from '../../machines/poptin/poptin.machine.ts';
import { t } from '../../shared/i18n/blocks.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { lockPage } from '../../shared/dom/page-lock.ts';
import { landingPageStyles, settingsStyles } from './poptin.settings.styles.ts';
import type { DesignProperties } from '../../shared/schema/poptin-record.ts';
import { addsToCart } from '../../shared/widget/record-needs.ts';

/** Only records that add to the cart on submit load the store's cart and the outcome's view. */
const Cart = lazy(() => import('./poptin.cart.tsx').then((module) => ({ default: module.PoptinCart })));

/** The first control of the main screen, which takes focus from the call to action that led to it. */
const FIRST_CONTROL = 'input:not([type="hidden"]), textarea, select, button:not([part="close"])';

export interface PoptinSettingsProps {
  /** The pop-up's actor: its hold (content lock or landing page), whether it holds the page now, and whether it is on its welcome screen. */
  actor: ActorRefFrom<typeof poptinMachine>;
  /** The welcome screen's call to action's text, if the record has a welcome screen. */
  start?: string;
  /** The record's design properties: its add to cart on submit, if any. */
  properties: DesignProperties;
  lang: string;
  /** The pop-up's shadow root: its host stays out of the lock. */
  root?: ShadowRoot;
}

export function PoptinSettings({ actor, start, properties, lang, root }: PoptinSettingsProps) {
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
      {addsToCart(properties) && (
        <Suspense fallback={null}>
          <Cart actor={actor} properties={properties} lang={lang} root={root} />
        </Suspense>
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
