import { expect, fixture, html } from '@open-wc/testing';
import { ensureId, listen, setAttribute, setStyle, toggleClass, undoAll } from '../../../shared/dom/dom-writes.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;

describe('undoable DOM writes (shared/dom/dom-writes.ts)', () => {
  it('setAttribute puts back the page\'s value, or removes an attribute the page did not have', async () => {
    const element = await fixture<HTMLElement>(html`<a href="/a" class="x">link</a>`);
    const undoHref = setAttribute(element, 'href', '/b');
    const undoRole = setAttribute(element, 'role', 'button');
    expect([element.getAttribute('href'), element.getAttribute('role')]).to.deep.equal(['/b', 'button']);
    undoRole();
    undoHref();
    expect(element.outerHTML).to.equal('<a href="/a" class="x">link</a>');
  });

  it('setStyle writes through the CSSOM with the priority asked and puts back the page\'s own value and priority', async () => {
    const element = await fixture<HTMLElement>(html`<div></div>`);
    element.style.setProperty('display', 'flex', 'important');
    const undo = setStyle(element, 'display', 'none');
    expect(element.style.getPropertyValue('display')).to.equal('none');
    undo();
    expect([element.style.getPropertyValue('display'), element.style.getPropertyPriority('display')]).to.deep.equal(['flex', 'important']);
    const undoNew = setStyle(element, 'color', 'red', 'important');
    expect(element.style.getPropertyPriority('color')).to.equal('important');
    undoNew();
    expect(element.style.getPropertyValue('color')).to.equal('');
  });

  it('listen hears the event until undone, with the options it was given', async () => {
    const element = await fixture<HTMLButtonElement>(html`<button type="button">b</button>`);
    const heard: string[] = [];
    const undo = listen(element, 'click', (event) => heard.push(`${event.type}:${event.button}`));
    const undoCapture = listen(document, 'click', () => heard.push('capture'), { capture: true });
    element.click();
    undo();
    undoCapture();
    element.click();
    expect(heard).to.deep.equal(['capture', 'click:0']);
  });

  it('toggleClass puts a class back as it was, and undoes nothing when it already was so', async () => {
    const element = await fixture<HTMLElement>(html`<div class="open"></div>`);
    const keep = toggleClass(element, 'open', true);
    const remove = toggleClass(element, 'open', false);
    keep();
    expect(element.classList.contains('open')).to.equal(false);
    remove();
    expect(element.className).to.equal('open');
  });

  it('ensureId keeps an existing id and takes away one it gave', async () => {
    const page = await fixture<HTMLElement>(html`<div><p id="mine"></p><p></p></div>`);
    const [mine, other] = [...page.children];
    ensureId(mine!, 'kite-test')();
    expect(mine!.id).to.equal('mine');
    const undo = ensureId(other!, 'kite-test');
    expect(other!.id).to.match(/^kite-test-\d+$/);
    undo();
    expect(other!.hasAttribute('id')).to.equal(false);
  });

  it('undoAll undoes last write first, once', async () => {
    const element = await fixture<HTMLElement>(html`<div title="page"></div>`);
    const undos = [setAttribute(element, 'title', 'first'), setAttribute(element, 'title', 'second')];
    const undo = undoAll(undos);
    undo();
    expect(element.title).to.equal('page');
    element.title = 'later';
    undo();
    expect(element.title, 'a second call changes nothing').to.equal('later');
  });
});
