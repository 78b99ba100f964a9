/**
 * The gamified pop-ups' games in Chromium (widget spec section 4 "Gamified"): the wheel, the
 * scratch card and the gift boxes played by mouse, keyboard and touch, their timings on the fake
 * clock, the form that unlocks them, the result announced, the post-play close, the prize's
 * redirect, reduced motion and Hebrew; axe on each screen.
 */
import { expect } from '@open-wc/testing';
import { emulateMedia, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../components/poptin/poptin.element.ts';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import { THANK_YOU } from '../../../shared/constants/widget.ts';
import { landingRotation } from '../../../shared/logic/prize.ts';
import type { Block, DesignProperties } from '../../../shared/schema/poptin-record.ts';
import type { Prize } from '../../../shared/schema/prize.ts';
import { click, fakeClock, nextFrame, touchDrag, untilAtOnce, waitUntil, type FakeClock } from '../helpers.ts';
import { segmentAtPointer } from '../../shared/logic/wheel-pointer.ts';
import { cleanUp, cleanups, deleteCookie, newPoptinId, showPoptin, sizedRecord } from './kit.ts';

const WIN: Prize = { label: '20% off', code: 'KITE20', chances: 100, loosing_option: 0, prize_id: 'twenty' };
const LOSE: Prize = { label: 'Try again', chances: 100, loosing_option: 1 };
const FORMAT = { gift_box: 'gamified_format_1', scratch_card: 'gamified_format_2', wheel: 'gamified_format_3' } as const;
/** The spec's thank-you auto-close time: the post-play base when the record sets none. */
const BASE_MS = THANK_YOU.AUTO_CLOSE_DEFAULT_MS;
/** A design tall enough for the game and a form. */
const GAME_DESIGN = { width: 420, height: 620 };

const EMAIL_FORM: Block = {
  type: 'form',
  fields: [{ name: 'email', kind: 'email', label: 'Email', required: true }],
  button: { text: 'Play' },
};

afterEach(cleanUp);

/** A gamified record of `game` drawing from `prizes`, with `more` blocks after the game. */
function gameRecord(game: keyof typeof FORMAT, prizes: Prize[], options: { more?: Block[]; properties?: DesignProperties; extra?: Record<string, unknown> } = {}) {
  const id = newPoptinId('game');
  cleanups.push(() => deleteCookie(`poptin_conversion_${id}`));
  return sizedRecord(id, {
    type: 'gamified',
    format: FORMAT[game],
    blocks: [{ type: 'title', text: 'Try your luck' }, { type: 'game', prizes } as Block, ...(options.more ?? [])],
    design: GAME_DESIGN,
    properties: options.properties,
    extra: options.extra,
  });
}

/** Shows `record` on a fake clock (installed first, so the game's timers are its) and waits for the game. */
async function play(record: object, lang?: string) {
  const clock = fakeClock();
  const shown = await showPoptin(record, { lang });
  const root = shown.el.shadowRoot!;
  await waitUntil(() => root.querySelector('[part~="game"]'), 'the game did not render');
  const part = (name: string) => root.querySelector<HTMLElement>(`[part~="${name}"]`);
  const announced = () => root.querySelector('[part~="game"] [role="status"]')!.textContent;
  return { ...shown, clock, root, part, announced };
}

/**
 * The pop-up starts to close, then is closed: its exit without an effect is a 0 ms timer, which
 * the fake clock runs 1 ms on when it is set during a tick.
 */
async function closesAt(game: Awaited<ReturnType<typeof play>>, ms: number) {
  await reachesAt(game.clock, ms, () => game.dialog.dataset.state === 'closing', 'the close');
  await game.clock.advance(1);
  await game.events.next('kite-poptin-close');
}

/** Advances the held clock to just before `ms` (nothing yet), then to it. */
async function reachesAt(clock: FakeClock, ms: number, happened: () => unknown, what: string) {
  await clock.advance(ms - 1);
  expect(happened(), `${what}: not 1 ms early`).to.not.be.ok;
  await clock.advance(1);
  // What is due at once from there (the close's exit without an effect) runs, nothing later.
  await untilAtOnce(clock, happened, `${what} at ${ms} ms`);
}

describe('gamified: the wheel (format 3)', () => {
  it('Spin by keyboard: a 7 s spin that stops on a segment of the drawn prize, then the winning screen, its coupon and its announcement', async () => {
    const game = await play(gameRecord('wheel', [{ ...LOSE, chances: 0 }, WIN]));
    await expect(game.el).to.be.accessible();
    const spin = game.part('game-play')!;
    expect(spin.textContent).to.equal('Spin');
    spin.focus();
    game.clock.hold();
    await sendKeys({ press: 'Enter' });
    const played = await game.events.next('kite-poptin-play');
    expect(played.detail).to.deep.include({ prize: WIN });
    // The disc turns to the machine's rotation in one compositor transition of the spin's length.
    const disc = game.part('wheel-disc')!;
    const rotation = Number(/rotate\((-?[\d.]+)deg\)/.exec(disc.style.transform)![1]);
    expect(rotation % 360, 'aimed at a segment middle').to.equal(landingRotation(segmentAtPointer(rotation)) % 360);
    expect(disc.querySelector(`[data-segment="${segmentAtPointer(rotation)}"]`)!.textContent, 'the prize is under the pointer').to.equal(WIN.label);
    expect(getComputedStyle(disc).transitionDuration).to.equal(`${GAMIFIED.WHEEL_SPIN_MS / 1_000}s`);
    expect(getComputedStyle(disc).transitionProperty).to.equal('transform');
    await reachesAt(game.clock, GAMIFIED.WHEEL_SPIN_MS, () => game.part('game-result'), 'the result');
    expect(game.part('game-result-title')!.textContent).to.equal('You won!');
    expect(game.part('game-prize')!.textContent).to.equal(WIN.label);
    expect(game.root.querySelector<HTMLInputElement>('[part~="coupon-code"]')!.value).to.equal(WIN.code);
    expect(game.announced()).to.equal('You won: 20% off');
    expect((await game.events.next('kite-poptin-result')).detail).to.deep.include({ won: true, prize: WIN });
    expect(game.events.of('kite-poptin-convert').length, 'the play is the conversion, once').to.equal(1);
    expect(game.root.activeElement, 'focus stays in the game').to.not.equal(null);
    game.clock.release();
    await expect(game.el).to.be.accessible();
  });

  it('by touch: a tap on Spin spins', async () => {
    const game = await play(gameRecord('wheel', [WIN]));
    const rect = game.part('game-play')!.getBoundingClientRect();
    const middle: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
    await touchDrag(middle, middle);
    await game.events.next('kite-poptin-play');
    expect(game.part('wheel-disc')!.hasAttribute('data-spinning')).to.be.true;
  });

  it('a losing prize: the losing screen, no coupon, announced', async () => {
    const game = await play(gameRecord('wheel', [LOSE]));
    game.clock.hold();
    await click(game.part('game-play')!);
    await game.clock.advance(GAMIFIED.WHEEL_SPIN_MS);
    await waitUntil(() => game.part('game-result'), 'no result');
    expect(game.part('game-result-title')!.textContent).to.equal('Not this time');
    expect(game.root.querySelector('[part~="coupon"]')).to.equal(null);
    expect(game.announced()).to.equal('No prize this time: Try again');
  });

  it('with a form: the form comes first, its button spins, and a second press does nothing', async () => {
    const game = await play(gameRecord('wheel', [WIN], { more: [EMAIL_FORM] }));
    expect(game.part('game-play'), 'no Spin of its own').to.equal(null);
    const email = game.root.querySelector<HTMLInputElement>('input[type="email"]')!;
    email.focus();
    await sendKeys({ type: 'ada@example.com' });
    game.clock.hold();
    await sendKeys({ press: 'Enter' });
    await game.events.next('kite-poptin-play');
    expect(game.root.querySelector('form'), 'the form made way for the spin').to.equal(null);
    expect(game.root.activeElement?.getAttribute('part'), 'focus moved to the game, not lost').to.equal('game');
    await game.clock.advance(GAMIFIED.WHEEL_SPIN_MS);
    await waitUntil(() => game.part('game-result'), 'no result');
    expect(game.events.of('kite-poptin-play').length).to.equal(1);
  });

  it('stays its post-play time after the result (3 times the base with a coupon), then closes', async () => {
    const game = await play(gameRecord('wheel', [WIN], { extra: { wheel_has_coupon: true } }));
    game.clock.hold();
    await click(game.part('game-play')!);
    await game.clock.advance(GAMIFIED.WHEEL_SPIN_MS);
    await game.events.next('kite-poptin-result');
    await closesAt(game, BASE_MS * GAMIFIED.WHEEL_COUPON_AUTO_CLOSE_FACTOR);
    expect(game.events.of('kite-poptin-close')[0]!.detail).to.include({ closeTrigger: 'thank_you', submitted: false });
    expect(game.events.of('poptinClose').length, 'a played gamified pop-up resets its flags: poptinClose fires').to.equal(1);
  });

  it('with disable_post_play_screen: the result stays 8 s', async () => {
    const game = await play(gameRecord('wheel', [WIN], { properties: { disable_post_play_screen: true }, extra: { wheel_has_coupon: true } }));
    game.clock.hold();
    await click(game.part('game-play')!);
    await game.clock.advance(GAMIFIED.WHEEL_SPIN_MS);
    await game.events.next('kite-poptin-result');
    await closesAt(game, GAMIFIED.POST_PLAY_DISABLED_DELAY_MS);
  });

  it('a prize with a redirect goes there after its delay, closing the pop-up', async () => {
    const redirecting: Prize = { ...WIN, redirect_to: true, redirect_to_options: { redirect_to_url: '#claimed-prize', redirect_close: true, redirect_close_delay: 2 } };
    cleanups.push(() => history.replaceState(null, '', location.pathname + location.search));
    const game = await play(gameRecord('wheel', [redirecting]));
    game.clock.hold();
    await click(game.part('game-play')!);
    await game.clock.advance(GAMIFIED.WHEEL_SPIN_MS);
    await game.events.next('kite-poptin-result');
    await reachesAt(game.clock, 2_000, () => location.hash === '#claimed-prize', 'the redirect');
    expect(game.dialog.dataset.state, 'it closes with the redirect').to.equal('closing');
  });

  it('reduced motion: a short, still version (no transition, the result after 600 ms)', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    cleanups.push(() => emulateMedia({ reducedMotion: 'no-preference' }));
    const game = await play(gameRecord('wheel', [WIN]));
    game.clock.hold();
    await click(game.part('game-play')!);
    expect(getComputedStyle(game.part('wheel-disc')!).transitionProperty).to.equal('none');
    await reachesAt(game.clock, GAMIFIED.REDUCED_MOTION_SPIN_MS, () => game.part('game-result'), 'the result');
  });

  it('in Hebrew: right to left, Hebrew words', async () => {
    const game = await play(gameRecord('wheel', [WIN]), 'he');
    expect(game.dialog.getAttribute('dir')).to.equal('rtl');
    expect(game.part('game-play')!.textContent).to.equal('סובבו');
    expect(game.part('game')!.getAttribute('aria-label')).to.equal('גלגל פרסים');
  });

  it('its controls are at least 44 px', async () => {
    const game = await play(gameRecord('wheel', [WIN]));
    const { width, height } = game.part('game-play')!.getBoundingClientRect();
    expect(Math.min(width, height)).to.be.at.least(44);
  });
});

