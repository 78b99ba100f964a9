/**
 * The media player machine (content-site spec 001, section 4 "Media player", numbers from
 * section 9, texts from section 8), on a simulated clock. Every timing is a PLAYER constant,
 * every text comes from the catalogues.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { assign, createActor, SimulatedClock } from 'xstate';
import { playerErrorMessage, playerMachine, viewOf } from '../../../machines/player/player.machine.ts';
import type { PlayerEmitted, PlayerEvent, PlayerInput } from '../../../machines/player/player.types.ts';
import { PLAYER } from '../../../shared/constants/site.ts';
import { en, he, YOUTUBE_ERROR_WORDS } from '../../messages.ts';

/** Any duration: steps are a share of it. */
const DURATION = 60;

type Call = { action: string; params?: unknown };

/**
 * Advances `periods` time-update periods one at a time: the simulated clock fires the timers due
 * at the new time, and a repeating timer set while firing is due a period later, as in real time.
 */
function tick(clock: SimulatedClock, periods: number): void {
  for (let i = 0; i < periods; i++) clock.increment(PLAYER.TIME_UPDATE_MS);
}

/** A started actor on a simulated clock; the view's actions recorded, the media's position faked. */
function start(input: Partial<PlayerInput> = {}) {
  const clock = new SimulatedClock();
  const calls: Call[] = [];
  const media = { currentTime: 0, duration: DURATION };
  const record = (action: string) => (_: unknown, params?: unknown) => void calls.push(params === undefined ? { action } : { action, params });
  const machine = playerMachine.provide({
    actions: {
      play: record('play'),
      pause: record('pause'),
      seek: record('seek'),
      applyVolume: record('applyVolume'),
      requestFullscreen: record('requestFullscreen'),
      exitFullscreen: record('exitFullscreen'),
      recoverMediaError: record('recoverMediaError'),
      swapAudioCodec: record('swapAudioCodec'),
      destroyHls: record('destroyHls'),
      readTime: assign(() => ({ currentTime: media.currentTime, duration: media.duration })),
    },
  });
  const actor = createActor(machine, { clock, input: { kind: 'video', ...input } });
  const emitted: PlayerEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  const send = (...events: PlayerEvent[]) => events.forEach((event) => actor.send(event));
  const view = () => viewOf(actor.getSnapshot());
  const context = () => actor.getSnapshot().context;
  const names = () => calls.map((call) => call.action);
  const ofType = <T extends PlayerEmitted['type']>(type: T) =>
    emitted.filter((event): event is Extract<PlayerEmitted, { type: T }> => event.type === type);
  return { actor, clock, calls, names, emitted, ofType, media, send, view, context };
}

/** Playing, with a known duration. */
function playing(input: Partial<PlayerInput> = {}) {
  const player = start(input);
  player.send({ type: 'MEDIA.TIME', currentTime: 0, duration: DURATION }, { type: 'MEDIA.PLAY' }, { type: 'MEDIA.PLAYING' });
  player.emitted.length = 0;
  return player;
}

/** The controls, shown now, stay `ms` less 1 ms and are hidden at `ms`. */
function hideAfter({ clock, view }: ReturnType<typeof start>, ms: number) {
  clock.increment(ms - 1);
  assert.equal(view().controlsVisible, true);
  clock.increment(1);
  assert.equal(view().controlsVisible, false);
}

/** `event` shows the controls and restarts their `ms` wait: hidden at its end, shown again by the next `event`, hidden `ms` later. */
function restartsTheWait(player: ReturnType<typeof start>, event: PlayerEvent, ms: number) {
  player.send(event);
  hideAfter(player, ms);
  player.send(event);
  assert.equal(player.view().controlsVisible, true);
  player.clock.increment(ms);
  assert.equal(player.view().controlsVisible, false);
}

