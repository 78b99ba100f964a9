import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import { click, fakeClock, nextFrame, waitUntil } from '../helpers.ts';
import type { TemplateResult } from 'lit';
import '../../../components/fold-section/fold-section.element.ts';
import type { KiteFoldSection } from '../../../components/fold-section/fold-section.element.ts';
import { FOLD } from '../../../shared/constants/site.ts';
import { en, he } from '../../messages.ts';
import { render } from 'lit';

// Mocha's globals on the test page (the project has no @types/mocha).
declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => unknown): void;


/** Any folded height well under the content's; the element only applies it. */
const HEIGHT = 120;
/** A short transition, so tests wait for its end without slowing down. */
const DURATION = '80ms';
/** Layout rounding. */
const PX = 1;

const paragraphs = (count: number) =>
  Array.from({ length: count }, (_, i) => html`<p>Paragraph ${i + 1}: a line of text long enough to wrap on a narrow page.</p>`);

const folding = (body: TemplateResult | TemplateResult[] = paragraphs(12)) => html`
  <kite-fold-section height=${HEIGHT} more="Read more" less="Read less" style="--kite-fold-section-duration: ${DURATION}">
    <div class="av-fold-unfold-container"><div class="av-fold-unfold-content">${body}</div></div>
    <a class="av-fold-button" href="#">Read more</a>
  </kite-fold-section>
`;

/**
 * Enfold's text block with fold / unfold, as its shortcode writes it: the settings on its section, an empty
 * container and the button's wrapper before the text block its script moves into the container.
 */
const enfoldTextBlock = (settings: object = { height: String(HEIGHT), more: 'Read More', less: 'Read less', context: 'avia_sc_text' }) => html`
  <kite-fold-section style="--kite-fold-section-duration: ${DURATION}">
    <section id="avia_sc_text_1" class="av_textblock_section av-kite-1 avia-fold-unfold-section avia-fold-init av-fold-kite-1" data-fold_unfold=${JSON.stringify(settings)} itemscope="itemscope" itemtype="https://schema.org/CreativeWork">
      <div class="av-fold-unfold-container folded"></div>
      <div class="av-fold-button-wrapper av-textblock-btn-wrap"><a href="#" class="av-fold-button-container" data-ignore_hash="1" data-no_scroll_in_viewport="1" data-scroll_top_offset="50">Read More</a></div>
      <div class="avia_textblock" itemprop="text">${paragraphs(12)}</div>
    </section>
  </kite-fold-section>
`;
const enfoldParts = (el: KiteFoldSection) => ({
  section: el.querySelector<HTMLElement>('.avia-fold-unfold-section')!,
  container: el.querySelector<HTMLElement>('.av-fold-unfold-container')!,
  textblock: el.querySelector<HTMLElement>('.avia_textblock')!,
  button: el.querySelector<HTMLElement>('.av-fold-button-container')!,
});

const parts = (el: KiteFoldSection) => ({
  base: el.shadowRoot!.querySelector<HTMLElement>('[part~="base"]'),
  content: el.shadowRoot!.querySelector<HTMLElement>('[part~="content"]'),
  container: el.querySelector<HTMLElement>(':scope > .av-fold-unfold-container, :scope > [data-fold-content]')!,
  inner: el.querySelector<HTMLElement>('.av-fold-unfold-content, [data-fold-inner]')!,
  button: el.querySelector<HTMLElement>(':scope > .av-fold-button, :scope > [data-fold-toggle]')!,
});

const heightOf = (element: Element) => element.getBoundingClientRect().height;

/** The height the content needs: its children's margin boxes, whose outer margins collapse through the inner element. */
function contentHeight(inner: Element): number {
  const first = inner.firstElementChild!;
  const last = inner.lastElementChild!;
  const top = first.getBoundingClientRect().top - parseFloat(getComputedStyle(first).marginTop);
  return last.getBoundingClientRect().bottom + parseFloat(getComputedStyle(last).marginBottom) - top;
}

/** A fresh section, once React rendered it folded. */
async function folded(template = folding()) {
  const el = await fixture<KiteFoldSection>(template);
  await waitUntil(() => el.shadowRoot!.querySelector('[data-state="folded"]'), 'section folded');
  return el;
}

/** Resolves when the content box's own max-height transition ends. */
const transitionEnd = (content: HTMLElement) =>
  new Promise<void>((resolve) => {
    const done = (event: TransitionEvent) => {
      if (event.target !== content || event.propertyName !== 'max-height') return;
      content.removeEventListener('transitionend', done);
      resolve();
    };
    content.addEventListener('transitionend', done);
  });

