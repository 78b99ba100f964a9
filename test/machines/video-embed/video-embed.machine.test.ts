import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor, SimulatedClock } from 'xstate';
import { videoEmbedMachine } from '../../../machines/video-embed/video-embed.machine.ts';
import type { VideoEmbedEmitted, VideoEmbedInput } from '../../../machines/video-embed/video-embed.types.ts';
import { VIDEO_EMBED } from '../../../shared/constants/site.ts';

const VIDEO = { provider: 'youtube', id: 'aqz-KE-bpKQ' } as const;
const [HIGHEST, ...LOWER] = VIDEO_EMBED.POSTER_QUALITIES;
const LOWEST = VIDEO_EMBED.POSTER_QUALITIES.at(-1)!;
/** A real thumbnail: wider than the service's placeholder. */
const REAL_WIDTH = VIDEO_EMBED.MISSING_POSTER_WIDTH_PX + 1;

function start(input: Partial<VideoEmbedInput> = {}) {
  const clock = new SimulatedClock();
  const actor = createActor(videoEmbedMachine, { clock, input: { video: VIDEO, consent: true, poster: 'service', ...input } });
  const emitted: VideoEmbedEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const state = () => actor.getSnapshot().value;
  const quality = () => actor.getSnapshot().context.quality;
  return { actor, clock, emitted, state, quality };
}

describe('videoEmbedMachine', () => {
  it('with consent tries the service poster in the default quality', () => {
    const { state, quality } = start();
    assert.deepEqual(state(), { poster: 'trying' });
    assert.equal(quality(), VIDEO_EMBED.DEFAULT_POSTER_QUALITY);
  });

  it('without consent offers the link, not the poster, and goes on to the poster when consent comes', () => {
    const { actor, state } = start({ consent: false });
    assert.equal(state(), 'consentNeeded');
    actor.send({ type: 'PLAY' });
    assert.equal(state(), 'consentNeeded', 'nothing is framed without consent');
    actor.send({ type: 'CONSENT.CHANGE', allowed: false });
    assert.equal(state(), 'consentNeeded');
    actor.send({ type: 'CONSENT.CHANGE', allowed: true });
    assert.deepEqual(state(), { poster: 'trying' });
  });

  it('a link that is no video stays as the theme wrote it, whatever happens', () => {
    const { actor, state, emitted } = start({ video: null });
    assert.equal(state(), 'unplayable');
    actor.send({ type: 'PLAY' });
    actor.send({ type: 'CONSENT.CHANGE', allowed: true });
    assert.equal(state(), 'unplayable');
    assert.deepEqual(emitted, []);
  });

  it('a local poster is shown at once, and no poster leaves the titled box', () => {
    assert.deepEqual(start({ poster: 'local' }).state(), { poster: 'shown' });
    assert.deepEqual(start({ poster: 'none' }).state(), { poster: 'none' });
  });

  it('a poster that has not loaded within the fallback time is tried one quality lower, each with its own timer', () => {
    const { clock, state, quality } = start({ quality: HIGHEST });
    for (const next of LOWER) {
      clock.increment(VIDEO_EMBED.POSTER_FALLBACK_MS - 1);
      assert.notEqual(quality(), next, '1 ms before the fallback nothing changes');
      clock.increment(1);
      assert.equal(quality(), next);
      assert.deepEqual(state(), { poster: 'trying' });
    }
    clock.increment(VIDEO_EMBED.POSTER_FALLBACK_MS - 1);
    assert.deepEqual(state(), { poster: 'trying' });
    clock.increment(1);
    assert.deepEqual(state(), { poster: 'none' }, 'below the lowest quality there is no poster');
  });

  it('a failed poster, or the service placeholder, falls back at once; a real one is shown and its timer stops', () => {
    const { actor, clock, state, quality } = start({ quality: HIGHEST });
    actor.send({ type: 'POSTER.FAILED' });
    assert.equal(quality(), LOWER[0]);
    actor.send({ type: 'POSTER.LOADED', width: VIDEO_EMBED.MISSING_POSTER_WIDTH_PX });
    assert.equal(quality(), LOWER[1], 'the placeholder counts as missing');
    actor.send({ type: 'POSTER.LOADED', width: REAL_WIDTH });
    assert.deepEqual(state(), { poster: 'shown' });
    clock.increment(VIDEO_EMBED.POSTER_FALLBACK_MS);
    assert.deepEqual(state(), { poster: 'shown' });
    assert.equal(quality(), LOWER[1]);
  });

  it('the lowest quality is as narrow as the placeholder and is shown', () => {
    const { actor, state } = start({ quality: LOWEST });
    actor.send({ type: 'POSTER.LOADED', width: VIDEO_EMBED.MISSING_POSTER_WIDTH_PX });
    assert.deepEqual(state(), { poster: 'shown' });
  });

  it('an unknown quality reads as the default', () => {
    assert.equal(start({ quality: 'huge' as never }).quality(), VIDEO_EMBED.DEFAULT_POSTER_QUALITY);
  });

  it('play asks for the frame (autoplay) and the frame loading embeds it', () => {
    const { actor, emitted, state } = start();
    actor.send({ type: 'VIEW.ENTER' });
    assert.deepEqual(state(), { poster: 'trying' }, 'coming into view loads nothing unless asked');
    actor.send({ type: 'PLAY' });
    assert.equal(state(), 'loading');
    actor.send({ type: 'FRAME.LOADED' });
    assert.equal(state(), 'embedded');
    assert.deepEqual(emitted, [
      { type: 'play', ...VIDEO, autoplay: true },
      { type: 'load', ...VIDEO },
    ]);
  });

  it('with loadInView the frame loads in view, without playing', () => {
    const { actor, emitted, state } = start({ loadInView: true });
    actor.send({ type: 'VIEW.ENTER' });
    assert.equal(state(), 'loading');
    assert.deepEqual(emitted, [{ type: 'play', ...VIDEO, autoplay: false }]);
  });

  it('withdrawn consent takes back a poster or a frame still loading, and leaves an embedded one', () => {
    const poster = start();
    poster.actor.send({ type: 'CONSENT.CHANGE', allowed: false });
    assert.equal(poster.state(), 'consentNeeded');

    const loading = start();
    loading.actor.send({ type: 'PLAY' });
    loading.actor.send({ type: 'CONSENT.CHANGE', allowed: false });
    assert.equal(loading.state(), 'consentNeeded');

    const embedded = start();
    embedded.actor.send({ type: 'PLAY' });
    embedded.actor.send({ type: 'FRAME.LOADED' });
    embedded.actor.send({ type: 'CONSENT.CHANGE', allowed: false });
    assert.equal(embedded.state(), 'embedded');
    assert.equal(embedded.actor.getSnapshot().context.allowed, false, 'the withdrawal is noted');
  });

  it('a delay can be provided', () => {
    const clock = new SimulatedClock();
    const quick = videoEmbedMachine.provide({ delays: { posterFallback: 1 } });
    const actor = createActor(quick, { clock, input: { video: VIDEO, consent: true, poster: 'service', quality: HIGHEST } }).start();
    clock.increment(1);
    assert.equal(actor.getSnapshot().context.quality, LOWER[0]);
  });
});
