import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine.ts';
import { mountView } from '../../shared/dom/react-view.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { onReducedMotionChange } from '../../shared/dom/reduced-motion-change.ts';
import { isRightToLeft, pageLanguage } from '../../shared/i18n/index.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { LightboxDialog } from './lightbox.dialog.tsx';
import type { Session } from './lightbox.links.ts';
import type { AheadDialog } from './lightbox.modal.ts';
import { useOpenRequests } from './lightbox.open.ts';
import type { LightboxStart } from './lightbox.opener.ts';
import type { StandInDialog } from './lightbox.stand-in.ts';

export interface LightboxProps {
  /** Language of the labels and messages (`en`, `he`); default: the page's. */
  lang?: string;
  /** Opening zooms the item in from its thumbnail (Magnific Popup's `zoom`, off by default there too). */
  zoom?: boolean;
  /** The shadow root. */
  container: ShadowRoot;
  /** What the element's first chunk has kept since the page started: the gallery, the decoded images, the opening requests. */
  start: LightboxStart;
}

/**
 * The lightbox once in use: the element's first chunk (lightbox.element.ts) mounts it on the
 * visitor's first intent or click. Behaviour lives in `lightboxMachine`; this view starts it,
 * hands its settings on, and puts the roles together: the opening requests (lightbox.open.ts) and
 * the dialog (lightbox.dialog.tsx), which renders the connect's parts (lightbox.connect.ts).
 */
export function LightboxView({ container: root, start, lang: langProp, zoom = false }: LightboxProps) {
  const host = root.host as HTMLElement;
  const lang = pageLanguage(langProp);
  // Renders again in the page's language once its file is here (English pages need none).
  useMessages(lang);
  const rtl = isRightToLeft(lang);
  const actor = useActorRef(lightboxMachine, { input: { reducedMotion: prefersReducedMotion(), zoom } });
  useKiteEvents(actor, root, 'lightbox');

  const session = useRef<Session>({ entries: [], opener: null, id: 0 });
  /**
   * The dialog is built as the view mounts, on the visitor's first intent, and stays in the shadow
   * root, closed and hidden but styled and laid out: a click then changes state and builds and
   * restyles next to nothing. Built with the previous and next buttons when the gallery has several items.
   */
  const prepared = useRef(start.links.entries.length).current;
  /** Set by the dialog built ahead while React renders it closed. */
  const ahead = useRef<AheadDialog | null>(null);
  /** The dialog the first click showed before React loaded, until React's takes its place. */
  const standIn = useRef<StandInDialog | null>(null);

  useOpenRequests(start, actor, start.decoded, session, ahead, standIn);

  useEffect(() => {
    actor.send({ type: 'ZOOM.SET', enabled: zoom });
  }, [actor, zoom]);

  // The reduced-motion preference can change while the page is open.
  useEffect(() => onReducedMotionChange((reduced) => actor.send({ type: 'MOTION.SET', reduced })), [actor]);

  return (
    <LightboxDialog
      actor={actor}
      host={host}
      root={root}
      preparedCount={prepared}
      session={session}
      decoded={start.decoded}
      ahead={ahead}
      standIn={standIn}
      lang={lang}
      rtl={rtl}
    />
  );
}

/** The view mounted in `into` (a box-less element of the shadow root), rendered again with new settings by `render`. */
export const mountLightbox = (into: Element, props: LightboxProps) => mountView(LightboxView, into, props);