describe('kite-fold-section', () => {
  describe('folded', () => {
    it('starts folded at the height, content clipped under a fade, the button saying more', async () => {
      const el = await folded();
      const { content, container, inner, button } = parts(el);
      expect(heightOf(content!)).to.be.closeTo(HEIGHT, PX);
      expect(heightOf(inner)).to.be.greaterThan(HEIGHT);
      expect(getComputedStyle(content!).overflowY).to.equal('clip');
      expect(el.shadowRoot!.querySelector('[part~="fade"]')).to.exist;
      expect(button.textContent).to.equal('Read more');
      expect(button.getAttribute('role')).to.equal('button');
      expect(button.getAttribute('aria-expanded')).to.equal('false');
      expect(container.id).to.not.be.empty;
      expect(button.getAttribute('aria-controls')).to.equal(container.id);
      // The button sits below the folded box, not inside it.
      expect(button.getBoundingClientRect().top).to.be.at.least(content!.getBoundingClientRect().bottom - PX);
      await expect(el).to.be.accessible();
    });

    it('keeps content before the container above it', async () => {
      const el = await folded(html`
        <kite-fold-section height=${HEIGHT}>
          <h2>Heading</h2>
          <div data-fold-content><div data-fold-inner>${paragraphs(12)}</div></div>
          <button data-fold-toggle>More</button>
        </kite-fold-section>
      `);
      const heading = el.querySelector('h2')!;
      expect(heading.getBoundingClientRect().bottom).to.be.at.most(parts(el).content!.getBoundingClientRect().top + PX);
    });
  });

  describe('toggle', () => {
    it('unfolds on click to the content height plus the extra, and folds back', async () => {
      const el = await folded();
      const { content, inner, button } = parts(el);
      const end = transitionEnd(content!);
      button.click();
      await waitUntil(() => button.getAttribute('aria-expanded') === 'true', 'unfolded');
      expect(parseFloat(content!.style.maxHeight)).to.be.closeTo(contentHeight(inner) + FOLD.UNFOLDED_EXTRA_PX, PX);
      expect(button.textContent).to.equal('Read less');
      await end;
      expect(heightOf(content!)).to.be.closeTo(contentHeight(inner), PX);
      await expect(el).to.be.accessible();

      button.click();
      await waitUntil(() => button.getAttribute('aria-expanded') === 'false', 'folded again');
      expect(button.textContent).to.equal('Read more');
      await transitionEnd(content!);
      expect(heightOf(content!)).to.be.closeTo(HEIGHT, PX);
    });

    it('does not follow the theme button link', async () => {
      const el = await folded();
      const before = location.href;
      parts(el).button.click();
      await nextFrame();
      expect(location.href).to.equal(before);
    });

    it('toggles from the keyboard: Enter and Space on the focused button', async () => {
      const el = await folded();
      const { button } = parts(el);
      button.focus();
      expect(document.activeElement).to.equal(button);
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => button.getAttribute('aria-expanded') === 'true', 'unfolded by Enter');
      const scroll = scrollY;
      await sendKeys({ press: 'Space' });
      await waitUntil(() => button.getAttribute('aria-expanded') === 'false', 'folded by Space');
      expect(scrollY).to.equal(scroll);
    });

    it('makes a button-less toggle element focusable', async () => {
      const el = await folded(html`
        <kite-fold-section height=${HEIGHT}>
          <div data-fold-content><div data-fold-inner>${paragraphs(12)}</div></div>
          <span data-fold-toggle>More</span>
        </kite-fold-section>
      `);
      const { button } = parts(el);
      expect(button.getAttribute('tabindex')).to.equal('0');
      // No more / less attributes: the language file's text when unfolded, its own when folded again.
      button.focus();
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => button.getAttribute('aria-expanded') === 'true', 'unfolded by Enter');
      expect(button.textContent).to.equal(en.foldLess);
      await expect(el).to.be.accessible();
    });

    it('leaves a real button its own semantics, and keeps it from submitting a form', async () => {
      const form = await fixture<HTMLFormElement>(html`
        <form>
          <kite-fold-section height=${HEIGHT} more="More" less="Less">
            <div data-fold-content><div data-fold-inner>${paragraphs(12)}</div></div>
            <button data-fold-toggle>More</button>
          </kite-fold-section>
        </form>
      `);
      const el = form.querySelector('kite-fold-section')!;
      await waitUntil(() => el.shadowRoot!.querySelector('[data-state="folded"]'), 'section folded');
      const { button } = parts(el);
      let submitted = false;
      form.addEventListener('submit', (event) => {
        submitted = true;
        event.preventDefault();
      });
      expect(button.hasAttribute('role')).to.be.false;
      expect(button.getAttribute('type')).to.equal('button');
      button.click();
      await waitUntil(() => button.textContent === 'Less', 'unfolded');
      expect(submitted).to.be.false;
    });

    it('unfolds when focus moves into the hidden part of the content', async () => {
      const el = await folded(folding([...paragraphs(12), html`<p><a href="#end">A link at the end</a></p>`]));
      el.querySelector<HTMLElement>('a[href="#end"]')!.focus();
      await waitUntil(() => parts(el).button.getAttribute('aria-expanded') === 'true', 'revealed');
    });
  });

  describe('events', () => {
    it(`fires kite-fold-section-change ${FOLD.CHANGE_EVENT_MS} ms after a toggle, once after quick toggles`, async () => {
      const clock = fakeClock();
      const el = await folded();
      const changes: Array<{ folded: boolean }> = [];
      const events: Event[] = [];
      el.addEventListener('kite-fold-section-change', (event) => (changes.push(event.detail), events.push(event)));
      // Held: only the advances below move time, so "not before" is exact, not a wall-clock bound.
      clock.hold();
      parts(el).button.click();
      await clock.advance(FOLD.CHANGE_EVENT_MS - 1);
      expect(changes, 'not before the wait').to.deep.equal([]);
      await clock.advance(1);
      expect(changes).to.deep.equal([{ folded: false }]);
      expect(events[0]!.bubbles && events[0]!.composed).to.be.true;

      // Two toggles inside the wait: one event, for the state the visitor settled on.
      parts(el).button.click();
      parts(el).button.click();
      await clock.advance(FOLD.CHANGE_EVENT_MS * 2);
      expect(changes).to.deep.equal([{ folded: false }, { folded: false }]);
    });

    it('fires kite-fold-section-height-change at the end of the height transition', async () => {
      const el = await folded();
      const { content, inner, button } = parts(el);
      const order: string[] = [];
      content!.addEventListener('transitionend', (event) => event.target === content && order.push('transitionend'));
      el.addEventListener('kite-fold-section-height-change', () => order.push('height-change'));
      button.click();
      const event = await oneEvent(el, 'kite-fold-section-height-change');
      expect(order).to.deep.equal(['transitionend', 'height-change']);
      expect(event.detail.folded).to.be.false;
      expect(event.detail.height).to.be.closeTo(contentHeight(inner) + FOLD.UNFOLDED_EXTRA_PX, PX);

      button.click();
      const back = await oneEvent(el, 'kite-fold-section-height-change');
      expect(back.detail).to.deep.equal({ folded: true, height: HEIGHT });
    });

    it('applies a new height attribute', async () => {
      const el = await folded();
      el.setAttribute('height', String(HEIGHT / 2));
      await oneEvent(el, 'kite-fold-section-height-change');
      expect(heightOf(parts(el).content!)).to.be.closeTo(HEIGHT / 2, PX);
    });
  });

  describe('resize', () => {
    it(`re-measures unfolded content ${FOLD.RESIZE_DEBOUNCE_MS} ms after it stops changing`, async () => {
      const clock = fakeClock();
      const el = await folded();
      const { content, inner, button } = parts(el);
      button.click();
      await oneEvent(el, 'kite-fold-section-height-change');
      const before = content!.style.maxHeight;
      inner.append(...Array.from({ length: 10 }, () => Object.assign(document.createElement('p'), { textContent: 'More text.' })));
      // Two frames: the resize has been observed and the debounce started; then the clock moves only as the test says.
      await nextFrame();
      await nextFrame();
      clock.hold();
      await clock.advance(FOLD.RESIZE_DEBOUNCE_MS / 2);
      expect(content!.style.maxHeight).to.equal(before);
      await clock.advance(FOLD.RESIZE_DEBOUNCE_MS / 2);
      await waitUntil(() => content!.style.maxHeight !== before, 're-measured');
      expect(parseFloat(content!.style.maxHeight)).to.be.closeTo(contentHeight(inner) + FOLD.UNFOLDED_EXTRA_PX, PX);
    });

    it('re-measures when the width changes', async () => {
      const el = await folded();
      const { content, inner, button } = parts(el);
      button.click();
      await oneEvent(el, 'kite-fold-section-height-change');
      const before = parseFloat(content!.style.maxHeight);
      el.style.width = '200px'; // narrower: the text wraps onto more lines
      await waitUntil(() => parseFloat(content!.style.maxHeight) > before, 're-measured');
      expect(parseFloat(content!.style.maxHeight)).to.be.closeTo(contentHeight(inner) + FOLD.UNFOLDED_EXTRA_PX, PX);
    });
  });

  describe('reduced motion', () => {
    afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

    it("changes Enfold's container in place at once too", async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      const el = await folded(enfoldTextBlock());
      const { container, textblock, button } = enfoldParts(el);
      expect(getComputedStyle(container).transitionDuration).to.equal('0s');
      button.click();
      const event = await oneEvent(el, 'kite-fold-section-height-change');
      expect(event.detail.folded).to.be.false;
      expect(heightOf(container)).to.be.at.least(heightOf(textblock));
    });

    it('changes the height at once and still fires height-change', async () => {
      await emulateMedia({ reducedMotion: 'reduce' });
      const el = await folded();
      const { content, inner, button } = parts(el);
      expect(getComputedStyle(content!).transitionDuration).to.equal('0s');
      button.click();
      const event = await oneEvent(el, 'kite-fold-section-height-change');
      expect(event.detail.folded).to.be.false;
      expect(heightOf(content!)).to.be.closeTo(contentHeight(inner), PX);
    });
  });

  describe('nested', () => {
    it('disables a section inside another: shown fully, its button gone, no events', async () => {
      const outer = await folded(html`
        <kite-fold-section height=${HEIGHT} more="More" less="Less">
          <div class="av-fold-unfold-container">
            <div class="av-fold-unfold-content">
              ${paragraphs(2)}
              <kite-fold-section id="inner" height=${HEIGHT / 2} more="More inside" less="Less inside">
                <div class="av-fold-unfold-container"><div class="av-fold-unfold-content">${paragraphs(6)}</div></div>
                <a class="av-fold-button" href="#">More inside</a>
              </kite-fold-section>
            </div>
          </div>
          <a class="av-fold-button" href="#">More</a>
        </kite-fold-section>
      `);
      const inner = outer.querySelector<KiteFoldSection>('#inner')!;
      const innerButton = inner.querySelector<HTMLElement>('.av-fold-button')!;
      await waitUntil(() => innerButton.hidden, 'inner button removed');
      const events: string[] = [];
      inner.addEventListener('kite-fold-section-change', () => events.push('change'));
      inner.addEventListener('kite-fold-section-height-change', () => events.push('height-change'));

      expect(inner.shadowRoot!.querySelector('[part~="content"]')).to.be.null;
      expect(heightOf(inner)).to.be.closeTo(heightOf(inner.querySelector('.av-fold-unfold-content')!), PX);
      expect(getComputedStyle(innerButton).display).to.equal('none');
      expect(innerButton.hasAttribute('aria-expanded')).to.be.false;

      // The outer section owns its own button, not the nested one.
      const outerButton = parts(outer).button;
      expect(outerButton.textContent).to.equal('More');
      outerButton.click();
      await oneEvent(outer, 'kite-fold-section-change');
      expect(events).to.deep.equal([]);
      await expect(outer).to.be.accessible();
    });
  });

  describe('not initialised', () => {
    const cases: Array<[string, TemplateResult]> = [
      [
        'button',
        html`<kite-fold-section height=${HEIGHT}>
          <div class="av-fold-unfold-container"><div class="av-fold-unfold-content">${paragraphs(12)}</div></div>
        </kite-fold-section>`,
      ],
      [
        'container',
        html`<kite-fold-section height=${HEIGHT}>
          <div class="av-fold-unfold-content">${paragraphs(12)}</div>
          <a class="av-fold-button" href="#">Read more</a>
        </kite-fold-section>`,
      ],
      [
        'inner content',
        html`<kite-fold-section height=${HEIGHT}>
          <div class="av-fold-unfold-container">${paragraphs(12)}</div>
          <a class="av-fold-button" href="#">Read more</a>
        </kite-fold-section>`,
      ],
      [
        'height',
        html`<kite-fold-section>
          <div class="av-fold-unfold-container"><div class="av-fold-unfold-content">${paragraphs(12)}</div></div>
          <a class="av-fold-button" href="#">Read more</a>
        </kite-fold-section>`,
      ],
    ];
    for (const [missing, template] of cases) {
      it(`leaves the markup as it is without a ${missing}, without an error`, async () => {
        const debug = console.debug;
        const logged: unknown[][] = [];
        console.debug = (...args: unknown[]) => logged.push(args);
        try {
          const el = await fixture<KiteFoldSection>(template);
          await waitUntil(() => logged.length > 0, 'reported');
          expect(String(logged[0]![0])).to.contain('not initialised');
          expect(el.shadowRoot!.querySelector('[part~="base"]')).to.be.null;
          const content = el.querySelector('.av-fold-unfold-container, .av-fold-unfold-content')!;
          expect(heightOf(el)).to.be.at.least(heightOf(content) - PX);
          expect(heightOf(content)).to.be.greaterThan(HEIGHT);
          const button = el.querySelector('.av-fold-button');
          expect(button?.hasAttribute('aria-expanded') ?? false).to.be.false;
          expect(button?.hasAttribute('role') ?? false).to.be.false;
          expect([...el.children].some((child) => child.hasAttribute('slot'))).to.be.false;
          await expect(el).to.be.accessible();
        } finally {
          console.debug = debug;
        }
      });
    }
  });

  describe('light DOM', () => {
    it('shows the content from the start, before React renders', async () => {
      const el = document.createElement('kite-fold-section');
      el.innerHTML = '<div data-fold-content><div data-fold-inner><p>Text</p></div></div><button data-fold-toggle>More</button>';
      document.body.append(el);
      try {
        // Synchronously after upgrade: a slot keeps the light DOM on screen.
        expect(heightOf(el.querySelector('p')!)).to.be.greaterThan(0);
      } finally {
        el.remove();
      }
    });

    it('puts the page markup back when removed', async () => {
      const el = await folded();
      const { container, button } = parts(el);
      el.remove();
      await nextFrame();
      expect(button.textContent).to.equal('Read more');
      for (const name of ['role', 'aria-expanded', 'aria-controls']) expect(button.hasAttribute(name), name).to.be.false;
      expect(container.hasAttribute('slot')).to.be.false;
      expect(container.hasAttribute('id')).to.be.false;
    });

    it('exposes a known context and ignores others', async () => {
      const el = await folded();
      el.setAttribute('context', FOLD.CONTEXTS[0]);
      await waitUntil(() => parts(el).base!.dataset.context === FOLD.CONTEXTS[0], 'context');
      el.setAttribute('context', 'something-else');
      await waitUntil(() => parts(el).base!.dataset.context === undefined, 'context ignored');
    });
  });
});

