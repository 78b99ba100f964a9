/**
 * What the record settings add to a pop-up's view (docs/poptin-record.md "Record settings"): the
 * welcome screen's call to action, and the page lock of a content lock or a landing page with its
 * note. Loaded only by a pop-up that has one of them; the machine decides, this only renders.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { t } from '../../shared/i18n/blocks.ts';
import { adoptStyles } from '../../shared/dom/adopt-styles.ts';
import { lockPage, type PageLockKind } from '../../shared/dom/page-lock.ts';
import { LAYOUT } from '../../shared/constants/widget.ts';

/** Landing-page mode: the pop-up fills the window, as the page's own content, whatever its type. */
const LANDING_STYLES = `[part='overlay']{padding:0;background:var(--kite-poptin-background)}
[part='dialog']{position:fixed;inset:0;z-index:${LAYOUT.POPTIN_Z_INDEX};width:auto;max-width:none;min-height:0;max-height:none;border-radius:0;box-shadow:none}`;

/** The call to action looks like the form's button; the note is quiet text above the pop-up's edge. */
const SETTINGS_STYLES = `[part='welcome-start']{font:inherit;font-weight:700;min-block-size:44px;padding:10px 16px;border:0;border-radius:4px;
background:var(--kite-poptin-button-background);color:var(--kite-poptin-button-color);cursor:pointer;align-self:center}
[part='welcome-start']:focus-visible{outline:3px solid var(--kite-poptin-button-background);outline-offset:2px}
[part='lock-note']{margin:16px 0 0;font-size:0.875rem;opacity:0.85}`;

/** The first control of the main screen, which takes focus from the call to action that led to it. */
const FIRST_CONTROL = 'input:not([type="hidden"]), textarea, select, button:not([part="close"])';

export interface PoptinSettingsProps {
  /** The content lock or landing-page mode, if the record has one. */
  hold?: PageLockKind;
  /** The lead went through (a content lock lets go then). */
  submitted: boolean;
  /** On the welcome screen: its call to action's text. */
  start?: string;
  onStart: () => void;
  lang: string;
  /** The pop-up's shadow root: its host stays out of the lock. */
  root?: ShadowRoot;
}

export function PoptinSettings({ hold, submitted, start, onStart, lang, root }: PoptinSettingsProps) {
  const locked = hold === 'landing_page' || (hold === 'content_lock' && !submitted);
  useLayoutEffect(() => {
    if (!root) return;
    adoptStyles(root, SETTINGS_STYLES);
    if (hold === 'landing_page') adoptStyles(root, LANDING_STYLES);
  }, [hold, root]);
  useEffect(() => (locked && hold && root ? lockPage(root.host, hold) : undefined), [locked, hold, root]);
  return (
    <>
      {start && <WelcomeStart text={start} onStart={onStart} />}
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
      part="welcome-start"
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