describe('gamified: the scratch card (format 2)', () => {
  /** Scratches the card row by row with the mouse, `rows` strokes from the top. */
  async function scratchRows(canvas: HTMLElement, rows: number) {
    const rect = canvas.getBoundingClientRect();
    const rowHeight = rect.height / 5;
    for (let row = 0; row < rows; row += 1) {
      const y = Math.round(rect.top + rowHeight * (row + 0.5));
      await sendMouse({ type: 'move', position: [Math.round(rect.left + 2), y] });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: [Math.round(rect.right - 2), y] });
      await sendMouse({ type: 'up' });
    }
  }

  it('by mouse: the first stroke draws; 3 s after half or less of the cover remains, the result', async () => {
    const game = await play(gameRecord('scratch_card', [WIN]));
    await expect(game.el).to.be.accessible();
    game.clock.hold();
    const cover = game.part('scratch-cover')!;
    await scratchRows(cover, 1);
    await game.events.next('kite-poptin-play');
    await game.clock.advance(GAMIFIED.SCRATCH_REVEAL_AFTER_MS * 2);
    expect(game.part('game-result'), 'one row of five: no result however long').to.equal(null);
    await scratchRows(cover, 5);
    // The cover is measured on the frame after the stroke: from then, the 3 s.
    await nextFrame();
    await nextFrame();
    await reachesAt(game.clock, GAMIFIED.SCRATCH_REVEAL_AFTER_MS, () => game.part('game-result'), 'the result');
    expect(game.announced()).to.equal('You won: 20% off');
    game.clock.release();
    await expect(game.el).to.be.accessible();
  });

  it('by touch: a finger scratches (no page scroll) and reveals', async () => {
    const game = await play(gameRecord('scratch_card', [LOSE]));
    const rect = game.part('scratch-cover')!.getBoundingClientRect();
    expect(getComputedStyle(game.part('scratch-cover')!).touchAction).to.equal('none');
    for (let row = 0; row < 5; row += 1) {
      const y = Math.round(rect.top + (rect.height / 5) * (row + 0.5));
      await touchDrag([Math.round(rect.left + 2), y], [Math.round(rect.right - 2), y]);
    }
    await game.events.next('kite-poptin-play');
    await game.clock.advance(GAMIFIED.SCRATCH_REVEAL_AFTER_MS);
    await waitUntil(() => game.part('game-result'), 'no result');
    expect(game.part('game-result-title')!.textContent).to.equal('Not this time');
  });

  it('by keyboard: Scratch scratches the whole card; the result 3 s later', async () => {
    const game = await play(gameRecord('scratch_card', [WIN]));
    game.part('game-play')!.focus();
    game.clock.hold();
    await sendKeys({ press: 'Enter' });
    await game.events.next('kite-poptin-play');
    await waitUntil(() => game.root.querySelector('[part~="scratch-prize"]:not([aria-hidden])'), 'the prize is read out once uncovered');
    await reachesAt(game.clock, GAMIFIED.SCRATCH_REVEAL_AFTER_MS, () => game.part('game-result'), 'the result');
  });

  it('with a form: the card is locked until the form is sent', async () => {
    const game = await play(gameRecord('scratch_card', [WIN], { more: [EMAIL_FORM] }));
    expect(game.part('scratch-card')!.getAttribute('aria-disabled')).to.equal('true');
    await click(game.part('scratch-cover')!);
    await click(game.part('game-play')!);
    expect(game.events.of('kite-poptin-play').length, 'locked').to.equal(0);
    const email = game.root.querySelector<HTMLInputElement>('input[type="email"]')!;
    email.focus();
    await sendKeys({ type: 'ada@example.com' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => game.part('scratch-card')!.getAttribute('aria-disabled') === null, 'unlocked');
    expect(game.events.of('kite-poptin-play').length, 'the form unlocks; the visitor plays').to.equal(0);
    await click(game.part('game-play')!);
    await game.events.next('kite-poptin-play');
  });
});

