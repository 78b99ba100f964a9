/** shared/dom/frame-loop.ts in Chromium: one frame callback for every drawer, each stopped alone. */
import { expect } from '@open-wc/testing';
import { everyFrame } from '../../../shared/dom/frame-loop.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;

const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('everyFrame', () => {
  it('calls every drawer in each frame, one after the other with the same time, until each stops', async () => {
    const calls: Array<[string, number]> = [];
    const stopA = everyFrame((now) => calls.push(['a', now]));
    const stopB = everyFrame((now) => calls.push(['b', now]));
    await frame();
    await frame();
    expect(calls.length).to.be.at.least(2);
    expect(calls.length % 2).to.equal(0);
    for (let index = 0; index < calls.length; index += 2) {
      expect([calls[index]![0], calls[index + 1]![0]]).to.deep.equal(['a', 'b']);
      expect(calls[index]![1], 'one callback: the same time for both').to.equal(calls[index + 1]![1]);
    }
    stopA();
    calls.length = 0;
    await frame();
    await frame();
    expect(calls.map(([name]) => name)).to.include('b').and.not.include('a');
    stopB();
    calls.length = 0;
    await frame();
    await frame();
    expect(calls).to.deep.equal([]);
  });
});
