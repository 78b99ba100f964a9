import { useActorRef } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { lightboxMachine } from '../../machines/lightbox/lightbox.machine.ts';
import { useKiteEvents } from '../../shared/dom/use-kite-events.ts';
import { prefersReducedMotion } from '../../shared/dom/reduced-motion.ts';
import { onReducedMotionChange } from '../../shared/dom/reduced-motion-change.ts';
import { isRightToLeft, pageLanguage } from '../../shared/i18n/index.ts';
import { useMessages } from '../../shared/i18n/use-messages.ts';
import { LightboxDialog } from './lightbox.dialog.tsx';
import { DecodedImages } from './lightbox.images.ts';
import { useLinkEntries, type Session } from './lightbox.links.ts';
import type { AheadDialog } from './lightbox.modal.ts';
import { useOpenOnClick } from './lightbox.opener.ts';

export interface LightboxProps {
  /** Falls back to the image's alt text for the title (the title attribute, image title and caption come first). */
  useAlt?: boolean;
  /** Opens on a middle click and on clicks with Ctrl, Meta, Alt or Shift too (Magnific Popup's `midClick`). */
  midClick?: boolean;
  /** Language of the labels and messages (`en`, `he`); default: the page's. */
  lang?: string;
  /** Opening zooms the item in from its thumbnail (Magnific Popup's `zoom`, off by default there too). */
  zoom?: boolean;
  /** The shadow root, passed by r2wc. */
  container?: ShadowRoot;
}

/**
 * Enhances the links inside the element: a click on one opens the lightbox (a modal dialog) on
 * its item, with every other lightbox link of the element as the gallery. Behaviour lives in
 * `lightboxMachine`; this view starts it, hands its settings on, and puts the roles together:
 * the gallery's links (lightbox.links.ts), the click bridge (lightbox.opener.ts) and the dialog
 * (lightbox.dialog.tsx), which renders the connect's parts (lightbox.connect.ts).
 */
export function LightboxView({ container: root, useAlt = false, midClick = false, lang: langProp, zoom = false }: LightboxProps) {
  const host = root?.host as HTMLElement | undefined;
  const lang = pageLanguage(langProp);
  // Renders again in the page's language once its file is here (English pages need none).
  useMessages(lang);
  const rtl = isRightToLeft(lang);
  const actor = useActorRef(lightboxMachine, { input: { reducedMotion: prefersReducedMotion(), zoom } });
  useKiteEvents(actor, root, 'lightbox');

  const session = useRef<Session>({ entries: [], opener: null, id: 0 });
  const settings = useRef({ useAlt, midClick });
  settings.current = { useAlt, midClick };
  const decoded = useRef(new DecodedImages()).current;
  /**
   * The dialog is built ahead of the first click and stays in the shadow root, closed and hidden
   * but styled and laid out: a click then changes state and builds and restyles next to nothing.
   * `null` until built; else how many items the gallery had then (its previous and next buttons
   * are built too).
   */
  const [prepared, setPrepared] = useState<number | null>(null);
  /** Set by the dialog built ahead while React renders it closed. */
  const ahead = useRef<AheadDialog | null>(null);

  const links = useLinkEntries(host, useAlt);
  useOpenOnClick({ host, actor, links, decoded, session, ahead, settings, setPrepared });

  useEffect(() => {
    actor.send({ type: 'ZOOM.SET', enabled: zoom });
  }, [actor, zoom]);

  // The reduced-motion preference can change while the page is open.
  useEffect(() => onReducedMotionChange((reduced) => actor.send({ type: 'MOTION.SET', reduced })), [actor]);

  if (!host || prepared === null) return null;
  return (
    <LightboxDialog
      actor={actor}
      host={host}
      root={root!}
      preparedCount={prepared}
      session={session}
      decoded={decoded}
      ahead={ahead}
      lang={lang}
      rtl={rtl}
    />
  );
}
