import { useSelector } from '@xstate/react';
import { useId, useMemo, useRef, useState, type RefObject } from 'react';
import type { LightboxActor } from '../../machines/lightbox/lightbox.machine.ts';
import { keepTabInside } from '../../shared/dom/focus-trap.ts';
import { Caption } from './lightbox.caption.tsx';
import { connectLightbox, dialogStateOf, sameDialogState } from './lightbox.connect.ts';
import { useAjaxLoading, useInlineContent, type Opening } from './lightbox.content.ts';
import { PressTracker } from './lightbox.gesture.ts';
import type { DecodedImages } from './lightbox.decoded.ts';
import { useImageLoading } from './lightbox.images.ts';
import { ItemContent } from './lightbox.item.tsx';
import type { Session } from './lightbox.links.ts';
import { useFocusReturn, useModalDialog, type AheadDialog } from './lightbox.modal.ts';
import type { StandInDialog } from './lightbox.stand-in.ts';
import { useZoomFromThumbnail } from './lightbox.zoom.ts';

interface DialogProps {
  actor: LightboxActor;
  host: HTMLElement;
  root: ShadowRoot;
  /** While closed: how many items to build the controls for. */
  preparedCount: number;
  session: RefObject<Session>;
  decoded: DecodedImages;
  ahead: RefObject<AheadDialog | null>;
  standIn: RefObject<StandInDialog | null>;
  lang: string;
  rtl: boolean;
}

/**
 * The dialog, built while closed (in the shadow root, hidden) and shown on opening. It alone
 * follows the machine's state, so an opening re-renders nothing else. Its parts' props come from
 * the connect (lightbox.connect.ts); the item, the caption and the bridges are their own files.
 */
export function LightboxDialog({ actor, host, root, preparedCount, session, decoded, ahead, standIn, lang, rtl }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const figure = useRef<HTMLElement>(null);
  const titleId = useId();
  const [press] = useState(() => new PressTracker());
  const state = useSelector(actor, dialogStateOf, sameDialogState);
  const open = state.phase !== 'closed';
  const entry = open ? session.current.entries[state.index] : undefined;
  const thumbnail = entry?.item.kind === 'image' ? entry.link.querySelector('img') : null;
  const api = connectLightbox(state, actor, { lang, rtl, titleId, preparedCount, zoomFromThumbnail: Boolean(thumbnail), press });
  const { item, index, status } = api;
  const sessionId = session.current.id;
  // oxlint-disable-next-line react-hooks/exhaustive-deps -- keyed by the session on purpose: each opening of the lightbox starts fresh
  const opening = useMemo<Opening>(() => ({ contents: new Map(), zoomStartedAt: null }), [sessionId]);

  useModalDialog(open, dialog, figure, ahead, standIn);
  useZoomFromThumbnail(figure, api.phase === 'zooming' ? thumbnail : null, status, opening);
  useFocusReturn(open, session);
  useImageLoading(actor, session, decoded);
  useAjaxLoading(actor, api, session, opening);
  useInlineContent(actor, host, api, entry, opening);

  return (
    <dialog
      ref={dialog}
      {...api.dialog}
      onKeyDown={(event) => (event.key === 'Tab' ? dialog.current && keepTabInside(event, dialog.current, root.activeElement) : api.dialog.onKeyDown(event))}
    >
      <button {...api.close}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      {api.previous && api.next && (
        <>
          <button {...api.previous}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15 5l-7 7 7 7" />
            </svg>
          </button>
          <button {...api.next}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M9 5l7 7-7 7" />
            </svg>
          </button>
        </>
      )}
      <div part="stage" data-background="">
        <figure part="figure" ref={figure} tabIndex={-1}>
          {item && (
            <ItemContent
              key={`${sessionId}:${index}`}
              actor={actor}
              entry={entry}
              item={item}
              index={index}
              status={status}
              lang={lang}
              stopped={api.phase === 'closing'}
              content={opening.contents.get(index)}
            />
          )}
          {api.caption && <Caption {...api.caption} />}
        </figure>
      </div>
    </dialog>
  );
}
