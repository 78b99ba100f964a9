// reactElement: what our wrapper adds to r2wc. Boolean attributes read as in HTML, and the first
// render lets the page run while it renders (a transition, rendered in slices), where a later
// attribute change renders at once.
import { expect, waitUntil } from '@open-wc/testing';
import { useLayoutEffect } from 'react';
import { reactElement } from '../../../shared/dom/react-element.ts';

/** Each part keeps the main thread this long as it renders: real work, as a large view's. */
const PART_WORK_MS = 2;
const PARTS = 40;

function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

function Part() {
  busy(PART_WORK_MS);
  return <i />;
}

let committed: (() => void) | null = null;
function HeavyView({ open, label }: { open?: boolean; label?: string }) {
  useLayoutEffect(() => {
    committed?.();
  });
  return (
    <section data-open={String(Boolean(open))} data-label={label ?? ''}>
      {Array.from({ length: PARTS }, (_, index) => (
        <Part key={index} />
      ))}
    </section>
  );
}

customElements.define('test-heavy-view', reactElement(HeavyView, { props: { open: 'boolean', label: 'string' } }));

/** Counts the page's other tasks (message events, as a page's own would queue) until stopped. */
function countOtherTasks() {
  const channel = new MessageChannel();
  let turns = 0;
  let running = true;
  channel.port1.onmessage = () => {
    turns += 1;
    if (running) channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
  return () => {
    running = false;
    channel.port1.close();
    return turns;
  };
}

describe('reactElement', () => {
  afterEach(() => {
    committed = null;
    document.querySelectorAll('test-heavy-view').forEach((element) => element.remove());
  });

  it('renders its first render in slices, with the page running between them', async () => {
    const element = document.createElement('test-heavy-view');
    let turnsAtCommit = -1;
    const stop = countOtherTasks();
    committed = () => (turnsAtCommit = stop());
    document.body.append(element);
    await waitUntil(() => turnsAtCommit >= 0, 'the view rendered');
    // 40 parts of 2 ms: rendered in one task, the page would get a turn or two; in slices of a few
    // milliseconds, one between each.
    expect(turnsAtCommit).to.be.at.least(5);
    expect(element.shadowRoot!.querySelectorAll('i')).to.have.length(PARTS);
  });

  it('renders a later attribute change in one go', async () => {
    const element = document.createElement('test-heavy-view');
    document.body.append(element);
    await waitUntil(() => element.shadowRoot!.querySelector('section'), 'the first render');
    let turnsAtCommit = -1;
    const stop = countOtherTasks();
    committed = () => (turnsAtCommit = stop());
    element.setAttribute('label', 'changed');
    await waitUntil(() => turnsAtCommit >= 0, 'the change rendered');
    expect(turnsAtCommit).to.be.at.most(2);
    expect(element.shadowRoot!.querySelector('section')!.dataset.label).to.equal('changed');
  });

  it('reads a boolean attribute as HTML does: present is true, absent is false', async () => {
    const element = document.createElement('test-heavy-view');
    element.setAttribute('open', 'false');
    document.body.append(element);
    await waitUntil(() => element.shadowRoot!.querySelector('section')?.dataset.open === 'true', 'open="false" reads as present');
    element.removeAttribute('open');
    await waitUntil(() => element.shadowRoot!.querySelector('section')?.dataset.open === 'false', 'no attribute reads as false');
  });
});
