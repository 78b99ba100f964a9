/**
 * `kite-player`'s pure mapping (components/player/player.connect.ts), without a DOM: a real
 * player machine's snapshots become part props (labels, ARIA values, data attributes, menus),
 * and keys and pointers become the machine events the controls send. Texts from the catalogues.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createActor } from 'xstate';
import {
  connect,
  menuButtonKey,
  menuKey,
  pointerEvent,
  sliderKeyEvent,
  sliderRatio,
  stateOf,
  type PlayerEnvironment,
} from '../../../components/player/player.connect.ts';
import { playerMachine } from '../../../machines/player/player.machine.ts';
import type { PlayerEvent, PlayerInput } from '../../../machines/player/player.types.ts';
import { PLAYER } from '../../../shared/constants/site.ts';
import { loadMessages } from '../../../shared/i18n/translate.ts';
import { SECONDS_PER_HOUR } from '../../../shared/logic/time-code.ts';
import { en, he } from '../../messages.ts';

const DURATION = 60;
const ENV: PlayerEnvironment = { lang: 'en', rtl: false, renderer: 'native', size: { width: PLAYER.VIDEO_WIDTH_PX, height: PLAYER.VIDEO_HEIGHT_PX } };

/** The parts of a player machine that went through `events`. */
function partsAfter(events: PlayerEvent[], input: Partial<PlayerInput> = {}, env: PlayerEnvironment = ENV) {
  const actor = createActor(playerMachine, { input: { kind: 'video', ...input } }).start();
  events.forEach((event) => actor.send(event));
  const state = stateOf(actor.getSnapshot());
  // Stopped: a playing machine's repeating time update would keep the process alive.
  actor.stop();
  return connect(state, env);
}

const PLAYING: PlayerEvent[] = [{ type: 'MEDIA.TIME', currentTime: DURATION / 4, duration: DURATION, buffered: DURATION / 2 }, { type: 'MEDIA.PLAYING' }];