describe('playerMachine', () => {
  describe('start', () => {
    it('starts idle, controls visible, volume at the start volume, nothing emitted', () => {
      const { view, context, emitted } = start();
      assert.equal(view().playback, 'idle');
      assert.equal(view().controlsVisible, true);
      assert.equal(view().loading, false);
      assert.equal(view().bigPlay, true);
      assert.equal(context().volume, PLAYER.START_VOLUME);
      assert.equal(context().muted, false);
      assert.ok(Number.isNaN(context().duration));
      assert.deepEqual(emitted, []);
    });

    it('shows the poster until play when there is one', () => {
      assert.equal(start({ hasPoster: true }).view().poster, true);
      assert.equal(start().view().poster, false);
    });

    it('takes a start volume from input, clamped', () => {
      assert.equal(start({ volume: 0.3 }).context().volume, 0.3);
      assert.equal(start({ volume: 7 }).context().volume, 1);
    });

    it('has no big play button for audio', () => {
      assert.equal(start({ kind: 'audio' }).view().bigPlay, false);
    });
  });

  describe('playback', () => {
    it('asks the media to play and pause; the media moves the state', () => {
      const { send, names, view } = start();
      send({ type: 'PLAY' });
      assert.deepEqual(names(), ['play']);
      assert.equal(view().playback, 'idle', 'a request alone changes nothing');
      send({ type: 'MEDIA.PLAY' });
      assert.equal(view().playback, 'playing');
      send({ type: 'TOGGLE' });
      assert.deepEqual(names(), ['play', 'pause']);
      send({ type: 'MEDIA.PAUSE' });
      assert.equal(view().playback, 'paused');
      send({ type: 'TOGGLE' });
      assert.deepEqual(names(), ['play', 'pause', 'play']);
    });

    it('emits play, pause and ended with the position', () => {
      const { send, emitted } = start();
      send({ type: 'MEDIA.TIME', currentTime: 2, duration: DURATION }, { type: 'MEDIA.PLAY' });
      send({ type: 'MEDIA.PLAYING' }); // already playing: no second play
      send({ type: 'MEDIA.TIME', currentTime: 5 }, { type: 'MEDIA.PAUSE' });
      send({ type: 'MEDIA.TIME', currentTime: DURATION }, { type: 'MEDIA.ENDED' });
      assert.deepEqual(emitted, [
        { type: 'play', currentTime: 2 },
        { type: 'pause', currentTime: 5 },
        { type: 'ended', currentTime: DURATION },
      ]);
    });

    it('shows the big play button when paused or ended, not while playing', () => {
      const { send, view } = playing();
      assert.equal(view().bigPlay, false);
      send({ type: 'MEDIA.PAUSE' });
      assert.equal(view().bigPlay, true);
      send({ type: 'MEDIA.PLAY' }, { type: 'MEDIA.ENDED' });
      assert.equal(view().playback, 'ended');
      assert.equal(view().bigPlay, true);
    });

    it('a time report that changes nothing makes no new snapshot (no render); a new time does', () => {
      const { actor, send, context } = playing();
      const before = actor.getSnapshot();
      send({ type: 'MEDIA.TIME', currentTime: 0, duration: DURATION });
      send({ type: 'MEDIA.TIME', currentTime: Number.NaN });
      assert.equal(actor.getSnapshot(), before);
      send({ type: 'MEDIA.TIME', currentTime: 1 });
      assert.notEqual(actor.getSnapshot(), before);
      assert.equal(context().currentTime, 1);
    });

    it('an unknown duration reported again (before the metadata) makes no new snapshot either', () => {
      const { actor, send } = start();
      send({ type: 'MEDIA.TIME', currentTime: 0, duration: Number.NaN, buffered: 0 });
      const before = actor.getSnapshot();
      send({ type: 'MEDIA.TIME', currentTime: 0, duration: Number.NaN, buffered: 0 });
      assert.equal(actor.getSnapshot(), before);
      send({ type: 'MEDIA.TIME', currentTime: 0, duration: DURATION, buffered: 0 });
      assert.equal(actor.getSnapshot().context.duration, DURATION);
    });

    it('goes back to idle when the media is emptied (a new source)', () => {
      const { send, view, context } = playing();
      send({ type: 'MEDIA.TIME', currentTime: 9 }, { type: 'MEDIA.EMPTIED' });
      assert.equal(view().playback, 'idle');
      assert.equal(context().currentTime, 0);
    });
  });

  describe('time updates', () => {
    it(`emits a time update every ${PLAYER.TIME_UPDATE_MS} ms while playing, read from the media`, () => {
      const { clock, media, ofType } = playing();
      media.currentTime = 1;
      clock.increment(PLAYER.TIME_UPDATE_MS - 1);
      assert.equal(ofType('timeupdate').length, 0);
      clock.increment(1);
      assert.deepEqual(ofType('timeupdate'), [{ type: 'timeupdate', currentTime: 1, duration: DURATION }]);
      media.currentTime = 2;
      tick(clock, 3);
      assert.equal(ofType('timeupdate').length, 4);
      assert.equal(ofType('timeupdate').at(-1)!.currentTime, 2);
    });

    it('stops while paused and ended, and restarts on play', () => {
      const { clock, send, ofType } = playing();
      send({ type: 'MEDIA.PAUSE' });
      tick(clock, 4);
      assert.equal(ofType('timeupdate').length, 0);
      send({ type: 'MEDIA.PLAY' });
      tick(clock, 1);
      assert.equal(ofType('timeupdate').length, 1);
      send({ type: 'MEDIA.ENDED' });
      tick(clock, 4);
      assert.equal(ofType('timeupdate').length, 1);
    });

    it('keeps the media position from MEDIA.TIME (paused seeks update the display)', () => {
      const { send, context } = start();
      send({ type: 'MEDIA.TIME', currentTime: 3, duration: DURATION, buffered: 10 });
      assert.deepEqual([context().currentTime, context().duration, context().buffered], [3, DURATION, 10]);
      send({ type: 'MEDIA.TIME', currentTime: NaN });
      assert.equal(context().currentTime, 3);
    });
  });

  describe('poster', () => {
    it('hides on play and stays hidden on pause and end by default', () => {
      const { send, view } = start({ hasPoster: true });
      send({ type: 'MEDIA.PLAY' });
      assert.equal(view().poster, false);
      send({ type: 'MEDIA.PAUSE' }, { type: 'MEDIA.ENDED' });
      assert.equal(view().poster, false);
    });

    it('returns on end when the setting says so (not on the pause before it)', () => {
      const { send, view } = start({ hasPoster: true, showPosterWhenEnded: true });
      send({ type: 'MEDIA.PLAY' }, { type: 'MEDIA.PAUSE' });
      assert.equal(view().poster, false);
      send({ type: 'MEDIA.ENDED' });
      assert.equal(view().poster, true);
      send({ type: 'MEDIA.PLAY' });
      assert.equal(view().poster, false);
    });

    it('returns on pause when the setting says so', () => {
      const { send, view } = start({ hasPoster: true, showPosterWhenPaused: true });
      send({ type: 'MEDIA.PLAYING' }, { type: 'MEDIA.PAUSE' });
      assert.equal(view().poster, true);
    });

    it('never shows without a poster, whatever the settings', () => {
      const { send, view } = start({ showPosterWhenEnded: true, showPosterWhenPaused: true });
      send({ type: 'MEDIA.PLAY' }, { type: 'MEDIA.PAUSE' }, { type: 'MEDIA.ENDED' });
      assert.equal(view().poster, false);
    });
  });

  describe('loading overlay', () => {
    for (const shows of ['MEDIA.LOADSTART', 'MEDIA.WAITING', 'MEDIA.SEEKING'] as const) {
      for (const hides of ['MEDIA.CANPLAY', 'MEDIA.PLAYING', 'MEDIA.SEEKED', 'MEDIA.PAUSE', 'MEDIA.SUSPEND'] as const) {
        it(`shows on ${shows}, hides on ${hides}`, () => {
          const { send, view } = start();
          send({ type: shows });
          assert.equal(view().loading, true);
          assert.equal(view().bigPlay, false, 'no big play button over the spinner');
          send({ type: hides });
          assert.equal(view().loading, false);
        });
      }
    }

    it('hides on an error', () => {
      const { send, view } = start();
      send({ type: 'MEDIA.WAITING' }, { type: 'MEDIA.ERROR', kind: 'network' });
      assert.equal(view().loading, false);
    });

    it(`hides ${PLAYER.ANDROID_CANPLAY_MS} ms after loadeddata on Android (no canplay there), not elsewhere`, () => {
      const android = start({ android: true });
      android.send({ type: 'MEDIA.LOADSTART' }, { type: 'MEDIA.LOADEDDATA' });
      android.clock.increment(PLAYER.ANDROID_CANPLAY_MS - 1);
      assert.equal(android.view().loading, true);
      android.clock.increment(1);
      assert.equal(android.view().loading, false);

      const desktop = start();
      desktop.send({ type: 'MEDIA.LOADSTART' }, { type: 'MEDIA.LOADEDDATA' });
      desktop.clock.increment(PLAYER.ANDROID_CANPLAY_MS * 10);
      assert.equal(desktop.view().loading, true);
    });
  });

  describe('controls', () => {
    it(`hide ${PLAYER.CONTROLS_HIDE_MS} ms after a video starts playing`, () => {
      hideAfter(playing(), PLAYER.CONTROLS_HIDE_MS);
    });

    it(`activity shows them and restarts the ${PLAYER.CONTROLS_HIDE_MS} ms wait`, () => {
      const player = playing();
      player.clock.increment(PLAYER.CONTROLS_HIDE_MS - 1);
      restartsTheWait(player, { type: 'ACTIVITY' }, PLAYER.CONTROLS_HIDE_MS);
    });

    it(`hide ${PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS} ms after the pointer enters`, () => {
      const player = playing();
      player.clock.increment(PLAYER.CONTROLS_HIDE_MS);
      player.send({ type: 'POINTER.ENTER' });
      assert.equal(player.view().controlsVisible, true);
      hideAfter(player, PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS);
    });

    it(`wait ${PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS} ms again on every pointer move, and come back on a move`, () => {
      const player = playing();
      player.send({ type: 'POINTER.ENTER' });
      player.clock.increment(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS - 1);
      restartsTheWait(player, { type: 'POINTER.MOVE' }, PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS);
    });

    it(`hide ${PLAYER.CONTROLS_HIDE_AFTER_LEAVE_MS} ms after the pointer leaves`, () => {
      const player = playing();
      player.send({ type: 'POINTER.ENTER' });
      player.clock.increment(PLAYER.CONTROLS_HIDE_AFTER_LEAVE_MS);
      player.send({ type: 'POINTER.LEAVE' });
      hideAfter(player, PLAYER.CONTROLS_HIDE_AFTER_LEAVE_MS);
    });

    it('show again and stay when the video pauses or ends', () => {
      const { clock, send, view } = playing();
      clock.increment(PLAYER.CONTROLS_HIDE_MS);
      send({ type: 'MEDIA.PAUSE' });
      assert.equal(view().controlsVisible, true);
      clock.increment(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS * 2);
      assert.equal(view().controlsVisible, true);
      send({ type: 'MEDIA.PLAY' }, { type: 'MEDIA.ENDED' });
      clock.increment(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS * 2);
      assert.equal(view().controlsVisible, true);
    });

    it('never hide for audio', () => {
      const { clock, send, view } = playing({ kind: 'audio' });
      send({ type: 'POINTER.LEAVE' });
      clock.increment(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS * 2);
      assert.equal(view().controlsVisible, true);
    });

    it('stay while a menu is open, and count again once it closes', () => {
      const { clock, send, view } = playing({ tracks: [{ id: 'en', label: 'English', language: 'en' }] });
      send({ type: 'MENU.OPEN', menu: 'captions' });
      clock.increment(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS * 2);
      assert.equal(view().controlsVisible, true);
      send({ type: 'MENU.CLOSE' });
      clock.increment(PLAYER.CONTROLS_HIDE_MS);
      assert.equal(view().controlsVisible, false);
    });

    it('stay while an error shows', () => {
      const { clock, send, view } = playing();
      send({ type: 'MEDIA.ERROR', kind: 'network' });
      clock.increment(PLAYER.CONTROLS_HIDE_AFTER_ENTER_MS * 2);
      assert.equal(view().controlsVisible, true);
    });
  });

  describe('surface (a click or a tap on the video)', () => {
    /** A press on the surface, then its click, as the view sends them; the player's own activity follows the press. */
    const press = (send: (...events: PlayerEvent[]) => void, touch: boolean) =>
      send({ type: 'SURFACE.PRESS', touch }, { type: 'ACTIVITY' }, { type: 'SURFACE.CLICK' });

    it('a mouse click plays, and pauses while playing, controls shown or not', () => {
      const idle = start();
      press(idle.send, false);
      assert.deepEqual(idle.names(), ['play']);
      const { clock, send, names } = playing();
      clock.increment(PLAYER.CONTROLS_HIDE_MS);
      press(send, false);
      assert.deepEqual(names(), ['pause']);
    });

    it(`a tap once the controls hid (${PLAYER.CONTROLS_HIDE_MS} ms) only brings them back; the next tap pauses`, () => {
      const { clock, send, names, view } = playing();
      clock.increment(PLAYER.CONTROLS_HIDE_MS);
      assert.equal(view().controlsVisible, false);
      press(send, true);
      assert.equal(view().controlsVisible, true);
      assert.deepEqual(names(), []);
      press(send, true);
      assert.deepEqual(names(), ['pause']);
    });

    it('a tap while the controls show plays or pauses at once', () => {
      const { send, names, view } = playing();
      assert.equal(view().controlsVisible, true);
      press(send, true);
      assert.deepEqual(names(), ['pause']);
    });
  });

  describe('menu focus', () => {
    const tracks = [{ id: 'en', label: 'English', language: 'en' }];

    it('opens on the checked item by default, on the last when asked (ArrowUp on its button)', () => {
      const { send, context, view } = start({ tracks });
      send({ type: 'MENU.OPEN', menu: 'captions', focus: 'last' });
      assert.equal(view().menu, 'captions');
      assert.equal(context().menuFocus, 'last');
      send({ type: 'MENU.CLOSE' }, { type: 'MENU.OPEN', menu: 'captions' });
      assert.equal(context().menuFocus, 'checked');
      send({ type: 'MENU.CLOSE' }, { type: 'MENU.OPEN', menu: 'captions', focus: 'last' }, { type: 'MENU.CLOSE' }, { type: 'MENU.TOGGLE', menu: 'captions' });
      assert.equal(context().menuFocus, 'checked');
    });
  });

  describe('volume', () => {
    it(`steps by ${PLAYER.VOLUME_STEP}, clamped to 0..1, and asks the media`, () => {
      const { send, context, calls } = start();
      send({ type: 'VOLUME.STEP', direction: 1 });
      assert.equal(context().volume, PLAYER.START_VOLUME + PLAYER.VOLUME_STEP);
      assert.deepEqual(calls.at(-1), { action: 'applyVolume', params: { volume: PLAYER.START_VOLUME + PLAYER.VOLUME_STEP, muted: false } });
      for (let i = 0; i < 5; i++) send({ type: 'VOLUME.STEP', direction: 1 });
      assert.equal(context().volume, 1);
      for (let i = 0; i < 1 / PLAYER.VOLUME_STEP - 1; i++) send({ type: 'VOLUME.STEP', direction: -1 });
      assert.equal(context().volume, PLAYER.VOLUME_STEP);
      send({ type: 'VOLUME.STEP', direction: -1 });
      assert.equal(context().volume, 0);
      assert.equal(context().muted, true, 'volume 0 reads as muted');
      send({ type: 'VOLUME.STEP', direction: -1 });
      assert.equal(context().volume, 0);
    });

    it('sets a volume, clamped; above 0 unmutes', () => {
      const { send, context } = start({ muted: true });
      send({ type: 'VOLUME.SET', volume: 0.456 });
      assert.deepEqual([context().volume, context().muted], [0.46, false]);
      send({ type: 'VOLUME.SET', volume: -2 });
      assert.deepEqual([context().volume, context().muted], [0, true]);
      send({ type: 'VOLUME.SET', volume: 3 });
      assert.equal(context().volume, 1);
    });

    it('mutes and unmutes, keeping the volume; unmuting at 0 comes back at the start volume', () => {
      const { send, context, calls } = start();
      send({ type: 'MUTE.TOGGLE' });
      assert.deepEqual([context().volume, context().muted], [PLAYER.START_VOLUME, true]);
      assert.deepEqual(calls.at(-1), { action: 'applyVolume', params: { volume: PLAYER.START_VOLUME, muted: true } });
      send({ type: 'MUTE.TOGGLE' });
      assert.deepEqual([context().volume, context().muted], [PLAYER.START_VOLUME, false]);
      send({ type: 'VOLUME.SET', volume: 0 }, { type: 'MUTE.TOGGLE' });
      assert.deepEqual([context().volume, context().muted], [PLAYER.START_VOLUME, false]);
    });

    it('a step up from muted starts from 0 (what the slider shows)', () => {
      const { send, context } = start({ muted: true });
      send({ type: 'VOLUME.STEP', direction: 1 });
      assert.deepEqual([context().volume, context().muted], [PLAYER.VOLUME_STEP, false]);
    });

    it('follows the media', () => {
      const { send, context } = start();
      send({ type: 'MEDIA.VOLUME', volume: 0.25, muted: true });
      assert.deepEqual([context().volume, context().muted], [0.25, true]);
    });
  });

  describe('seeking', () => {
    const STEP = DURATION * PLAYER.SEEK_STEP_RATIO;

    it(`steps ${PLAYER.SEEK_STEP_RATIO * 100}% of the duration and asks the media`, () => {
      const { send, context, calls } = start();
      send({ type: 'MEDIA.TIME', currentTime: 10, duration: DURATION }, { type: 'SEEK.STEP', direction: 1 });
      assert.equal(context().currentTime, 10 + STEP);
      assert.deepEqual(calls.at(-1), { action: 'seek', params: { time: 10 + STEP } });
      send({ type: 'SEEK.STEP', direction: -1 }, { type: 'SEEK.STEP', direction: -1 });
      assert.equal(context().currentTime, 10 - STEP);
    });

    it('clamps to the start and the end', () => {
      const { send, context } = start();
      send({ type: 'MEDIA.TIME', currentTime: 1, duration: DURATION }, { type: 'SEEK.STEP', direction: -1 });
      assert.equal(context().currentTime, 0);
      send({ type: 'MEDIA.TIME', currentTime: DURATION - 1 }, { type: 'SEEK.STEP', direction: 1 });
      assert.equal(context().currentTime, DURATION);
      send({ type: 'SEEK.TO', time: 0 });
      assert.equal(context().currentTime, 0);
      send({ type: 'SEEK.TO', time: Infinity });
      assert.equal(context().currentTime, DURATION);
      send({ type: 'SEEK.TO', time: -5 });
      assert.equal(context().currentTime, 0);
    });

    it('does not step while the duration is unknown or infinite (live)', () => {
      for (const duration of [NaN, Infinity]) {
        const { send, names } = start();
        send({ type: 'MEDIA.TIME', currentTime: 4, duration }, { type: 'SEEK.STEP', direction: 1 }, { type: 'SEEK.TO', time: Infinity });
        assert.deepEqual(names(), []);
        send({ type: 'SEEK.TO', time: 0 });
        assert.deepEqual(names(), ['seek']);
      }
    });
  });

  describe('captions and chapters', () => {
    const tracks = [
      { id: 'en', label: 'English', language: 'en' },
      { id: 'he', label: 'עברית', language: 'he' },
    ];
    const chapters = [
      { start: 0, end: 20, title: 'Intro' },
      { start: 20, end: 40, title: 'Middle' },
      { start: 40, end: DURATION, title: 'End' },
    ];

    it('lists tracks, shows the default one, picks one from the menu', () => {
      const { send, context, view } = start({ tracks, captions: 'he' });
      assert.equal(context().captions, 'he');
      send({ type: 'MENU.OPEN', menu: 'captions' });
      assert.equal(view().menu, 'captions');
      send({ type: 'CAPTIONS.SELECT', id: 'en' });
      assert.equal(context().captions, 'en');
      assert.equal(view().menu, null);
      send({ type: 'MENU.TOGGLE', menu: 'captions' }, { type: 'CAPTIONS.SELECT', id: null });
      assert.equal(context().captions, null);
    });

    it('removes a track that fails to load, and stops showing it', () => {
      const { send, context } = start({ tracks, captions: 'en' });
      send({ type: 'TRACK.FAILED', id: 'en' });
      assert.deepEqual(context().tracks, [tracks[1]]);
      assert.equal(context().captions, null);
    });

    it('closes the captions menu when its last track fails; no menu without tracks', () => {
      const none = start();
      none.send({ type: 'MENU.OPEN', menu: 'captions' });
      assert.equal(none.view().menu, null);
      const { send, view } = start({ tracks: [tracks[0]!] });
      send({ type: 'MENU.OPEN', menu: 'captions' });
      assert.equal(view().menu, 'captions');
      send({ type: 'TRACK.FAILED', id: 'en' });
      assert.equal(view().menu, null);
    });

    it('ignores an unknown track, as the one shown at start too', () => {
      assert.equal(start({ tracks, captions: 'xx' }).context().captions, null);
      const { send, context, view } = start({ tracks });
      send({ type: 'MENU.OPEN', menu: 'captions' }, { type: 'CAPTIONS.SELECT', id: 'xx' });
      assert.equal(context().captions, null);
      assert.equal(view().menu, 'captions');
    });

    it('a chapters track is loading until its cues arrive (or it fails): the menu opens only with chapters', () => {
      const loading = start({ chaptersTrack: true });
      assert.equal(loading.context().chaptersLoading, true);
      loading.send({ type: 'MENU.TOGGLE', menu: 'chapters' }, { type: 'MENU.OPEN', menu: 'chapters' });
      assert.equal(loading.view().menu, null);
      loading.send({ type: 'CHAPTERS.SET', chapters }, { type: 'MENU.TOGGLE', menu: 'chapters' });
      assert.equal(loading.context().chaptersLoading, false);
      assert.equal(loading.view().menu, 'chapters');
      const failed = start({ chaptersTrack: true });
      failed.send({ type: 'CHAPTERS.SET', chapters: [] });
      assert.equal(failed.context().chaptersLoading, false);
      assert.equal(start().context().chaptersLoading, false);
    });

    it('jumps to a chapter and closes the menu', () => {
      const { send, context, calls, view } = start();
      send({ type: 'MEDIA.TIME', currentTime: 0, duration: DURATION }, { type: 'CHAPTERS.SET', chapters });
      send({ type: 'MENU.TOGGLE', menu: 'chapters' });
      assert.equal(view().menu, 'chapters');
      send({ type: 'CHAPTER.SELECT', index: 2 });
      assert.equal(context().currentTime, 40);
      assert.deepEqual(calls.at(-1), { action: 'seek', params: { time: 40 } });
      assert.equal(view().menu, null);
    });

    it('switches between the two menus, and toggles one closed', () => {
      const { send, view } = start({ tracks });
      send({ type: 'CHAPTERS.SET', chapters });
      send({ type: 'MENU.TOGGLE', menu: 'captions' }, { type: 'MENU.TOGGLE', menu: 'chapters' });
      assert.equal(view().menu, 'chapters');
      send({ type: 'MENU.TOGGLE', menu: 'chapters' });
      assert.equal(view().menu, null);
    });
  });

  describe('fullscreen', () => {
    it('requests fullscreen, and exits once the media is fullscreen', () => {
      const { send, names } = start();
      send({ type: 'FULLSCREEN.TOGGLE' });
      assert.deepEqual(names(), ['requestFullscreen']);
      send({ type: 'MEDIA.FULLSCREEN', active: true }, { type: 'FULLSCREEN.TOGGLE' });
      assert.deepEqual(names(), ['requestFullscreen', 'exitFullscreen']);
    });

    it('has none for audio', () => {
      const { send, names } = start({ kind: 'audio' });
      send({ type: 'FULLSCREEN.TOGGLE' });
      assert.deepEqual(names(), []);
    });
  });

  describe('media errors', () => {
    it('shows the format error with the spec text, and emits it', () => {
      const { send, view, ofType } = start();
      send({ type: 'MEDIA.ERROR', kind: 'format' });
      assert.deepEqual(view().error, { kind: 'format' });
      assert.equal(view().bigPlay, false);
      assert.deepEqual(ofType('error'), [{ type: 'error', kind: 'format', message: 'Media error: Format(s) not supported or source(s) not found' }]);
      assert.equal(en.playerErrorFormat, 'Media error: Format(s) not supported or source(s) not found');
    });

    it('shows the network error', () => {
      const { send, ofType } = start();
      send({ type: 'MEDIA.ERROR', kind: 'network' });
      assert.deepEqual(ofType('error'), [{ type: 'error', kind: 'network', message: 'Network error' }]);
    });

    it('shows "No renderer found" when no source can play', () => {
      const { send, view, ofType } = start();
      send({ type: 'RENDERER.NONE' });
      assert.equal(view().noRenderer, true);
      assert.deepEqual(ofType('error'), [{ type: 'error', kind: 'renderer', message: 'No renderer found' }]);
    });

    it('keeps the first error, whatever the media does next', () => {
      const { send, view, ofType } = start();
      send({ type: 'MEDIA.ERROR', kind: 'network' }, { type: 'MEDIA.ERROR', kind: 'format' });
      assert.equal(ofType('error').length, 1);
      send({ type: 'MEDIA.EMPTIED' }, { type: 'MEDIA.LOADSTART' }, { type: 'MEDIA.CANPLAY' });
      assert.deepEqual(view().error, { kind: 'network' });
    });

    it('speaks the page language', () => {
      const { send, ofType } = start({ messages: he });
      send({ type: 'MEDIA.ERROR', kind: 'format' });
      assert.equal(ofType('error')[0]!.message, he.playerErrorFormat);
    });
  });

  describe('embedded video service', () => {
    it('maps its states -1, 0, 1, 2, 3 and 5', () => {
      const { YOUTUBE_STATE } = PLAYER;
      const { send, view, emitted } = start({ hasPoster: true });
      send({ type: 'YOUTUBE.STATE', state: YOUTUBE_STATE.UNSTARTED });
      assert.equal(view().playback, 'idle');
      send({ type: 'YOUTUBE.STATE', state: YOUTUBE_STATE.BUFFERING });
      assert.equal(view().loading, true, 'buffering shows the loading overlay');
      send({ type: 'YOUTUBE.STATE', state: YOUTUBE_STATE.CUED });
      assert.equal(view().loading, false, 'cued: ready to play');
      assert.equal(view().playback, 'idle');
      send({ type: 'YOUTUBE.STATE', state: YOUTUBE_STATE.PLAYING });
      assert.equal(view().playback, 'playing');
      assert.equal(view().poster, false);
      send({ type: 'YOUTUBE.STATE', state: YOUTUBE_STATE.PAUSED });
      assert.equal(view().playback, 'paused');
      send({ type: 'YOUTUBE.STATE', state: YOUTUBE_STATE.PLAYING }, { type: 'YOUTUBE.STATE', state: YOUTUBE_STATE.ENDED });
      assert.equal(view().playback, 'ended');
      send({ type: 'YOUTUBE.STATE', state: YOUTUBE_STATE.UNSTARTED });
      assert.equal(view().playback, 'idle');
      assert.deepEqual(
        emitted.map((event) => event.type),
        ['play', 'pause', 'play', 'ended'],
      );
    });

    it('ignores a state it does not know', () => {
      const { send, actor } = start();
      const before = actor.getSnapshot().value;
      send({ type: 'YOUTUBE.STATE', state: 4 });
      assert.deepEqual(actor.getSnapshot().value, before);
    });

    it('updates time every 250 ms while it plays', () => {
      const { send, clock, ofType } = start();
      send({ type: 'YOUTUBE.STATE', state: PLAYER.YOUTUBE_STATE.PLAYING });
      tick(clock, 2);
      assert.equal(ofType('timeupdate').length, 2);
    });

    const cases: Array<readonly [number, string]> = [
      ...YOUTUBE_ERROR_WORDS,
      [150, 'Unknown error.'],
      [0, 'Unknown error.'],
    ];
    for (const [code, text] of cases) {
      it(`shows error ${code} as "Code ${code}: ${text}"`, () => {
        const { send, view, ofType } = start();
        send({ type: 'YOUTUBE.ERROR', code });
        assert.deepEqual(view().error, { kind: 'youtube', code });
        assert.deepEqual(ofType('error'), [{ type: 'error', kind: 'youtube', code, message: `Code ${code}: ${text}` }]);
      });
    }

    it('words the codes in the catalogue', () => {
      assert.equal(en.playerYoutubeUnknown, 'Unknown error.');
      assert.equal(playerErrorMessage({ kind: 'youtube', code: 100 }, he), `קוד 100: ${he.playerYoutubeNotFound}`);
    });
  });

  describe('HLS recovery', () => {
    const fatalMedia: PlayerEvent = { type: 'HLS.ERROR', fatal: true, errorType: 'media' };
    const WINDOW = PLAYER.HLS_RECOVERY_WINDOW_MS;

    it('recovers a fatal media error once, then swaps the audio codec, then fails within the window', () => {
      const { send, clock, names, view, ofType } = playing();
      send(fatalMedia);
      assert.deepEqual(names(), ['recoverMediaError']);
      clock.increment(WINDOW - 1);
      send(fatalMedia);
      assert.deepEqual(names(), ['recoverMediaError', 'swapAudioCodec', 'recoverMediaError']);
      assert.equal(view().error, null);
      send(fatalMedia);
      assert.deepEqual(names(), ['recoverMediaError', 'swapAudioCodec', 'recoverMediaError'], 'no third attempt');
      assert.deepEqual(view().error, { kind: 'recovery' });
      assert.deepEqual(ofType('error'), [{ type: 'error', kind: 'recovery', message: 'Cannot recover, last media error recovery failed' }]);
    });

    it('recovers plainly again once the window has passed', () => {
      const { send, clock, names } = playing();
      send(fatalMedia);
      clock.increment(WINDOW);
      send(fatalMedia);
      assert.deepEqual(names(), ['recoverMediaError', 'recoverMediaError']);
    });

    it('keeps each window on its own clock, as the reference player does', () => {
      // Recover at 0, swap at 1 s; at 3.5 s the recovery window is over (recover), the swap one is not;
      // a fourth error at 3.6 s finds both windows running: failure.
      const { send, clock, names, view } = playing();
      const SECOND = 1_000;
      send(fatalMedia);
      clock.increment(SECOND);
      send(fatalMedia);
      clock.increment(WINDOW + SECOND / 2 - SECOND);
      send(fatalMedia);
      assert.deepEqual(names(), ['recoverMediaError', 'swapAudioCodec', 'recoverMediaError', 'recoverMediaError']);
      assert.equal(view().error, null);
      clock.increment(SECOND / 10);
      send(fatalMedia);
      assert.deepEqual(view().error, { kind: 'recovery' });
    });

    it('swaps again after its own window has passed', () => {
      const { send, clock, names, view } = playing();
      send(fatalMedia);
      send(fatalMedia);
      clock.increment(WINDOW);
      send(fatalMedia);
      send(fatalMedia);
      assert.deepEqual(names(), ['recoverMediaError', 'swapAudioCodec', 'recoverMediaError', 'recoverMediaError', 'swapAudioCodec', 'recoverMediaError']);
      assert.equal(view().error, null);
    });

    it('ignores errors that are not fatal', () => {
      const { send, names, view } = playing();
      for (let i = 0; i < 5; i++) send({ type: 'HLS.ERROR', fatal: false, errorType: 'media' });
      send({ type: 'HLS.ERROR', fatal: false, errorType: 'network' });
      assert.deepEqual(names(), []);
      assert.equal(view().error, null);
    });

    it('shows "Network error" for a fatal network error', () => {
      const { send, ofType, names } = playing();
      send({ type: 'MEDIA.WAITING' }, { type: 'HLS.ERROR', fatal: true, errorType: 'network', details: 'manifestLoadError' });
      assert.deepEqual(names(), []);
      assert.deepEqual(ofType('error'), [{ type: 'error', kind: 'network', message: 'Network error' }]);
    });

    it('destroys the stream on any other fatal error and shows the format error', () => {
      const { send, names, ofType } = playing();
      send({ type: 'HLS.ERROR', fatal: true, errorType: 'other' });
      assert.deepEqual(names(), ['destroyHls']);
      assert.equal(ofType('error')[0]!.kind, 'format');
    });
  });
});