describe('gamified: the gift boxes (format 1)', () => {
  it('by mouse: the clicked box opens and the result shows 1 s later', async () => {
    const game = await play(gameRecord('gift_box', [WIN]));
    await expect(game.el).to.be.accessible();
    const boxes = [...game.root.querySelectorAll<HTMLElement>('[part~="gift-box"]')];
    expect(boxes).to.have.length(GAMIFIED.GIFT_BOXES);
    expect(boxes[1]!.getAttribute('aria-label')).to.equal('Open gift box 2 of 3');
    game.clock.hold();
    await click(boxes[1]!);
    await game.events.next('kite-poptin-play');
    expect(boxes[1]!.hasAttribute('data-open')).to.be.true;
    expect(boxes[0]!.getAttribute('aria-disabled'), 'the others wait').to.equal('true');
    await reachesAt(game.clock, GAMIFIED.GIFT_BOX_OPEN_MS, () => game.part('game-result'), 'the result');
    game.clock.release();
    await expect(game.el).to.be.accessible();
  });

  it('by keyboard: Tab to a box, Space opens it', async () => {
    const game = await play(gameRecord('gift_box', [LOSE]));
    game.root.querySelectorAll<HTMLElement>('[part~="gift-box"]')[2]!.focus();
    await sendKeys({ press: 'Space' });
    const played = await game.events.next('kite-poptin-play');
    expect(played.detail).to.deep.include({ prize: LOSE });
    await game.clock.advance(GAMIFIED.GIFT_BOX_OPEN_MS);
    await waitUntil(() => game.part('game-result'), 'no result');
    expect(game.announced()).to.equal('No prize this time: Try again');
  });

  it('reduced motion: the lid does not move', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    cleanups.push(() => emulateMedia({ reducedMotion: 'no-preference' }));
    const game = await play(gameRecord('gift_box', [WIN]));
    expect(getComputedStyle(game.root.querySelector('[part~="gift-box-lid"]')!).transitionProperty).to.equal('none');
  });

  it('by touch: a tap opens a box', async () => {
    const game = await play(gameRecord('gift_box', [WIN]));
    const rect = game.root.querySelector<HTMLElement>('[part~="gift-box"]')!.getBoundingClientRect();
    const middle: [number, number] = [Math.round(rect.left + rect.width / 2), Math.round(rect.top + rect.height / 2)];
    await touchDrag(middle, middle);
    await game.events.next('kite-poptin-play');
  });
});
