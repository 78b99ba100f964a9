import { expect } from '@open-wc/testing';
import { afterNextPaint, afterTwoPaints, nextFrame } from '../../../shared/dom/next-frame.ts';
import { waitUntil } from '../../components/helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;

/** Resolves in the animation frame after the next one: by then a frame has been painted. */
const twoFrames = () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

describe('next frame (shared/dom/next-frame.ts)', () => {
  it('nextFrame runs in the next animation frame, not before', async () => {
    const order: string[] = [];
    nextFrame(() => order.push('frame'));
    order.push('now');
    await twoFrames();
    expect(order).to.deep.equal(['now', 'frame']);
  });

  it('afterNextPaint runs in a task after the next frame\'s animation callbacks', async () => {
    const order: string[] = [];
    afterNextPaint(() => order.push('after paint'));
    requestAnimationFrame(() => order.push('frame'));
    await waitUntil(() => order.length === 2, 'afterNextPaint never ran');
    expect(order).to.deep.equal(['frame', 'after paint']);
  });

  it('afterTwoPaints runs in a task after the animation callbacks of the frame after the next', async () => {
    const order: string[] = [];
    afterTwoPaints(() => order.push('after two'));
    requestAnimationFrame(() => {
      order.push('frame');
      requestAnimationFrame(() => order.push('second frame'));
    });
    await waitUntil(() => order.length === 3, 'afterTwoPaints never ran');
    expect(order).to.deep.equal(['frame', 'second frame', 'after two']);
  });

  it('afterTwoPaints can be cancelled before the first frame and between the two', async () => {
    const ran: string[] = [];
    afterTwoPaints(() => ran.push('before frame'))();
    const cancelLate = afterTwoPaints(() => ran.push('between frames'));
    afterNextPaint(() => cancelLate());
    await twoFrames();
    await twoFrames();
    await new Promise((resolve) => setTimeout(resolve));
    expect(ran).to.deep.equal([]);
  });

  it('each can be cancelled, before the frame or (afterNextPaint) between the frame and its task', async () => {
    const ran: string[] = [];
    nextFrame(() => ran.push('nextFrame'))();
    afterNextPaint(() => ran.push('before frame'))();
    // Frame callbacks run in the order asked: afterNextPaint's first, then the one cancelling it.
    const cancelLate = afterNextPaint(() => ran.push('after frame'));
    requestAnimationFrame(() => cancelLate());
    await twoFrames();
    await new Promise((resolve) => setTimeout(resolve)); // the task a cancelled afterNextPaint would have queued
    expect(ran).to.deep.equal([]);
  });
});
