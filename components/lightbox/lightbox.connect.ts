import { lightboxPhaseOf, type LightboxPhase, type LightboxSnapshot } from '../../machines/lightbox/lightbox.machine.ts';
import type { LightboxEvent, LightboxItem, LightboxItemStatus } from '../../machines/lightbox/lightbox.types.ts';
import { t } from '../../shared/i18n/site.ts';
import { eventForKey, PressTracker, type KeyLike, type PointerLike } from './lightbox.gesture.ts';

/**
 * The lightbox's connect (Zag.js): a pure mapping from the machine's snapshot to each part's
 * props (attributes, ARIA, handlers that only send events) and from keys to events. No DOM: a node
 * test drives it with a real actor and plain objects for events.
 */

/** What the dialog renders from the machine, selected once per snapshot (see {@link sameDialogState}). */
export interface LightboxDialogState {
  /** The phase React renders: while the machine is `presenting`, still `closed` (see {@link dialogStateOf}). */
  phase: Exclude<LightboxPhase, 'presenting'>;
  index: number;
  items: readonly LightboxItem[];
  /** The current item's status alone: a neighbour loaded ahead re-renders nothing. */
  status: LightboxItemStatus;
}

const CLOSED: LightboxDialogState = { phase: 'closed', index: 0, items: [], status: 'idle' };

/**
 * The dialog's state for React. While the machine is `presenting`, the dialog on screen is the
 * plain one the click showed in its own task; React's render of the open dialog waits for the
 * machine to open (after that frame), so `presenting` renders as `closed`: the click's task
 * re-renders nothing.
 */
export function dialogStateOf(snapshot: LightboxSnapshot): LightboxDialogState {
  const phase = lightboxPhaseOf(snapshot);
  if (phase === 'closed' || phase === 'presenting') return CLOSED;
  const { items, index, statuses } = snapshot.context;
  return { phase, index, items, status: statuses[index] ?? 'idle' };
}

export const sameDialogState = (a: LightboxDialogState, b: LightboxDialogState): boolean =>
  a.phase === b.phase && a.index === b.index && a.items === b.items && a.status === b.status;

/** The actor as the connect uses it: it sends, and reads the live snapshot for a queued event. */
export interface LightboxSender {
  send(event: LightboxEvent): void;
  getSnapshot(): LightboxSnapshot;
}

export interface ConnectOptions {
  lang: string;
  rtl: boolean;
  /** Id of the title, which names the dialog. */
  titleId: string;
  /** While closed: how many items the dialog built ahead has controls for. */
  preparedCount: number;
  /** The zoom grows the item from its thumbnail (there is one on the page). */
  zoomFromThumbnail: boolean;
  press: PressTracker;
}

/** The caption's parts: the title (`''`: none) and the counter (`''`: a single item). */
export interface LightboxCaption {
  title: string;
  titleId: string;
  counter: string;
}

/** The machine's state as props of the lightbox's parts. */
export function connectLightbox(state: LightboxDialogState, actor: LightboxSender, options: ConnectOptions) {
  const { lang, rtl, titleId, press } = options;
  const { phase, index, status } = state;
  const open = phase !== 'closed';
  const item: LightboxItem | undefined = open ? state.items[index] : undefined;
  const count = open ? state.items.length : options.preparedCount;
  const several = count > 1;
  const send = (event: LightboxEvent | null) => event && actor.send(event);
  const title = item?.title ?? '';
  const caption: LightboxCaption | null =
    title || several ? { title, titleId, counter: several ? t(lang, 'lightboxCounter', { current: String(index + 1), total: String(count) }) : '' } : null;
  const button = (label: 'lightboxClose' | 'lightboxPrevious' | 'lightboxNext', event: LightboxEvent) => ({
    type: 'button' as const,
    'aria-label': t(lang, label),
    onClick: () => actor.send(event),
  });

  return {
    open,
    phase,
    item,
    index,
    status,
    caption,
    dialog: {
      part: 'dialog',
      tabIndex: -1,
      'aria-labelledby': title ? titleId : undefined,
      'aria-label': title ? undefined : t(lang, 'lightboxLabel'),
      lang,
      dir: rtl ? 'rtl' : 'ltr',
      'data-phase': phase,
      'data-zoom': phase === 'zooming' && options.zoomFromThumbnail ? 'thumbnail' : undefined,
      'data-kind': item?.kind,
      'data-status': status,
      'data-background': '',
      /** Keys other than Tab (the focus trap's, see lightbox.modal.ts). */
      onKeyDown(event: KeyLike) {
        const meant = eventForKey(event, rtl);
        if (!meant) return;
        // Esc too: handled here, not by the dialog's own cancel, as the machine closes after its removal delay.
        event.preventDefault();
        actor.send(meant);
      },
      onCancel(event: { preventDefault(): void }) {
        event.preventDefault();
        actor.send({ type: 'CLOSE', trigger: 'escape' });
      },
      onClose(event: { currentTarget: { open: boolean } }) {
        // Closed by something else than the machine (a form with method="dialog" in inline content).
        // The event is a queued task: when a click (input goes first) has opened the dialog again
        // meanwhile, it is stale and must not close the new opening.
        if (!event.currentTarget.open && isShowing(actor.getSnapshot())) actor.send({ type: 'CLOSE', trigger: 'api' });
      },
      onPointerDown: (event: PointerLike) => press.down(event),
      onPointerUp: (event: PointerLike) => send(press.up(event, rtl)),
      onPointerCancel: () => press.cancel(),
      onClick: (event: { target: unknown }) => send(press.click(event.target, several)),
    },
    close: { part: 'close', ...button('lightboxClose', { type: 'CLOSE', trigger: 'button' }) },
    previous: several ? { part: 'previous', ...button('lightboxPrevious', { type: 'NAV.PREV' }) } : null,
    next: several ? { part: 'next', ...button('lightboxNext', { type: 'NAV.NEXT' }) } : null,
  };
}

/** The machine has the dialog on screen: open, or shown at the click ahead of its render. */
export const isShowing = (snapshot: LightboxSnapshot): boolean => snapshot.matches('open') || snapshot.matches('presenting');
