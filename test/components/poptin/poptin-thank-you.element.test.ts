/**
 * The thank-you screen in real Chromium: once the lead is in, the screen is as tall as its
 * message (not the form it replaced), and keyboard focus lands on its title, which names the
 * dialog, so a screen reader reads the thanks and no focus ring circles empty space. No `api`:
 * nothing is sent, the pop-up converts locally.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitUntil } from '../helpers.ts';
import '../../../components/poptin/poptin.element.ts';
import { cleanUp, DESIGN_HEIGHT, newPoptinId, showPoptin, sizedRecord } from './kit.ts';

/** The element focused inside the pop-up's shadow root. */
const focusedIn = (el: Element) => el.shadowRoot!.activeElement as HTMLElement | null;

describe('kite-poptin thank-you screen', () => {
  afterEach(cleanUp);

  it('after a keyboard submit, focus is on the thank-you title and the dialog is only as tall as the thanks', async () => {
    const record = sizedRecord(newPoptinId('kthanks'), {
      blocks: [
        { type: 'title', text: 'Join us' },
        { type: 'form', fields: [{ name: 'poptinDesignInputTextFieldEmail', kind: 'email', label: 'Email', required: true }], button: { text: 'Send' } },
      ],
      design: { height: DESIGN_HEIGHT * 2, thank_you: [{ type: 'title', text: 'Thank you!' }] },
      properties: { poptin_design_thank_screen: true },
    });
    const { el, dialog } = await showPoptin(record);
    const formHeight = dialog.getBoundingClientRect().height;
    el.shadowRoot!.querySelector<HTMLInputElement>('input[type="email"]')!.focus();
    await sendKeys({ type: 'ada@example.com' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => dialog.getAttribute('data-screen') === 'thank-you', 'the thank-you screen shows');

    const title = el.shadowRoot!.querySelector<HTMLElement>("[part='title']")!;
    expect(title.textContent).to.equal('Thank you!');
    await waitUntil(() => focusedIn(el) === title, 'focus on the thanks');
    expect(dialog.getAttribute('aria-labelledby')).to.equal(title.id);
    expect(getComputedStyle(title).outlineStyle).to.equal('none');
    expect(title.tabIndex, 'not in the tab order').to.equal(-1);
    const thanksHeight = dialog.getBoundingClientRect().height;
    expect(thanksHeight).to.be.below(formHeight);
    expect(thanksHeight).to.be.below(DESIGN_HEIGHT * 2);
  });
});
