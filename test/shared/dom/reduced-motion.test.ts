import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { prefersReducedMotion } from '../../../shared/dom/reduced-motion.ts';
import { onReducedMotionChange } from '../../../shared/dom/reduced-motion-change.ts';
import { waitUntil } from '../../components/helpers.ts';

declare function describe(title: string, body: () => void): void;
declare function it(title: string, body: () => Promise<void> | void): void;
declare function afterEach(body: () => Promise<void> | void): void;

describe('reduced motion (shared/dom/reduced-motion.ts)', () => {
  afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('reads the visitor\'s preference', async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    expect(prefersReducedMotion()).to.equal(false);
    await emulateMedia({ reducedMotion: 'reduce' });
    expect(prefersReducedMotion()).to.equal(true);
  });

  it('reports each change until stopped', async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    const heard: boolean[] = [];
    const stop = onReducedMotionChange((reduced) => heard.push(reduced));
    await emulateMedia({ reducedMotion: 'reduce' });
    await waitUntil(() => heard.length === 1, 'the change to reduce was not reported');
    await emulateMedia({ reducedMotion: 'no-preference' });
    await waitUntil(() => heard.length === 2, 'the change back was not reported');
    stop();
    await emulateMedia({ reducedMotion: 'reduce' });
    // A change reported after stop would land before this frame's media query evaluation ends.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(heard).to.deep.equal([true, false]);
  });
});
