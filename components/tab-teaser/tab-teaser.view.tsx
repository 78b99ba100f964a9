import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createActor } from 'xstate';
import {
  isEverytimeEverypage,
  isPulsing,
  poptinLifeFacts,
  tabPhaseOf,
  tabTeaserMachine,
  toDisplayMode,
} from '../../machines/tab-teaser/tab-teaser.machine.ts';
import type { TabTeaserDisplayMode } from '../../machines/tab-teaser/tab-teaser.types.ts';
import { STORAGE_KEY } from '../../shared/constants/widget.ts';
import { TAB } from '../../shared/constants/tab.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { isRightToLeft, pageLanguage, t } from '../../shared/i18n/index.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { getCookie } from '../../shared/storage/storage.ts';
import { onPoptinLife, poptinLog } from './poptin-life.ts';

export interface TabTeaserProps {
  /** Id of the pop-up the tab re-opens. Without it the tab does not show. */
  poptinId?: string;
  /** `always`, `before_show` or `after_close`; anything else reads as `always`. */
  displayMode?: string;
  /** The tab's text; default: "Special offer" in the page's language. */
  label?: string;
  /** Bottom corner: `left` or `right` (default). */
  position?: string;
  /** The pop-up's display frequency rule (`d_f_r`), e.g. `all@display_everytime_everypage_5`. */
  frequencyRule?: string;
  /** Language of the default text (`en`, `he`); default: the page's. */
  lang?: string;
  /** The shadow root, passed by r2wc. */
  container?: ShadowRoot;
}


/** Slide up from below the window's bottom edge; the exit plays it backwards. */
const SLIDE: Keyframe[] = [
  { transform: 'translateY(100%)', opacity: 0 },
  { transform: 'translateY(0)', opacity: 1 },
];

/**
 * The tab for one pop-up. A new pop-up id, mode or rule starts a new tab (a fresh actor reads
 * the cookies and the pop-up's life again); label, position and language only change how it looks.
 */
export function TabTeaserView({ container, poptinId, displayMode, frequencyRule, ...props }: TabTeaserProps) {
  // The tab shows nothing until its language's messages are here.
  const messagesLoaded = useMessages(pageLanguage(props.lang));
  if (!container || !poptinId || !messagesLoaded) return null;
  const mode = toDisplayMode(displayMode);
  const everytimeEverypage = isEverytimeEverypage(frequencyRule);
  return (
    <TabTeaser
      key={`${poptinId} ${mode} ${everytimeEverypage}`}
      root={container}
      poptinId={poptinId}
      mode={mode}
      everytimeEverypage={everytimeEverypage}
      {...props}
    />
  );
}

interface TabTeaserInnerProps extends Pick<TabTeaserProps, 'label' | 'position' | 'lang'> {
  root: ShadowRoot;
  poptinId: string;
  mode: TabTeaserDisplayMode;
  everytimeEverypage: boolean;
}

function TabTeaser({ root, poptinId, mode, everytimeEverypage, label, position, lang: langProp }: TabTeaserInnerProps) {
  const tab = useRef<HTMLButtonElement>(null);
  const [{ actor, heard }] = useState(() => {
    // What the pop-up did on this page before this tab, plus what the visitor did on earlier pages (cookies).
    const log = poptinLog(poptinId);
    const facts = poptinLifeFacts(log);
    const machine = tabTeaserMachine.provide({
      // Under reduced motion nothing slides out, so the tab hides at once; read when the exit starts.
      delays: { exitAnimation: () => (prefersReducedMotion() ? 0 : TAB.SLIDE_MS) },
    });
    const input = {
      ...facts,
      poptinId,
      displayMode: mode,
      converted: facts.converted || getCookie(`${STORAGE_KEY.CONVERSION_PREFIX}${poptinId}`) !== null,
      closedByX: facts.closedByX || getCookie(`${STORAGE_KEY.CLOSED_X_PREFIX}${poptinId}`) !== null,
      everytimeEverypage,
    };
    return { actor: createActor(machine, { input }), heard: log.length };
  });
  const phase = useSelector(actor, tabPhaseOf);
  const pulsing = useSelector(actor, isPulsing);
  // Declared before the start below: effects run in order, so `show` on start is heard too
  // (useActorRef starts its actor in an effect of its own, before any listener of ours).
  useKiteEvents(actor, root, 'tab-teaser');
  useEffect(() => {
    actor.start();
    // The pop-up's events between this tab's first render and now, then the rest as they come.
    for (const event of poptinLog(poptinId).slice(heard)) actor.send(event);
    const stop = onPoptinLife(poptinId, (event) => actor.send(event));
    return () => {
      stop();
      actor.stop();
    };
  }, [actor, heard, poptinId]);

  // Entry and exit slides. Leaving `entering` (the machine's cleanup after TAB.ENTRY_CLEANUP_MS)
  // cancels the entry animation; the exit holds its last frame until the tab is unmounted.
  useLayoutEffect(() => {
    const element = tab.current;
    if (!element || prefersReducedMotion() || (phase !== 'entering' && phase !== 'exiting')) return;
    const animation = element.animate(SLIDE, {
      duration: TAB.SLIDE_MS,
      easing: phase === 'entering' ? 'ease-out' : 'ease-in',
      direction: phase === 'entering' ? 'normal' : 'reverse',
      fill: phase === 'entering' ? 'none' : 'forwards',
    });
    return () => animation.cancel();
  }, [phase]);

  // The visitor opened the pop-up from this tab; when the tab is back after it closed, focus comes
  // back here (the pop-up could not return it to a tab that was gone), unless the visitor moved on.
  const openedPoptin = useRef(false);
  useLayoutEffect(() => {
    if (phase !== 'entering' || !openedPoptin.current) return;
    openedPoptin.current = false;
    if (document.activeElement === null || document.activeElement === document.body) tab.current?.focus();
  }, [phase]);

  if (phase !== 'entering' && phase !== 'shown' && phase !== 'exiting') return null;
  const lang = pageLanguage(langProp);
  return (
    <button
      ref={tab}
      type="button"
      part="base"
      className={pulsing ? 'pulse' : undefined}
      data-state={phase}
      data-position={position === 'left' ? 'left' : 'right'}
      lang={lang}
      dir={isRightToLeft(lang) ? 'rtl' : 'ltr'}
      // Enter and Space come as clicks from the native button.
      onClick={() => {
        openedPoptin.current = true;
        actor.send({ type: 'CLICK' });
      }}
    >
      <span part="label">{label?.trim() || t(lang, 'tabTeaser')}</span>
      <span part="icon" aria-hidden="true">
        ▲
      </span>
    </button>
  );
}
