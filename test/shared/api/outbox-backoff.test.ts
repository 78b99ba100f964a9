// The outbox's retry backoff (issue 5: "retried with exponential backoff and jitter"), with the
// random source fixed at its ends.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { backoffMs } from '../../../shared/api/outbox-core.ts';
import { OUTBOX } from '../../../shared/constants/widget.ts';

const LOWEST = () => 1 - Number.EPSILON;
const HIGHEST = () => 0;

describe('backoffMs', () => {
  it('doubles from the base with each try, up to the cap', () => {
    assert.equal(backoffMs(1, HIGHEST), OUTBOX.RETRY_BASE_MS);
    assert.equal(backoffMs(2, HIGHEST), OUTBOX.RETRY_BASE_MS * 2);
    assert.equal(backoffMs(3, HIGHEST), OUTBOX.RETRY_BASE_MS * 4);
    assert.equal(backoffMs(50, HIGHEST), OUTBOX.RETRY_MAX_MS);
  });

  it('jitter draws each delay between (1 - RETRY_JITTER) and 1 times the backoff', () => {
    for (const attempts of [1, 4, 50]) {
      const full = backoffMs(attempts, HIGHEST);
      assert.equal(backoffMs(attempts, LOWEST), Math.round(full * (1 - OUTBOX.RETRY_JITTER)));
      for (let i = 0; i < 200; i++) {
        const ms = backoffMs(attempts);
        assert.ok(ms >= full * (1 - OUTBOX.RETRY_JITTER) - 1 && ms <= full, `${ms} for try ${attempts}`);
      }
    }
  });

  it('spreads visitors out: the same try does not always wait the same', () => {
    assert.ok(new Set(Array.from({ length: 50 }, () => backoffMs(3))).size > 1);
  });
});
