// What test/e2e/phone.test.ts checks on a page, as a classic script the test evaluates in the
// page: a plain file read as text, so no compiler adds helpers the page lacks.
//
// `window.kitePhoneAudit({ scope, minTargetPx, minFontPx, viewportWidth })` looks at every element
// of the document, or only those inside the elements matching `scope` (a pop-up's host), shadow
// roots included, and returns what a phone visitor meets, one line each:
// - `target`: an interactive element (a button, a link, a form control, anything with a widget's
//   role or in the Tab order) under `minTargetPx` either way. WCAG 2.5.5's exceptions taken: an
//   inline target in a sentence (a link or a term whose line has words outside any control); a
//   checkbox or radio button counts the box of its labels with its own, since a tap on either
//   toggles it (the "equivalent" target); an element that takes no pointer input is none.
// - `cut off`: a control partly or wholly hidden by a box that hides what overflows (a box that
//   scrolls lets the visitor reach it).
// - `text`: visible text drawn under `minFontPx` (its computed size, times any scale of its box).
// - `outside`: a visible box reaching past the window's sides, once clipped by the boxes that
//   clip it (a carousel's hidden slides are not outside), and the page scrolling sideways.
// Visible: rendered, not `visibility: hidden`, not transparent, larger than the 1 px of a
// visually hidden element.
window.kitePhoneAudit = ({ scope, minTargetPx, minFontPx, viewportWidth }) => {
  const TARGETS =
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex^="-"]), ' +
    '[role="button"], [role="link"], [role="slider"], [role="tab"], [role="checkbox"], [role="radio"], [role="switch"], ' +
    '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"], [role="option"]';
  /** Sub-pixel layout: a box of 43.999 px is 44 px. */
  const EPSILON = 0.01;
  /** A visually hidden element is 1 px square, clipped. */
  const HIDDEN_PX = 1;

  const all = [];
  const roots = scope ? [...document.querySelectorAll(scope)] : [document];
  const stack = roots.flatMap((root) => [root, ...(root.shadowRoot ? [root.shadowRoot] : [])]);
  for (const root of roots) if (root instanceof Element) all.push(root);
  while (stack.length) {
    for (const element of stack.pop().querySelectorAll('*')) {
      all.push(element);
      if (element.shadowRoot) stack.push(element.shadowRoot);
    }
  }

  /** The element's parent in the rendered (flat) tree. */
  const flatParent = (element) =>
    element.assignedSlot ?? element.parentElement ?? (element.parentNode instanceof ShadowRoot ? element.parentNode.host : null);

  /**
   * The element's box cut by every ancestor that clips it (a fixed box escapes those above it); with
   * `hiding`, only by those that hide what overflows (not those a visitor scrolls).
   */
  const clippedBox = (element, hiding = false) => {
    const box = element.getBoundingClientRect();
    let { left, right, top, bottom } = box;
    let fixed = getComputedStyle(element).position === 'fixed';
    for (let parent = flatParent(element); parent && !fixed; parent = flatParent(parent)) {
      const style = getComputedStyle(parent);
      const clip = parent.getBoundingClientRect();
      const clips = (overflow) => (hiding ? overflow === 'hidden' || overflow === 'clip' : overflow !== 'visible');
      if (clips(style.overflowX)) [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      if (clips(style.overflowY)) [top, bottom] = [Math.max(top, clip.top), Math.min(bottom, clip.bottom)];
      fixed = style.position === 'fixed';
    }
    return { left, right, width: right - left, height: bottom - top };
  };

  /** Rendered, and more than the 1 px of a visually hidden element (a control cut off entirely counts). */
  const visible = (element) => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const box = element.getBoundingClientRect();
    return box.width > HIDDEN_PX && box.height > HIDDEN_PX;
  };

  const describe = (element) => {
    const hosts = [];
    for (let root = element.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) hosts.unshift(root.host.localName);
    const part = element.getAttribute('part');
    const name = [
      element.localName,
      element.id && `#${element.id}`,
      part && `[part=${part}]`,
      typeof element.className === 'string' && element.className.trim() && `.${element.className.trim().split(/\s+/).join('.')}`,
    ]
      .filter(Boolean)
      .join('');
    const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${[...hosts, name].join(' > ')}${text ? ` "${text}"` : ''}`;
  };
  const size = (box) => `${Math.round(box.width * 10) / 10}x${Math.round(box.height * 10) / 10}`;

  /** The nearest box around `node` that is not inline (nor an inline box of an element's own, as a tooltip's): the block its line belongs to. */
  const blockOf = (node) => {
    let block = node instanceof Element ? flatParent(node) : node.parentElement;
    while (block && /^(inline|inline-block|inline-flex|inline-grid|contents)$/.test(getComputedStyle(block).display)) block = flatParent(block);
    return block;
  };
  /** Whether `node` is text of a target inside `block` (a target around the block, a tab panel, does not count). */
  const inTarget = (node, block) => {
    for (let element = node.parentElement; element && element !== block; element = element.parentElement) if (element.matches(TARGETS)) return true;
    return false;
  };
  /** An inline target on a line with words outside any target: a link (or a term) in a sentence. */
  const inSentence = (element) => {
    if (getComputedStyle(element).display !== 'inline') return false;
    const block = blockOf(element);
    if (!block) return false;
    const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (/[\p{L}\p{N}]/u.test(node.data) && blockOf(node) === block && !inTarget(node, block)) return true;
    }
    return false;
  };

  /** The box a tap hits: a checkbox's or radio button's own with its labels'. */
  const targetBox = (element) => {
    const box = element.getBoundingClientRect();
    if (!(element instanceof HTMLInputElement) || !/^(checkbox|radio)$/.test(element.type)) return box;
    let { left, right, top, bottom } = box;
    for (const label of element.labels ?? []) {
      const around = label.getBoundingClientRect();
      [left, right, top, bottom] = [Math.min(left, around.left), Math.max(right, around.right), Math.min(top, around.top), Math.max(bottom, around.bottom)];
    }
    return { width: right - left, height: bottom - top };
  };

  const problems = [];
  const outside = new Set();
  for (const element of all) {
    if (!visible(element)) continue;
    const style = getComputedStyle(element);
    if (element.matches(TARGETS) && style.pointerEvents !== 'none' && !inSentence(element)) {
      const box = targetBox(element);
      if (box.width + EPSILON < minTargetPx || box.height + EPSILON < minTargetPx) problems.push(`target ${size(box)}: ${describe(element)}`);
      const shown = clippedBox(element, true);
      const whole = element.getBoundingClientRect();
      if (shown.width + EPSILON < whole.width || shown.height + EPSILON < whole.height) problems.push(`cut off ${size(shown)} of ${size(whole)}: ${describe(element)}`);
    }
    const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && /\S/.test(node.data));
    // As drawn: a scaled box (the fullpage design) draws its text smaller than its font size. The
    // larger of the two ratios, so a rotated box (a wheel's labels) does not read as shrunk.
    const own = element.getBoundingClientRect();
    const scale = element instanceof HTMLElement && element.offsetWidth > 0 && element.offsetHeight > 0 ? Math.max(own.width / element.offsetWidth, own.height / element.offsetHeight) : 1;
    const drawn = parseFloat(style.fontSize) * scale;
    if (ownText && drawn + EPSILON < minFontPx) problems.push(`text ${Math.round(drawn * 10) / 10}px: ${describe(element)}`);
    const box = clippedBox(element);
    if (box.width > 0 && box.height > 0 && (box.left < -EPSILON || box.right > viewportWidth + EPSILON)) {
      outside.add(element);
      // The outermost box only: what it holds goes with it.
      if (!outside.has(flatParent(element))) problems.push(`outside ${Math.round(box.left)}..${Math.round(box.right)}: ${describe(element)}`);
    }
  }
  const scrolling = document.scrollingElement;
  if (scrolling.scrollWidth > viewportWidth) problems.push(`outside: the page scrolls sideways (${scrolling.scrollWidth} px wide)`);
  return problems;
};