describe('kite-fold-section, theme markup as themes write it', () => {
  const ownButton = (el: KiteFoldSection) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="toggle"]')!;
  const plain = (attributes = 'more="Read more" less="Read less"') => {
    const el = document.createElement('kite-fold-section');
    el.innerHTML = `<h3>Any content</h3>${Array.from({ length: 12 }, (_, i) => `<p>Paragraph ${i + 1}: a line of text long enough to wrap.</p>`).join('')}`;
    el.setAttribute('height', String(HEIGHT));
    el.style.setProperty('--kite-fold-section-duration', DURATION);
    for (const [, name, value] of attributes.matchAll(/([\w-]+)="([^"]*)"/g)) el.setAttribute(name!, value!);
    return el;
  };
  async function mounted(el: HTMLElement, parent: HTMLElement = document.body) {
    parent.append(el);
    cleanups.push(() => el.remove());
    await waitUntil(() => el.shadowRoot!.querySelector('[data-state="folded"]'), 'section folded');
    return el as KiteFoldSection;
  }
  const cleanups: Array<() => void> = [];
  afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

  it('folds any content and supplies its own button: mouse, Enter and Space, aria-expanded and aria-controls', async () => {
    const el = await mounted(plain());
    const button = ownButton(el);
    const content = el.shadowRoot!.querySelector<HTMLElement>('[part~="content"]')!;
    expect(button.textContent).to.equal('Read more');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-controls')).to.equal(content.id);
    expect(heightOf(content)).to.be.closeTo(HEIGHT, PX);
    await expect(el).to.be.accessible();

    await click(button);
    await waitUntil(() => button.getAttribute('aria-expanded') === 'true', 'unfolded by a click');
    expect(button.textContent).to.equal('Read less');
    await waitUntil(() => heightOf(content) > HEIGHT * 2, 'content shown');

    button.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => button.getAttribute('aria-expanded') === 'false', 'folded by Enter');
    expect(button.textContent).to.equal('Read more');
    await sendKeys({ press: 'Space' });
    await waitUntil(() => button.getAttribute('aria-expanded') === 'true', 'unfolded by Space');
  });

  it('takes its button labels from the language file without more/less, in English and in Hebrew', async () => {
    const el = await mounted(plain(''));
    expect(ownButton(el).textContent).to.equal(en.foldMore);
    ownButton(el).click();
    await waitUntil(() => ownButton(el).textContent === en.foldLess, 'English less');

    const page = document.createElement('div');
    page.lang = 'he';
    page.dir = 'rtl';
    document.body.append(page);
    cleanups.push(() => page.remove());
    const hebrew = await mounted(plain(''), page);
    await waitUntil(() => ownButton(hebrew).textContent === he.foldMore, 'Hebrew more');
    ownButton(hebrew).click();
    await waitUntil(() => ownButton(hebrew).textContent === he.foldLess, 'Hebrew less');
    expect(he.foldMore).to.not.equal(en.foldMore);
  });

  it("changes the theme button's text on toggle without more/less, and keeps its icons", async () => {
    const el = await folded(html`
      <kite-fold-section height=${HEIGHT} style="--kite-fold-section-duration: ${DURATION}">
        <div class="av-fold-unfold-container"><div class="av-fold-unfold-content">${paragraphs(12)}</div></div>
        <a class="av-fold-button" href="#"><span class="av-icon" aria-hidden="true">▾</span> Show the gear</a>
      </kite-fold-section>
    `);
    const { button } = parts(el);
    const icon = button.querySelector('.av-icon')!;
    expect(button.textContent!.trim()).to.equal('▾ Show the gear');
    button.click();
    await waitUntil(() => button.textContent!.includes(en.foldLess), 'less label');
    expect(button.querySelector('.av-icon')).to.equal(icon);
    expect(button.textContent!.trim()).to.equal(`▾ ${en.foldLess}`);
    button.click();
    await waitUntil(() => button.textContent!.includes('Show the gear'), 'own text back when folded');
    expect(button.contains(icon)).to.be.true;
  });

  it('reads the theme’s JSON settings from data-fold_unfold; the element’s own attributes win', async () => {
    const settings = JSON.stringify({ height: String(HEIGHT), more: 'Show all', less: 'Show fewer', context: FOLD.CONTEXTS[0] });
    const el = await folded(html`
      <kite-fold-section data-fold_unfold=${settings} style="--kite-fold-section-duration: ${DURATION}">
        <div class="av-fold-unfold-container"><div class="av-fold-unfold-content">${paragraphs(12)}</div></div>
        <div class="av-fold-button-wrapper"><a class="av-fold-button-container" href="#">Show all</a></div>
      </kite-fold-section>
    `);
    const content = parts(el).content!;
    const button = el.querySelector<HTMLElement>('.av-fold-button-container')!;
    expect(heightOf(content)).to.be.closeTo(HEIGHT, PX);
    expect(parts(el).base!.dataset.context).to.equal(FOLD.CONTEXTS[0]);
    button.click();
    await waitUntil(() => button.textContent === 'Show fewer', 'less from the JSON');
    el.setAttribute('less', 'Read less');
    await waitUntil(() => button.textContent === 'Read less', 'the attribute wins');
  });

  it('ignores settings that are not JSON, saying so once, and folds by its attributes', async () => {
    const warnings: unknown[][] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      const el = await folded(html`
        <kite-fold-section data-fold_unfold="{height: oops" height=${HEIGHT} more="Read more" less="Read less" style="--kite-fold-section-duration: ${DURATION}">
          <div class="av-fold-unfold-container"><div class="av-fold-unfold-content">${paragraphs(12)}</div></div>
          <div class="av-fold-button-wrapper"><a class="av-fold-button-container" href="#">Read more</a></div>
        </kite-fold-section>
      `);
      expect(heightOf(parts(el).content!)).to.be.closeTo(HEIGHT, PX);
      el.querySelector<HTMLElement>('.av-fold-button-container')!.click();
      await waitUntil(() => el.querySelector('.av-fold-button-container')!.textContent === 'Read less', 'unfolded');
    } finally {
      console.warn = warn;
    }
    expect(warnings.filter((args) => String(args[0]).includes('is not JSON'))).to.have.length(1);
  });

  it("folds Enfold's whole text block in place: its container clipped, its own button the toggle, outside the folded part", async () => {
    const el = await folded(enfoldTextBlock());
    const { section, container, textblock, button } = enfoldParts(el);
    // Moved into the container, as the theme's script does; the button's wrapper stays where it was.
    expect(textblock.parentElement).to.equal(container);
    expect(container.nextElementSibling?.classList.contains('av-fold-button-wrapper')).to.be.true;
    expect(heightOf(container)).to.be.closeTo(HEIGHT, PX);
    expect(container.classList.contains('folded')).to.be.true;
    expect(el.shadowRoot!.querySelector('[part~="toggle"]'), 'no button of its own').to.be.null;
    expect(button.getBoundingClientRect().top).to.be.at.least(container.getBoundingClientRect().bottom - PX);
    expect(container.contains(button)).to.be.false;
    expect(button.getAttribute('role')).to.equal('button');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(button.getAttribute('aria-controls')).to.equal(container.id);
    expect(button.textContent).to.equal('Read More');
    await expect(el).to.be.accessible();

    const unfolded = oneEvent(el, 'kite-fold-section-height-change');
    await click(button);
    await waitUntil(() => button.getAttribute('aria-expanded') === 'true', 'unfolded by a click');
    expect(button.textContent).to.equal('Read less');
    expect((await unfolded).detail.folded).to.be.false;
    expect(heightOf(container)).to.be.at.least(heightOf(textblock));
    expect(container.classList.contains('unfolded') && !container.classList.contains('folded')).to.be.true;

    button.focus();
    const foldedAgain = oneEvent(el, 'kite-fold-section-height-change');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => button.getAttribute('aria-expanded') === 'false', 'folded by Enter');
    await foldedAgain;
    expect(heightOf(container)).to.be.closeTo(HEIGHT, PX);

    // Removed, the page's markup is as the theme wrote it.
    el.remove();
    await nextFrame();
    expect(container.childElementCount).to.equal(0);
    expect(section.lastElementChild).to.equal(textblock);
    expect(container.getAttribute('style')).to.be.oneOf([null, '']);
    expect(container.className).to.equal('av-fold-unfold-container folded');
    for (const name of ['role', 'aria-expanded', 'aria-controls']) expect(button.hasAttribute(name), name).to.be.false;
  });

  it("folds Enfold's section of the other contexts: what its script would move goes into its container", async () => {
    const settings = (context: string) => JSON.stringify({ height: HEIGHT, more: 'Read More', less: 'Read less', context });
    const button = html`<div class="av-fold-button-wrapper"><a href="#" class="av-fold-button-container">Read More</a></div>`;
    // A colour section (a grid row likewise): the element after Enfold's section.
    const section = await folded(html`
      <kite-fold-section>
        <div class="avia-fold-unfold-section avia-fold-init" data-fold_unfold=${settings('avia_sc_section')}>
          <div class="av-fold-unfold-container folded"></div>
          ${button}
        </div>
        <div class="avia-section">${paragraphs(12)}</div>
      </kite-fold-section>
    `);
    expect(enfoldParts(section).container.firstElementChild?.classList.contains('avia-section')).to.be.true;
    expect(heightOf(enfoldParts(section).container)).to.be.closeTo(HEIGHT, PX);
    // A column: the siblings after the container, but not the button's wrapper, into the container's inner column.
    const column = await folded(html`
      <kite-fold-section>
        <div class="flex_column avia-fold-unfold-section avia-fold-init" data-fold_unfold=${settings('avia_sc_columns')}>
          <div class="av-fold-unfold-container folded"><div class="av-fold-unfold-inner"></div></div>
          ${button}
          ${paragraphs(12)}
        </div>
      </kite-fold-section>
    `);
    const inner = column.querySelector('.av-fold-unfold-inner')!;
    expect(inner.querySelectorAll('p').length).to.equal(12);
    expect(column.querySelector('.av-fold-button-wrapper')!.parentElement).to.equal(column.querySelector('.flex_column'));
    expect(heightOf(enfoldParts(column).container)).to.be.closeTo(HEIGHT, PX);
  });

  it('reads the JSON settings from the theme’s section inside the element too', async () => {
    const el = document.createElement('kite-fold-section');
    const section = document.createElement('div');
    section.className = 'avia-fold-unfold-section';
    section.dataset.fold_unfold = JSON.stringify({ height: HEIGHT, more: 'Open', less: 'Close' });
    section.innerHTML = `<p>${'A line of text long enough to wrap. '.repeat(80)}</p>`;
    el.append(section);
    await mounted(el);
    expect(ownButton(el as KiteFoldSection).textContent).to.equal('Open');
    expect(heightOf(el.shadowRoot!.querySelector('[part~="content"]')!)).to.be.closeTo(HEIGHT, PX);
  });

  it('enhances theme markup that arrives after the element upgraded, and content a framework fills in later', async () => {
    const late = document.createElement('kite-fold-section');
    late.setAttribute('height', String(HEIGHT));
    late.setAttribute('more', 'Read more');
    document.body.append(late);
    cleanups.push(() => late.remove());
    await waitUntil(() => !late.shadowRoot!.querySelector('slot[data-kite-placeholder]'), 'rendered empty');
    // The theme's markup, first without its button (not complete yet), then with it.
    render(html`<div class="av-fold-unfold-container"><div class="av-fold-unfold-content">${paragraphs(12)}</div></div>`, late);
    await nextFrame();
    late.insertAdjacentHTML('beforeend', '<a class="av-fold-button" href="#">More</a>');
    await waitUntil(() => late.shadowRoot!.querySelector('[data-state="folded"]'), 'late theme markup folded');
    const button = late.querySelector<HTMLElement>('.av-fold-button')!;
    expect(button.textContent).to.equal('Read more');
    button.click();
    await waitUntil(() => late.shadowRoot!.querySelector('[data-state="unfolded"]'), 'unfolds');

    const filled = document.createElement('kite-fold-section');
    filled.setAttribute('height', String(HEIGHT));
    document.body.append(filled);
    cleanups.push(() => filled.remove());
    await waitUntil(() => !filled.shadowRoot!.querySelector('slot[data-kite-placeholder]'), 'rendered empty');
    filled.innerHTML = paragraphs(12).map((_, i) => `<p>Paragraph ${i}: a line of text long enough to wrap.</p>`).join('');
    await waitUntil(() => filled.shadowRoot!.querySelector('[data-state="folded"]'), 'late plain content folded');
    expect(ownButton(filled as KiteFoldSection).textContent).to.equal(en.foldMore);
  });
});