describe('connect (player)', () => {
  it('an idle video: its state on the base, the big play button, Play, a progress slider with nowhere to seek', () => {
    const parts = partsAfter([]);
    assert.equal(parts.base['data-state'], 'idle');
    assert.equal(parts.base['data-controls'], 'visible');
    assert.equal(parts.base['data-kind'], 'video');
    assert.equal(parts.base['aria-label'], en.playerVideo);
    assert.deepEqual(parts.base.style, { '--kite-player-default-ratio': `${PLAYER.VIDEO_WIDTH_PX} / ${PLAYER.VIDEO_HEIGHT_PX}` });
    assert.deepEqual(parts.bigPlay, { label: en.playerPlay, event: { type: 'PLAY' } });
    assert.equal(parts.play.label, en.playerPlay);
    assert.equal(parts.play.icon, 'play');
    assert.equal(parts.progress.max, 0);
    assert.equal(parts.progress.at(0.5), null);
    assert.ok(parts.surface);
    assert.ok(parts.fullscreen);
  });

  it('a playing video: Pause, the position and buffered share on the slider, and where a press seeks', () => {
    const parts = partsAfter(PLAYING);
    assert.equal(parts.base['data-state'], 'playing');
    assert.equal(parts.bigPlay, null);
    assert.equal(parts.play.label, en.playerPause);
    assert.equal(parts.play.icon, 'pause');
    assert.equal(parts.progress.max, DURATION);
    assert.equal(parts.progress.now, DURATION / 4);
    assert.equal(parts.progress.ratio, 1 / 4);
    assert.equal(parts.progress.buffered, 1 / 2);
    assert.equal(parts.currentTime, '0:15');
    assert.equal(parts.duration, '1:00');
    assert.equal(parts.progress.valueText, en.playerTimeOf.replace('{current}', '0:15').replace('{duration}', '1:00'));
    assert.deepEqual(parts.progress.at(0.5), { type: 'SEEK.TO', time: DURATION / 2 });
    assert.deepEqual(parts.progress.edge(true), { type: 'SEEK.TO', time: Infinity });
  });

  it(`times show hours from ${SECONDS_PER_HOUR} s of duration on`, () => {
    const parts = partsAfter([{ type: 'MEDIA.TIME', currentTime: 0, duration: SECONDS_PER_HOUR }]);
    assert.equal(parts.currentTime, '0:00:00');
    assert.equal(parts.duration, '1:00:00');
  });

  it('muted: the volume slider reads 0, the mute button says Unmute with the muted icon', () => {
    const parts = partsAfter([{ type: 'MUTE.TOGGLE' }]);
    assert.equal(parts.volume.now, 0);
    assert.equal(parts.volume.valueText, en.playerVolumeValue.replace('{percent}', '0'));
    assert.equal(parts.mute.label, en.playerUnmute);
    assert.equal(parts.mute.icon, 'muted');
    const unmuted = partsAfter([]);
    assert.equal(unmuted.volume.now, PLAYER.START_VOLUME * 100);
    assert.equal(unmuted.mute.label, en.playerMute);
  });

  it('the captions menu: Off and each track, the shown one checked; none for audio or without tracks', () => {
    const tracks = [
      { id: 'track-0', label: 'English', language: 'en' },
      { id: 'track-1', label: 'Deutsch', language: 'de' },
    ];
    const parts = partsAfter([{ type: 'MENU.OPEN', menu: 'captions', focus: 'last' }], { tracks, captions: 'track-1' });
    assert.equal(parts.captions?.open, true);
    assert.equal(parts.captions?.focus, 'last');
    assert.deepEqual(
      parts.captions?.items.map((item) => [item.label, item.checked, item.select]),
      [
        [en.playerCaptionsOff, false, { type: 'CAPTIONS.SELECT', id: null }],
        ['English', false, { type: 'CAPTIONS.SELECT', id: 'track-0' }],
        ['Deutsch', true, { type: 'CAPTIONS.SELECT', id: 'track-1' }],
      ],
    );
    assert.equal(partsAfter([]).captions, null);
    assert.equal(partsAfter([], { kind: 'audio', tracks }).captions, null);
  });

  it('the chapters menu, open, checks the chapter being played, the last one started; closed, it lists none', () => {
    const chapters = [
      { start: 0, end: 20, title: 'One' },
      { start: 20, end: 40, title: 'Two' },
      { start: 40, end: DURATION, title: 'Three' },
    ];
    const time: PlayerEvent = { type: 'MEDIA.TIME', currentTime: DURATION, duration: DURATION };
    const parts = partsAfter([{ type: 'CHAPTERS.SET', chapters }, time, { type: 'MENU.OPEN', menu: 'chapters' }]);
    assert.deepEqual(
      parts.chapters?.items.map((item) => [item.label, item.detail, item.checked]),
      [
        ['One', '0:00', false],
        ['Two', '0:20', false],
        ['Three', '0:40', true],
      ],
    );
    assert.deepEqual(partsAfter([{ type: 'CHAPTERS.SET', chapters }, time]).chapters?.items, []);
    assert.equal(parts.chapters?.unavailable, false);
  });

  it('the chapters button has its place while its track loads, unavailable; gone without chapters', () => {
    const loading = partsAfter([], { chaptersTrack: true });
    assert.equal(loading.chapters?.unavailable, true);
    assert.equal(loading.chapters?.label, en.playerChapters);
    assert.equal(partsAfter([{ type: 'CHAPTERS.SET', chapters: [] }], { chaptersTrack: true }).chapters, null);
    assert.equal(partsAfter([]).chapters, null);
  });

  it('an error: its message, and no control bar left', () => {
    const parts = partsAfter([{ type: 'MEDIA.ERROR', kind: 'network' }]);
    assert.deepEqual(parts.error, { message: en.playerErrorNetwork, downloads: false });
    assert.equal(parts.controls, null);
    assert.equal(partsAfter([{ type: 'RENDERER.NONE' }]).error?.downloads, true);
  });

  it('audio: no surface, poster or fullscreen button', () => {
    const parts = partsAfter([], { kind: 'audio', hasPoster: true });
    assert.equal(parts.base['data-kind'], 'audio');
    assert.equal(parts.base.style, undefined);
    assert.equal(parts.surface, false);
    assert.equal(parts.poster, false);
    assert.equal(parts.fullscreen, null);
  });

  describe('in Hebrew', () => {
    before(() => loadMessages('he'));

    it('labels in Hebrew, right to left', () => {
      const parts = partsAfter([], {}, { ...ENV, lang: 'he', rtl: true });
      assert.equal(parts.base.dir, 'rtl');
      assert.equal(parts.base.lang, 'he');
      assert.equal(parts.play.label, he.playerPlay);
    });
  });
});

