import { LAYOUT } from '../../shared/constants/widget.ts';

/**
 * The frames other than the lightbox's overlay (fullpage, corner, bar, embedded): adopted beside
 * poptin.styles.ts only by a pop-up that has one (poptin.view.tsx), so the lightbox never fetches it.
 */
export const poptinFrameStyles = `
/* Fullpage: the window, filled; where the 1920 x 1080 design still reads, scaled down to it. */
[part='overlay'][data-frame='fullpage'] { padding: 0; overflow: hidden; justify-content: center; align-items: center; }
[part='dialog'][data-frame='fullpage'] { flex: none; inline-size: 100%; block-size: 100%; border-radius: 0; }
@media (min-width: ${LAYOUT.FULLPAGE_WIDTH_PX * LAYOUT.FULLPAGE_MIN_SCALE}px) and (min-height: ${LAYOUT.FULLPAGE_HEIGHT_PX * LAYOUT.FULLPAGE_MIN_SCALE}px) {
  [part='dialog'][data-frame='fullpage'] {
    inline-size: ${LAYOUT.FULLPAGE_WIDTH_PX}px;
    block-size: ${LAYOUT.FULLPAGE_HEIGHT_PX}px;
    max-height: none;
    scale: var(--kite-poptin-scale, 1);
  }
  /* The X keeps the spec's size on screen: it grows as the design shrinks. */
  [data-frame='fullpage'] > [part='close'] { zoom: calc(1 / var(--kite-poptin-scale, 1)); }
}
/* Non-modal frames: fixed boxes the page stays usable around. */
[part='dialog'][data-frame='corner'], [part='dialog'][data-frame='bar'] {
  position: fixed;
  z-index: ${LAYOUT.POPTIN_Z_INDEX};
  min-height: 0;
}
[part='dialog'][data-frame='corner'] {
  inline-size: min(var(--kite-poptin-corner-width), calc(100vw - 32px));
  max-height: calc(100vh - 32px);
  margin: 16px;
  padding: 40px 20px 20px;
}
[data-frame='corner'][data-x='left'] { left: 0; }
[data-frame='corner'][data-x='right'] { right: 0; }
/* Centred with transform: the entry and exit effects animate translate, which composes with it. */
[data-frame='corner'][data-x='center'] { left: 50%; transform: translate(-50%, 0); }
[data-frame='corner'][data-y='top'] { top: 0; }
[data-frame='corner'][data-y='bottom'] { bottom: 0; }
[data-frame='corner'][data-y='middle'] { top: 50%; transform: translate(0, -50%); }
[data-frame='corner'][data-x='center'][data-y='middle'] { transform: translate(-50%, -50%); }
/* Centred on an axis: no margin there, or the translate would centre the box off by the margin. */
[part='dialog'][data-frame='corner'][data-x='center'] { margin-inline: 0; }
[part='dialog'][data-frame='corner'][data-y='middle'] { margin-block: 0; }
[part='dialog'][data-frame='bar'] {
  /* Never shorter than its X with the X's inset above and below: a one-line bar would cut it off. */
  min-height: ${LAYOUT.CLOSE_ICON_PX + 2 * LAYOUT.CLOSE_INSET_PX}px;
  left: 0;
  right: 0;
  inline-size: 100%;
  max-height: 50vh;
  border-radius: 0;
  padding: 8px 56px 8px 16px;
}
[data-frame='bar'][data-y='top'] { top: 0; }
[data-frame='bar'][data-y='bottom'] { bottom: 0; }
[data-frame='bar'] [part='content'] { inline-size: min(100%, ${LAYOUT.BAR_WIDTH_PX}px); margin-inline: auto; flex-direction: row; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
[data-frame='bar'] form { flex-direction: row; flex-wrap: wrap; align-items: flex-end; }
[data-frame='bar'] [part='title'] { font-size: 1.125rem; }
[part='dialog'][data-frame='embedded'] { inline-size: 100%; min-height: 0; box-shadow: none; border: 1px solid rgb(0 0 0 / 0.12); }
`;