describe('kite-fold-section on the demo page (demo/public/content.html)', () => {
  const PAGE = '/demo/public/content.html';
  /** The page as served by the demo server, its stylesheet at this runner's path. */
  const pageHtml = async () => (await (await fetch(PAGE)).text()).replace('href="/site.css"', 'href="/demo/public/site.css"');

  it('shows every word without JavaScript, the toggles that would do nothing hidden', async () => {
    const frame = await fixture<HTMLIFrameElement>(html`<iframe sandbox="allow-same-origin" style="width: 600px; height: 400px"></iframe>`);
    const loaded = oneEvent(frame, 'load');
    frame.srcdoc = await pageHtml();
    await loaded;
    const page = frame.contentDocument!;
    await waitUntil(() => [...page.styleSheets].some((sheet) => sheet.href?.endsWith('site.css')), 'stylesheet applied');
    const texts = [...page.querySelectorAll<HTMLElement>('kite-fold-section p, kite-fold-section li')];
    expect(texts.length).to.be.greaterThan(0);
    for (const text of texts) expect(text.getBoundingClientRect().height, text.textContent!).to.be.greaterThan(0);
    for (const toggle of page.querySelectorAll('.av-fold-button, .av-fold-button-container')) {
      expect(frame.contentWindow!.getComputedStyle(toggle).display).to.equal('none');
    }
  });

  it('folds and unfolds each of its sections with JavaScript: the theme markup, Enfold’s section and plain content', async () => {
    const article = new DOMParser().parseFromString(await pageHtml(), 'text/html').querySelector('article')!;
    const host = await fixture<HTMLElement>(html`<div></div>`);
    host.append(document.importNode(article, true));
    const sections = [...host.querySelectorAll<KiteFoldSection>('article > kite-fold-section')];
    const working = sections.filter((el) => el.querySelector('.av-fold-button, .av-fold-button-container') || !el.querySelector('.av-fold-unfold-container'));
    expect(working.length).to.equal(3);
    for (const [index, el] of working.entries()) {
      await waitUntil(() => el.shadowRoot!.querySelector('[data-state="folded"]'), `section ${index} folded`);
      const toggle = el.shadowRoot!.querySelector<HTMLElement>('[part~="toggle"]') ?? el.querySelector<HTMLElement>(':scope > .av-fold-button, .av-fold-button-container')!;
      toggle.scrollIntoView({ block: 'center' });
      const unfolded = oneEvent(el, 'kite-fold-section-height-change');
      await click(toggle);
      await waitUntil(() => toggle.getAttribute('aria-expanded') === 'true', `section ${index} unfolded by a click`);
      // The page below moves until the height transition ends: the next click aims after that.
      await unfolded;
    }
  });
});