describe('keys and pointers (player)', () => {
  const slider = (rtl: boolean) => partsAfter(PLAYING, {}, { ...ENV, rtl }).progress;

  it(`slider: arrows step, Home and End go to the ends, other keys are not the slider's`, () => {
    const ltr = slider(false);
    assert.deepEqual(sliderKeyEvent(ltr, 'ArrowRight'), { type: 'SEEK.STEP', direction: 1 });
    assert.deepEqual(sliderKeyEvent(ltr, 'ArrowUp'), { type: 'SEEK.STEP', direction: 1 });
    assert.deepEqual(sliderKeyEvent(ltr, 'ArrowLeft'), { type: 'SEEK.STEP', direction: -1 });
    assert.deepEqual(sliderKeyEvent(ltr, 'ArrowDown'), { type: 'SEEK.STEP', direction: -1 });
    assert.deepEqual(sliderKeyEvent(ltr, 'Home'), { type: 'SEEK.TO', time: 0 });
    assert.deepEqual(sliderKeyEvent(ltr, 'End'), { type: 'SEEK.TO', time: Infinity });
    assert.equal(sliderKeyEvent(ltr, 'a'), null);
    const volume = partsAfter([]).volume;
    assert.deepEqual(sliderKeyEvent(volume, 'End'), { type: 'VOLUME.SET', volume: 1 });
    assert.deepEqual(sliderKeyEvent(volume, 'ArrowDown'), { type: 'VOLUME.STEP', direction: -1 });
  });

  it('slider right to left: ArrowLeft moves forward, a press is measured from the right', () => {
    const rtl = slider(true);
    assert.deepEqual(sliderKeyEvent(rtl, 'ArrowLeft'), { type: 'SEEK.STEP', direction: 1 });
    assert.deepEqual(sliderKeyEvent(rtl, 'ArrowRight'), { type: 'SEEK.STEP', direction: -1 });
    assert.equal(sliderRatio(25, 100, true), 0.75);
    assert.equal(sliderRatio(25, 100, false), 0.25);
  });

  it('slider: a press outside the track clamps to its ends; a track of no width reads 0', () => {
    assert.equal(sliderRatio(-10, 100, false), 0);
    assert.equal(sliderRatio(150, 100, false), 1);
    assert.equal(sliderRatio(10, 0, false), 0);
  });

  it('menu button: Down opens on the checked item, Up on the last; other keys are the button’s own', () => {
    assert.deepEqual(menuButtonKey('chapters', 'ArrowDown'), { type: 'MENU.OPEN', menu: 'chapters', focus: 'checked' });
    assert.deepEqual(menuButtonKey('chapters', 'ArrowUp'), { type: 'MENU.OPEN', menu: 'chapters', focus: 'last' });
    assert.equal(menuButtonKey('chapters', 'Enter'), null);
  });

  it('menu: Up and Down wrap, Home and End go to the ends, Escape closes to the button, Tab closes and moves on', () => {
    const COUNT = 3;
    assert.deepEqual(menuKey('ArrowDown', COUNT - 1, COUNT), { focus: 0 });
    assert.deepEqual(menuKey('ArrowUp', 0, COUNT), { focus: COUNT - 1 });
    assert.deepEqual(menuKey('ArrowDown', 0, COUNT), { focus: 1 });
    assert.deepEqual(menuKey('Home', 2, COUNT), { focus: 0 });
    assert.deepEqual(menuKey('End', 0, COUNT), { focus: COUNT - 1 });
    assert.deepEqual(menuKey('Escape', 0, COUNT), { close: 'to-button' });
    assert.deepEqual(menuKey('Tab', 0, COUNT), { close: 'moving-on' });
    assert.equal(menuKey('a', 0, COUNT), null);
  });

  it('pointer: a mouse entering, moving and leaving counts; a finger does not hover', () => {
    assert.deepEqual(pointerEvent('enter', 'mouse'), { type: 'POINTER.ENTER' });
    assert.deepEqual(pointerEvent('move', 'pen'), { type: 'POINTER.MOVE' });
    assert.deepEqual(pointerEvent('leave', 'mouse'), { type: 'POINTER.LEAVE' });
    assert.equal(pointerEvent('enter', 'touch'), null);
  });
});
