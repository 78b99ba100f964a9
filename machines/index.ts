/**
 * `kite-elements/machines`: every surface's XState machine, pure (no DOM, no network, no timers
 * but XState delays), so a tester can drive any of them with a simulated clock.
 */
export { poptinMachine } from './poptin/poptin.machine.ts';
export type * from './poptin/poptin.types.ts';
export { widgetMachine } from './widget/widget.machine.ts';
export { triggerMachine } from './widget/trigger.machine.ts';
export type * from './widget/widget.types.ts';
export { foldSectionMachine } from './fold-section/fold-section.machine.ts';
export type * from './fold-section/fold-section.types.ts';
export { tabTeaserMachine } from './tab-teaser/tab-teaser.machine.ts';
export type * from './tab-teaser/tab-teaser.types.ts';
export { contactFormMachine } from './contact-form/contact-form.machine.ts';
export type * from './contact-form/contact-form.types.ts';
export { lightboxMachine } from './lightbox/lightbox.machine.ts';
export type * from './lightbox/lightbox.types.ts';
export { playerMachine } from './player/player.machine.ts';
export type * from './player/player.types.ts';
export { headerMachine } from './header/header.machine.ts';
export type * from './header/header.types.ts';
export { preloaderMachine } from './preloader/preloader.machine.ts';
export type * from './preloader/preloader.types.ts';
export { swipeMachine } from './swipe/swipe.machine.ts';
export type * from './swipe/swipe.types.ts';
export { scrollTopMachine } from './scroll-top/scroll-top.machine.ts';
export type * from './scroll-top/scroll-top.types.ts';
export { menuMachine } from './menu/menu.machine.ts';
export type * from './menu/menu.types.ts';
export { tocMachine } from './toc/toc.machine.ts';
export type * from './toc/toc.types.ts';
export { wheelMachine } from './gamified/wheel.machine.ts';
export { scratchCardMachine } from './gamified/scratch-card.machine.ts';
export { giftBoxMachine } from './gamified/gift-box.machine.ts';
export type * from './gamified/gamified.types.ts';
