import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { keepTabInside, tabbableIn } from '../../../shared/dom/focus-trap.ts';
import { nameOf, shiftTab } from '../../components/helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;

/** A page with a control before and after a trapped box, as a modal surface has the page around it. */
async function trappedBox() {
  const page = await fixture<HTMLDivElement>(html`
    <div>
      <button id="before">Before</button>
      <div id="box" tabindex="-1">
        <p id="text" tabindex="-1">Text</p>
        <a id="no-address">not a link without an address</a>
        <button id="first">First</button>
        <a id="link" href="#x">Link</a>
        <div id="editable" contenteditable="true">Editable</div>
        <fieldset disabled><input id="in-disabled-fieldset" /></fieldset>
        <input id="hidden-field" type="hidden" />
        <button id="disabled" disabled>Off</button>
        <button id="not-rendered" hidden>Hidden</button>
        <button id="last">Last</button>
      </div>
      <button id="after">After</button>
    </div>
  `);
  const box = page.querySelector<HTMLElement>('#box')!;
  box.addEventListener('keydown', (event) => keepTabInside(event, box, document.activeElement));
  return { page, box, get: (id: string) => page.querySelector<HTMLElement>(`#${id}`)! };
}

describe('focus trap (shared/dom/focus-trap.ts)', () => {
  it('lists only the controls a visitor can Tab to now, in document order', async () => {
    const { box } = await trappedBox();
    expect(tabbableIn(box).map((node) => node.id)).to.deep.equal(['first', 'link', 'editable', 'last']);
  });

  it('Tab from the last control goes to the first, Shift+Tab from the first to the last', async () => {
    const { get } = await trappedBox();
    get('last').focus();
    await sendKeys({ press: 'Tab' });
    expect(nameOf(document.activeElement)).to.equal('button(first)');
    await shiftTab();
    expect(nameOf(document.activeElement)).to.equal('button(last)');
  });

  it('inside the box Tab moves as the browser moves it', async () => {
    const { get } = await trappedBox();
    get('first').focus();
    await sendKeys({ press: 'Tab' });
    expect(nameOf(document.activeElement)).to.equal('a(link)');
    await sendKeys({ press: 'Tab' });
    expect(nameOf(document.activeElement)).to.equal('div(editable)');
  });

  it('from the box itself or a non-control in it, Tab goes to the first control and Shift+Tab to the last', async () => {
    const { box, get } = await trappedBox();
    box.focus();
    await sendKeys({ press: 'Tab' });
    expect(nameOf(document.activeElement)).to.equal('button(first)');
    get('text').focus();
    await shiftTab();
    expect(nameOf(document.activeElement)).to.equal('button(last)');
  });

  it('skips a control hidden after the trap started (read at each key, not once)', async () => {
    const { get } = await trappedBox();
    get('editable').focus();
    get('last').hidden = true;
    await sendKeys({ press: 'Tab' });
    expect(nameOf(document.activeElement)).to.equal('button(first)');
  });

  it('with no control inside (a modal message with no close button), Tab and Shift+Tab leave focus where it is', async () => {
    const page = await fixture<HTMLDivElement>(html`
      <div>
        <button id="before">Before</button>
        <div id="box" tabindex="-1"><p>Only words, closing by itself.</p></div>
        <button id="after">After</button>
      </div>
    `);
    const box = page.querySelector<HTMLElement>('#box')!;
    box.addEventListener('keydown', (event) => keepTabInside(event, box, document.activeElement));
    box.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement?.id).to.equal('box');
    await shiftTab();
    expect(document.activeElement?.id).to.equal('box');
  });
});
