import { useEffect, useRef } from 'react';
import { GAMIFIED } from '../../../shared/constants/gamified.ts';
import { apiUrl } from '../../../shared/api/url.ts';
import type { PlayRequest } from '../../../shared/api/schemas.ts';
import type { Prize } from '../../../shared/schema/prize.ts';
import type { CallSettings } from '../poptin.calls.ts';

/** What POST /api/display/play/{poptin_id} answers (docs/display-api.md). */
interface PlayAnswer {
  prize_index?: unknown;
  prize?: { label?: unknown };
}

/**
 * The server's draw (POST /api/display/play/{poptin_id}) as one of `prizes` itself (the wheel
 * finds its segments by the prize's place in the list), or undefined: the game then draws with
 * `pickPrize`. Undefined when the display API lacks the call (404), fails, answers a prize this
 * record does not have at that place, or takes longer than GAMIFIED.SERVER_DRAW_WAIT_MS: the
 * visitor's page never breaks, and the game stays playable offline.
 */
export async function requestDraw(api: string, poptinId: string, body: PlayRequest, prizes: readonly Prize[]): Promise<Prize | undefined> {
  try {
    const response = await fetch(apiUrl(api, `/api/display/play/${encodeURIComponent(poptinId)}`), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal: AbortSignal.timeout(GAMIFIED.SERVER_DRAW_WAIT_MS),
    });
    // A display API without the call: the client's draw, as for every pop-up before it.
    if (response.status === 404) return undefined;
    const answer = (await response.json()) as PlayAnswer;
    const prize = typeof answer.prize_index === 'number' ? prizes[answer.prize_index] : undefined;
    if (prize && prize.label === answer.prize?.label) return prize;
    throw new Error(`HTTP ${response.status}, no prize of this pop-up`);
  } catch (error) {
    console.warn(`Kite: play call failed, the game draws itself: ${(error as Error).message}`);
    return undefined;
  }
}

/** Plays the game with the server's draw (undefined: the game's own). */
export type PlayWithDraw = (play: (prize?: Prize) => void) => void;

/**
 * Asks the display API for this visitor's draw as the game shows, so a play rarely waits for it;
 * returns how to play with it: at once when the draw is in (or none was asked), else as it comes.
 * Asked only with an API and a visitor id to draw for; never in a preview (the owner's plays are
 * not a visitor's), which keeps `pickPrize`'s draw, as for a display API without the call.
 */
export function useServerDraw(poptinId: string, prizes: readonly Prize[], calls: { readonly current: CallSettings } | undefined): PlayWithDraw {
  /** The draw asked for; `settled` once it is in, so a play after that is not deferred. */
  const draw = useRef<{ waiting: Promise<Prize | undefined>; settled: boolean; prize?: Prize } | null>(null);
  useEffect(() => {
    const { api, clientId, visitorId, context } = calls?.current ?? {};
    if (!api || !visitorId || context?.preview_token || draw.current) return;
    const asked = { settled: false, prize: undefined as Prize | undefined, waiting: requestDraw(api, poptinId, { client_id: clientId ?? '', visitor_id: visitorId }, prizes) };
    void asked.waiting.then((prize) => Object.assign(asked, { settled: true, prize }));
    draw.current = asked;
  }, [calls, poptinId, prizes]);
  return (play) => {
    const asked = draw.current;
    if (!asked) play();
    else if (asked.settled) play(asked.prize);
    else void asked.waiting.then(play);
  };
}
