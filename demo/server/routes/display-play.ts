/**
 * POST /api/display/play/{poptin_id} (ours, issue 16 item 7): the server draws a gamified pop-up's
 * prize, so a coupon cannot be farmed by re-rolling the draw in the browser's console. The draw
 * uses the widget's own weights (`pickPrize`) with the server's random numbers, and is stored once
 * per visitor per pop-up: asking again answers the same prize.
 */
import { playRequestSchema } from '../../../shared/api/schemas.ts';
import { PLAY_ERROR_CODE } from '../../../shared/api/error-codes.ts';
import { pickPrize } from '../../../shared/logic/prize.ts';
import type { PoptinRecord } from '../../../shared/schema/poptin-record.ts';
import type { GameBlock } from '../../../shared/schema/prize.ts';
import { HttpError, readValid } from '../http.ts';
import type { Context, Reply } from '../router.ts';
import { inactiveError, requireOwner, requirePoptin } from './display-request.ts';

/** The prizes of the record's game block; none when it has no game. */
const prizesOf = (record: PoptinRecord) =>
  (record.design?.blocks.find((block): block is GameBlock => block.type === 'game')?.prizes ?? []);

const noGame = (reason: string) => new HttpError(409, reason, { code: PLAY_ERROR_CODE.NO_GAME });

export async function play(ctx: Context): Promise<Reply> {
  const body = await readValid(ctx.req, playRequestSchema);
  const poptin = await requirePoptin(ctx, ctx.params.poptin_id!);
  await requireOwner(ctx, poptin, body.client_id);
  if (!poptin.active) throw inactiveError();
  const prizes = prizesOf(poptin.record);
  const drawn = pickPrize(prizes, ctx.random);
  if (!drawn) throw noGame('poptin has no game with prizes to draw');
  await ctx.limitClient(poptin.client_id);
  const index = await ctx.store.recordPlay({
    poptin_id: poptin.poptin_id,
    visitor_id: body.visitor_id,
    client_id: poptin.client_id,
    prize_index: prizes.indexOf(drawn),
    prize_id: drawn.prize_id ?? null,
    prize_label: drawn.label,
    created_at: new Date(ctx.now()).toISOString(),
  });
  // The owner may have shortened the list since this visitor's draw: that draw can no longer be shown.
  const prize = prizes[index];
  if (!prize) throw noGame("the visitor's draw is no longer among the pop-up's prizes");
  return { body: { prize_index: index, prize } };
}
