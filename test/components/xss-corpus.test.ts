/**
 * The XSS corpus (test/fixtures/xss-vectors.json, 500+ vectors from public corpora and their
 * systematic variants) through every path that puts record, page or server content into the page,
 * in real Chromium: each vector is inserted live into the document by the path's own code, beside
 * a marker text. No vector may run (alert, confirm, prompt and print are canaries, and a CSP
 * violation or page error counts too), and every marker must still show.
 */
import { expect } from '@open-wc/testing';
import { loadMarkup } from '../../components/poptin/poptin.markup.load.ts';
import { loadAjax } from '../../components/lightbox/lightbox.view.tsx';
import { readContactAnswer, sanitizedFragment } from '../../components/contact-form/contact-form.send.ts';
import { lightboxTitle } from '../../shared/logic/lightbox-links.ts';
import { applyDateTags } from '../../shared/logic/date-tags.ts';
import { normaliseButtonUrl } from '../../shared/logic/button-url.ts';
import { redirectUrl } from '../../shared/logic/redirect.ts';
import type { PoptinRecord } from '../../shared/schema/poptin-record.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function before(body: () => unknown): void;
declare function after(body: () => unknown): void;

/** The corpus is the size the issue asks for. */
const MIN_VECTORS = 500;
// Fetched as the data file it is (the test server serves the repository).
const vectors: string[] = (await (await fetch(new URL('../fixtures/xss-vectors.json', import.meta.url))).json()).vectors;

/** Whatever ran: a canary called, a page error, a CSP violation. */
const ran: string[] = [];
const canaries = ['alert', 'confirm', 'prompt', 'print'] as const;
const originals = new Map<string, unknown>();
const onError = (event: ErrorEvent) => ran.push(`error: ${event.message}`);
const onViolation = (event: SecurityPolicyViolationEvent) => ran.push(`csp: ${event.violatedDirective}`);

before(() => {
  for (const name of canaries) {
    originals.set(name, window[name]);
    (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => ran.push(`${name}(${args.join(',')})`);
  }
  addEventListener('error', onError);
  document.addEventListener('securitypolicyviolation', onViolation);
});
after(() => {
  for (const name of canaries) (window as unknown as Record<string, unknown>)[name] = originals.get(name);
  removeEventListener('error', onError);
  document.removeEventListener('securitypolicyviolation', onViolation);
});

/** A live, visible container holding, for each vector, what the path made of it and then its marker. */
function stage(): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  return root;
}
const marker = (index: number) => Object.assign(document.createElement('b'), { className: 'xss-marker', textContent: `ok-${index}` });

/** Lets what the inserted content could trigger happen: its images, frames and media settle, and two frames pass. */
async function settle(root: HTMLElement): Promise<void> {
  const media = [...root.querySelectorAll<HTMLElement>('img, iframe, video, audio, object, embed, image, source')];
  await Promise.all(
    media.map(
      (element) =>
        new Promise<void>((resolve) => {
          if (element instanceof HTMLImageElement && element.complete) return resolve();
          element.addEventListener('load', () => resolve(), { once: true });
          element.addEventListener('error', () => resolve(), { once: true });
          // Elements that fire neither (an object without data, a source left alone) are done on the next frames.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
    ),
  );
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** Every marker is in the page and shown. */
function expectMarkers(root: HTMLElement): void {
  const shown = [...root.querySelectorAll<HTMLElement>('.xss-marker')].filter((element) => element.checkVisibility());
  expect(shown.length, 'every marker still shows').to.equal(vectors.length);
}

const SCRIPT_SCHEMES = /^(javascript|data|vbscript|livescript):/i;

describe('the XSS corpus', () => {
  it(`holds at least ${MIN_VECTORS} distinct vectors`, () => {
    expect(new Set(vectors).size).to.equal(vectors.length);
    expect(vectors.length).to.be.at.least(MIN_VECTORS);
  });

  it('markup records: none runs, the harmless content shows', async () => {
    const root = stage();
    for (const [index, vector] of vectors.entries()) {
      // One pop-up per vector: a pop-up already on the page is refused.
      const id = `xss${String(index).padStart(9, '0')}`;
      const markup = await loadMarkup({ poptin_id: id, poptin: `<div data-poptin-id="${id}">${vector}</div>` } as PoptinRecord, new AbortController().signal);
      // A frameset leaves DOMPurify no body: that pop-up is refused with a warning, never shown half-made.
      expect(markup?.status, vector).to.be.oneOf(['ready', 'refused']);
      const box = document.createElement('div');
      if (markup?.status === 'ready') box.append(markup.fragment);
      root.append(box, marker(index));
    }
    await settle(root);
    expectMarkers(root);
    expect(ran).to.deep.equal([]);
    root.remove();
  });

  it('lightbox ajax content: none runs, the harmless content shows', async () => {
    const root = stage();
    // Each vector is an ajax answer of its own (a data: address, fetched as the item's would be).
    const fragments = await Promise.all(
      vectors.map((vector) => loadAjax(`data:text/html,${encodeURIComponent(`<div>${vector}</div>`)}`, new AbortController().signal)),
    );
    for (const [index, fragment] of fragments.entries()) {
      const box = document.createElement('div');
      box.append(fragment);
      root.append(box, marker(index));
    }
    await settle(root);
    expectMarkers(root);
    expect(ran).to.deep.equal([]);
    root.remove();
  });

  it('contact form answers (error and response containers): none runs, the harmless content shows', async () => {
    const root = stage();
    for (const [index, vector] of vectors.entries()) {
      const answer = readContactAnswer(`<div id="ajaxresponse_1" class="ajaxresponse">${vector}</div>`, true, { formId: '1', customSend: false });
      const refused = readContactAnswer(`<div id="ajaxresponse_error_1">${vector}</div>`, true, { formId: '1', customSend: false });
      const box = document.createElement('div');
      box.append(sanitizedFragment(answer.ok ? answer.response : ''), sanitizedFragment(refused.ok ? '' : (refused.error ?? '')));
      root.append(box, marker(index));
    }
    await settle(root);
    expectMarkers(root);
    expect(ran).to.deep.equal([]);
    root.remove();
  });

  it('captions, texts and date tags are text: each shows as written, nothing runs', async () => {
    const root = stage();
    const now = new Date();
    for (const [index, vector] of vectors.entries()) {
      const caption = document.createElement('span');
      caption.textContent = lightboxTitle({ title: vector });
      const text = document.createElement('span');
      text.textContent = applyDateTags(`${vector} {{current_year}}`, now);
      root.append(caption, text, marker(index));
      expect(caption.children.length, vector).to.equal(0);
    }
    await settle(root);
    expectMarkers(root);
    expect(ran).to.deep.equal([]);
    root.remove();
  });

  it('button and redirect URLs never keep a script scheme, however it is written', () => {
    for (const vector of vectors) {
      for (const url of [normaliseButtonUrl(vector), redirectUrl(vector), redirectUrl(vector, { mobile: true })]) {
        if (url === null) continue;
        const anchor = Object.assign(document.createElement('a'), { href: url });
        expect(SCRIPT_SCHEMES.test(anchor.protocol), `${vector} -> ${url}`).to.equal(false);
      }
    }
  });
});
