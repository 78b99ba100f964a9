/**
 * `kite-elements/machines`: every surface's XState machine, pure (no DOM, no network, no timers
 * but XState delays), so a tester can drive any of them with a simulated clock. With each machine
 * go its input, context, event and emitted types, and the types of what its actors take and give
 * back (so a tester can `provide` them). Each is documented in docs/api.md, and
 * test/scripts/public-api.test.ts keeps this list and that page equal. Not here: the widget's
 * trigger machine, which the widget machine runs as its child (drive it through the widget).
 */
export { poptinMachine } from './poptin/poptin.machine.ts';
export type { PoptinInput, PoptinContext, PoptinEvent, PoptinEmitted, ConversionInput, ConversionResult } from './poptin/poptin.types.ts';
export { widgetMachine } from './widget/widget.machine.ts';
export type { WidgetInput, WidgetContext, WidgetEvent, WidgetEmitted } from './widget/widget.types.ts';
export { tabTeaserMachine } from './tab-teaser/tab-teaser.machine.ts';
export type { TabTeaserInput, TabTeaserContext, TabTeaserEvent, TabTeaserEmitted } from './tab-teaser/tab-teaser.types.ts';
export { contactFormMachine } from './contact-form/contact-form.machine.ts';
export type {
  ContactFormInput,
  ContactFormContext,
  ContactFormEvent,
  ContactFormEmitted,
  ContactField,
  ContactSendResult,
} from './contact-form/contact-form.types.ts';
export { foldSectionMachine } from './fold-section/fold-section.machine.ts';
export type { FoldSectionInput, FoldSectionContext, FoldSectionEvent, FoldSectionEmitted } from './fold-section/fold-section.types.ts';
export { lightboxMachine } from './lightbox/lightbox.machine.ts';
export type { LightboxInput, LightboxContext, LightboxEvent, LightboxEmitted, LightboxItem } from './lightbox/lightbox.types.ts';
export { playerMachine } from './player/player.machine.ts';
export type { PlayerInput, PlayerContext, PlayerEvent, PlayerEmitted, PlayerTrack, PlayerChapter } from './player/player.types.ts';
export { headerMachine } from './header/header.machine.ts';
export type { HeaderInput, HeaderContext, HeaderEvent, HeaderEmitted } from './header/header.types.ts';
export { menuMachine } from './menu/menu.machine.ts';
export type { MenuInput, MenuContext, MenuEvent, MenuEmitted } from './menu/menu.types.ts';
export { preloaderMachine } from './preloader/preloader.machine.ts';
export type { PreloaderInput, PreloaderContext, PreloaderEvent, PreloaderEmitted } from './preloader/preloader.types.ts';
export { scrollTopMachine } from './scroll-top/scroll-top.machine.ts';
export type { ScrollTopEvent } from './scroll-top/scroll-top.types.ts';
export { swipeMachine } from './swipe/swipe.machine.ts';
export type { SwipeEvent, SwipeEmitted } from './swipe/swipe.types.ts';
export { sliderMachine } from './slider/slider.machine.ts';
export type { SliderInput, SliderContext, SliderEvent, SliderEmitted, SliderStopAt, SliderStopReason, SliderTrigger } from './slider/slider.types.ts';
export { tocMachine } from './toc/toc.machine.ts';
export type { TocContext, TocEvent, TocEmitted } from './toc/toc.types.ts';
export { wheelMachine } from './gamified/wheel.machine.ts';
export { scratchCardMachine } from './gamified/scratch-card.machine.ts';
export { giftBoxMachine } from './gamified/gift-box.machine.ts';
export type { GameInput, GameContext, GameEvent, GameEmitted } from './gamified/gamified.types.ts';
export { videoEmbedMachine } from './video-embed/video-embed.machine.ts';
export type { VideoEmbedInput, VideoEmbedContext, VideoEmbedEvent, VideoEmbedEmitted, PosterQuality, PosterSource } from './video-embed/video-embed.types.ts';
export { counterMachine } from './counter/counter.machine.ts';
export type { CounterInput, CounterContext, CounterEvent, CounterEmitted } from './counter/counter.types.ts';
export { galleryMachine } from './gallery/gallery.machine.ts';
export type { GalleryInput, GalleryContext, GalleryEvent, GalleryEmitted } from './gallery/gallery.types.ts';
export { parallaxMachine } from './parallax/parallax.machine.ts';
export type { ParallaxInput, ParallaxContext, ParallaxEvent } from './parallax/parallax.types.ts';
export { tabsMachine } from './tabs/tabs.machine.ts';
export type { TabsInput, TabsContext, TabsEvent, TabsEmitted, TabsActivation } from './tabs/tabs.types.ts';
export { tooltipMachine } from './tooltip/tooltip.machine.ts';
export type { TooltipInput, TooltipContext, TooltipEvent, TooltipEmitted } from './tooltip/tooltip.types.ts';
export { animateMachine } from './animate/animate.machine.ts';
export type { AnimateInput, AnimateContext, AnimateEvent, AnimateEmitted } from './animate/animate.types.ts';
export { cartWatchMachine } from './cart-watch/cart-watch.machine.ts';
export type { CartWatchInput, CartWatchContext, CartWatchEvent, CartWatchEmitted, ArmedCartTrigger } from './cart-watch/cart-watch.types.ts';
export { liveSearchMachine } from './live-search/live-search.machine.ts';
export type { LiveSearchInput, LiveSearchContext, LiveSearchEvent, LiveSearchEmitted, LiveSearchAnswer, LiveSearchRequest } from './live-search/live-search.types.ts';
export { productRecommendationsMachine } from './product-recommendations/product-recommendations.machine.ts';
export type {
  ProductRecommendationsInput,
  ProductRecommendationsContext,
  ProductRecommendationsEvent,
  ProductRecommendationsEmitted,
  AddToCartOutcome,
  CartLineRequest,
  RecommendationRequest,
  RecommendationAnswer,
} from './product-recommendations/product-recommendations.types.ts';
export { masonryMachine } from './masonry/masonry.machine.ts';
export type { MasonryInput, MasonryContext, MasonryEvent, MasonryEmitted, MasonryAnswer, MasonryRequest } from './masonry/masonry.types.ts';
export { identityLoginMachine } from './identity/identity-login.machine.ts';
export type {
  IdentityLoginInput,
  IdentityLoginContext,
  IdentityLoginEvent,
  IdentityLoginEmitted,
  IdentityLoginError,
  IdentitySubmission,
  IdentityVerifyRequest,
  IdentityAuthorizeRequest,
} from './identity/identity-login.types.ts';
export { poptinCartMachine } from './poptin-cart/poptin-cart.machine.ts';
export type { PoptinCartInput, PoptinCartContext, PoptinCartEvent, PoptinCartEmitted } from './poptin-cart/poptin-cart.types.ts';
