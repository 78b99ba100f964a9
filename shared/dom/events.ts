/**
 * The one way an element tells its host something: a bubbling, composed `CustomEvent`
 * named `kite-<surface>-<what>` (contract, "Elements").
 *
 * The details of the events a machine emits are not written here: they are the machine's own
 * emitted types (`setup({ types: { emitted } })`), listed once per surface in
 * {@link KiteSurfaceEmitted} and mapped to `kite-<surface>-<type>` names below. A field added to a
 * machine's emitted event is in the DOM event's detail type at once; a machine forwarded under
 * another surface's name does not compile.
 */
import type { ContactFormEmitted } from '../../machines/contact-form/contact-form.types.ts';
import type { CounterEmitted } from '../../machines/counter/counter.types.ts';
import type { FoldSectionEmitted } from '../../machines/fold-section/fold-section.types.ts';
import type { GalleryEmitted } from '../../machines/gallery/gallery.types.ts';
import type { GameEmitted } from '../../machines/gamified/gamified.types.ts';
import type { HeaderEmitted } from '../../machines/header/header.types.ts';
import type { LightboxEmitted } from '../../machines/lightbox/lightbox.types.ts';
import type { MenuEmitted } from '../../machines/menu/menu.types.ts';
import type { PlayerEmitted } from '../../machines/player/player.types.ts';
import type { PoptinEmitted } from '../../machines/poptin/poptin.types.ts';
import type { PreloaderEmitted } from '../../machines/preloader/preloader.types.ts';
import type { SliderEmitted } from '../../machines/slider/slider.types.ts';
import type { SwipeEmitted } from '../../machines/swipe/swipe.types.ts';
import type { TabTeaserEmitted } from '../../machines/tab-teaser/tab-teaser.types.ts';
import type { TocEmitted } from '../../machines/toc/toc.types.ts';
import type { VideoEmbedEmitted } from '../../machines/video-embed/video-embed.types.ts';
import type { TabsEmitted } from '../../machines/tabs/tabs.types.ts';
import type { TooltipEmitted } from '../../machines/tooltip/tooltip.types.ts';
import type { AnimateEmitted } from '../../machines/animate/animate.types.ts';
import type { WidgetEmitted } from '../../machines/widget/widget.types.ts';
import type { LiveSearchEmitted } from '../../machines/live-search/live-search.types.ts';
import type { ProductRecommendationsEmitted } from '../../machines/product-recommendations/product-recommendations.types.ts';
import type { MasonryEmitted } from '../../machines/masonry/masonry.types.ts';
import type { AnyActorRef, EventObject } from 'xstate';

/**
 * The events each surface's machine emits, by surface: each becomes `kite-<surface>-<type>`
 * (`post-nav` runs the swipe machine). An interface, so a new surface (or a test's probe) adds
 * itself by declaration merging.
 */
export interface KiteSurfaceEmitted {
  'contact-form': ContactFormEmitted;
  counter: CounterEmitted;
  'fold-section': FoldSectionEmitted;
  gallery: GalleryEmitted;
  header: HeaderEmitted;
  lightbox: LightboxEmitted;
  menu: MenuEmitted;
  player: PlayerEmitted;
  poptin: PoptinEmitted;
  'post-nav': SwipeEmitted;
  preloader: PreloaderEmitted;
  slider: SliderEmitted;
  'tab-teaser': TabTeaserEmitted;
  toc: TocEmitted;
  'video-embed': VideoEmbedEmitted;
  tabs: TabsEmitted;
  tooltip: TooltipEmitted;
  animate: AnimateEmitted;
  'live-search': LiveSearchEmitted;
  'product-recommendations': ProductRecommendationsEmitted;
  masonry: MasonryEmitted;
}

/** A surface whose machine's events leave its element as `kite-<surface>-*` events. */
export type KiteSurface = keyof KiteSurfaceEmitted & string;

/** An emitted event's detail: its fields but `type` (`Record<string, never>` when it has none). */
type DetailOf<Emitted> = { [Key in keyof Emitted as Key extends 'type' ? never : Key]: Emitted[Key] } extends infer Detail
  ? keyof Detail extends never
    ? Record<string, never>
    : Detail
  : never;

/** Every emitted event of every surface as its DOM name and detail. */
type ForwardedEvent = {
  [Surface in KiteSurface]: KiteSurfaceEmitted[Surface] extends infer Emitted
    ? Emitted extends EventObject
      ? { name: `kite-${Surface}-${Emitted['type']}`; detail: DetailOf<Emitted> }
      : never
    : never;
}[KiteSurface];

