// The lightbox rows' page script (see lightbox.mjs), installed before any page script.

/**
 * From the click on a thumbnail (the `click` event's timestamp, seen first by a capturing listener
 * on window) each animation frame records whether the full image is on show: the clicked link's
 * address loaded (`complete`, `naturalWidth`, `currentSrc`), with a box inside the viewport,
 * neither it nor the lightbox hidden (`checkVisibility` with opacity and visibility), and opaque
 * (the product of its own and every ancestor's computed opacity, across shadow roots, is 1), with
 * the size of its box (transforms included). "Settled" is the first frame in which that holds and
 * no finite animation runs in the document (the open effect over). "Visible" is the frame after the
 * first one from which the image stayed on show at its settled size (that one has been painted by
 * then): a fade or a zoom counts once it has ended, for every library alike.
 */
export function lightboxProbe({ kind, showMs, settleMs, doneMessage }) {
  const bench = (window.__siteBench = { clickAt: null, visibleAt: null, settledAt: null, placeholderAt: null, error: null });
  const parts = () => {
    if (kind === 'kite') {
      const root = document.querySelector('kite-lightbox')?.shadowRoot;
      return {
        container: root?.querySelector('[part="dialog"]'),
        image: root?.querySelector('img[part="image"]'),
        placeholder: root?.querySelector('img[part="placeholder"]'),
      };
    }
    if (kind === 'glightbox') {
      const container = document.querySelector('.glightbox-container');
      return { container, image: container?.querySelector('.gslide.current img') };
    }
    if (kind === 'photoswipe') {
      // Its zoom starts from a placeholder (the thumbnail, scaled): timed on its own, not as the full image.
      const pswp = window.__pswpLightbox?.pswp;
      const slide = pswp?.currSlide?.container;
      return {
        container: pswp?.element,
        image: slide?.querySelector('img.pswp__img:not(.pswp__img--placeholder)'),
        placeholder: slide?.querySelector('img.pswp__img--placeholder'),
      };
    }
    if (kind === 'magnific') {
      const container = document.querySelector('.mfp-wrap');
      return { container, image: container?.querySelector('img.mfp-img') };
    }
    const dialog = document.getElementById('bench-dialog');
    return { container: dialog?.open ? dialog : null, image: dialog?.querySelector('img') };
  };
  const shown = (element) => {
    if (!element?.isConnected) return false;
    const box = element.getBoundingClientRect();
    if (box.width < 1 || box.height < 1 || box.bottom <= 0 || box.right <= 0 || box.top >= innerHeight || box.left >= innerWidth) return false;
    return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  // The opacity the element is painted with: its own times its ancestors' in the flat tree (a fading lightbox fades its image).
  const opacity = (element) => {
    let product = 1;
    for (let node = element; node; node = node.assignedSlot ?? node.parentElement ?? (node.parentNode instanceof ShadowRoot ? node.parentNode.host : null))
      product *= Number(getComputedStyle(node).opacity);
    return product;
  };
  const running = (animation) =>
    (animation.pending || animation.playState === 'running') && Number.isFinite(animation.effect?.getComputedTiming().endTime);
  // Animations in the document and in the lightbox's shadow root (document.getAnimations() leaves shadow trees out).
  const animating = (container) => {
    const root = container?.getRootNode();
    return [...document.getAnimations(), ...(root instanceof ShadowRoot ? root.getAnimations() : [])].some(running);
  };
  addEventListener(
    'click',
    (event) => {
      // The visitor's click only: a library may dispatch clicks of its own while it starts.
      if (!event.isTrusted || bench.clickAt !== null) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      bench.clickAt = event.timeStamp;
      const href = link?.href;
      /** One entry per frame: its time, whether the full image was on show, and its box's size. */
      const frames = [];
      /** The run failed: says why, and the probe is done. */
      const fail = (error) => {
        bench.error = error;
        console.log(doneMessage);
      };
      const frame = () => {
        const now = performance.now();
        if (bench.settledAt !== null) {
          // The frame after the settled one: every frame up to the settled one has been painted.
          frames.push({ at: now });
          const final = frames.at(-2);
          let first = frames.length - 2;
          while (first > 0 && frames[first - 1].onShow && Math.abs(frames[first - 1].width - final.width) < 0.5 && Math.abs(frames[first - 1].height - final.height) < 0.5)
            first -= 1;
          bench.visibleAt = frames[first + 1].at;
          console.log(doneMessage);
          return;
        }
        const { container, image, placeholder } = parts();
        if (bench.placeholderAt === null && placeholder?.complete && shown(placeholder) && shown(container)) bench.placeholderAt = now;
        const onShow = Boolean(
          image && container && image.complete && image.naturalWidth > 0 && image.currentSrc === href && shown(image) && shown(container) && opacity(image) > 0.999,
        );
        const box = onShow ? image.getBoundingClientRect() : null;
        frames.push({ at: now, onShow, width: box?.width, height: box?.height });
        const firstOnShow = frames.find((entry) => entry.onShow);
        if (onShow && !animating(container)) bench.settledAt = now;
        else if (!firstOnShow && now - bench.clickAt > showMs) return fail(`no full image of ${href} on show ${showMs} ms after the click`);
        else if (firstOnShow && now - firstOnShow.at > settleMs) return fail(`the image of ${href} did not settle within ${settleMs} ms`);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    },
    true,
  );
}