/** The details of the events machines emit, by DOM event name (derived, never written by hand). */
export type KiteEmittedDetails = { [Event in ForwardedEvent as Event['name']]: Event['detail'] };

/**
 * The surface a machine emitting `Emitted` is forwarded as: the one whose emitted events are
 * exactly these. A machine that emits nothing (its emitted type is XState's default, any
 * `EventObject`) may take any surface name, since nothing is forwarded.
 */
export type SurfaceOf<Emitted extends EventObject> = string extends Emitted['type']
  ? string
  : { [Surface in KiteSurface]: [Emitted] extends [KiteSurfaceEmitted[Surface]] ? ([KiteSurfaceEmitted[Surface]] extends [Emitted] ? Surface : never) : never }[KiteSurface];

/**
 * Why an open pop-up did not show: `invalid`, its record was refused (an invalid field, or its
 * countdown date has passed); `markup`, its markup was refused or could not be loaded; `no-host`,
 * an embedded pop-up has no element with its id on the page; `load-failed`, its code could not be loaded.
 */
export type PoptinSkipReason = 'invalid' | 'markup' | 'no-host' | 'load-failed';

/** The events elements dispatch themselves, not forwarded from a machine's emits. */
export interface KiteElementDetails {
  /** An open pop-up will not show after all (it is not a close): see {@link PoptinSkipReason}. */
  'kite-poptin-skip': { poptinId: string; reason: PoptinSkipReason };
  /** A gamified pop-up's game started with this draw (its game machine's `play`): the pop-up's submit. */
  'kite-poptin-play': { poptinId: string } & DetailOf<Extract<GameEmitted, { type: 'play' }>>;
  /** A gamified pop-up's winning or losing screen is up (its game machine's `result`). */
  'kite-poptin-result': { poptinId: string } & DetailOf<Extract<GameEmitted, { type: 'result' }>>;
  /** The widget read the display answer: `poptins` valid pop-ups. */
  'kite-widget-ready': { clientId: string; poptins: number };
  /**
   * The widget decided this page's display rules, armed the triggers and watches the page's events (pop-up ids): `armed`,
   * whose triggers are watched; `clickOnly`, held back by their frequency rule (a click on a link
   * carrying the id still opens them); `hidden`, ruled out by a filter or the audience. The widget
   * machine's `armed` emit, announced once the page's events are watched.
   */
  'kite-widget-armed': DetailOf<Extract<WidgetEmitted, { type: 'armed' }>>;
  /** On `window`: the site called `window.kite.consent(granted)`; with `true`, a held widget starts. */
  'kite-widget-consent': { granted: boolean };
  /** On `window`: the site called `window.kite.consent(granted, 'video')`; video embeds play (or stop being offered) at once. */
  'kite-video-consent': { granted: boolean };
  /** On `window`, in single-page-app mode: the address changed through the History API or the back button. */
  'kite-widget-navigate': { url: string };
}

/** Detail of every `kite-*` event, keyed by event name. */
export type KiteEventDetails = KiteEmittedDetails & KiteElementDetails;

export type KiteEventName = keyof KiteEventDetails;

/** Every `kite-*` event as the DOM types it, so `addEventListener('kite-poptin-show', e => e.detail...)` is typed. */
export type KiteEventMap = { [Name in KiteEventName]: CustomEvent<KiteEventDetails[Name]> };

declare global {
  interface GlobalEventHandlersEventMap extends KiteEventMap {}
}

/** The one dispatch: bubbling and composed, so the host page hears it through shadow roots. */
const dispatch = (host: EventTarget, name: string, detail: unknown): boolean =>
  host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));

/** Dispatches `name` from `host`, its detail typed by the event's name. */
export const emit: <Name extends KiteEventName>(host: EventTarget, name: Name, detail: KiteEventDetails[Name]) => boolean = dispatch;

/**
 * Dispatches every event `actor` emits as `kite-<surface>-<type>` from `host`, the detail being
 * the emitted event's other fields: the machine names what happened, the host page hears it.
 * This is the rule {@link KiteEmittedDetails} is derived by; callers pair a machine with its
 * surface through {@link SurfaceOf}. Returns the unsubscribe.
 */
export function forwardEmitted(actor: AnyActorRef, host: EventTarget, surface: string): () => void {
  const subscription = actor.on('*', ({ type, ...detail }: EventObject) => dispatch(host, `kite-${surface}-${type}`, detail));
  return () => subscription.unsubscribe();
}
