import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IDENTITY, IDENTITY_MESSAGE } from '../../../shared/constants/identity.ts';
import { IdentityError } from '../../../shared/identity/errors.ts';
import { assertVerifier, challengeOf, createPkce, createVerifier } from '../../../shared/identity/pkce.ts';

const { PKCE_VERIFIER_MIN_LENGTH: MIN, PKCE_VERIFIER_MAX_LENGTH: MAX } = IDENTITY;
const LENGTH_MESSAGE = IDENTITY_MESSAGE.PKCE_VERIFIER_LENGTH.replace('{min}', String(MIN)).replace('{max}', String(MAX));

describe('PKCE (spec 001 section 5, RFC 7636 S256)', () => {
  it('makes verifiers of the asked length from the unreserved characters only', () => {
    for (const length of [MIN, MAX]) {
      const verifier = createVerifier(length);
      assert.equal(verifier.length, length);
      assert.match(verifier, /^[A-Za-z0-9\-._~]+$/);
    }
    assert.notEqual(createVerifier(), createVerifier());
  });

  it('computes the challenge as base64url(SHA-256(verifier)), as node:crypto does', async () => {
    const { verifier, challenge, method } = await createPkce();
    assert.equal(method, 'S256');
    assert.equal(challenge, createHash('sha256').update(verifier).digest('base64url'));
  });

  it('accepts the bounds and raises the error one character outside them', async () => {
    assert.doesNotThrow(() => assertVerifier('a'.repeat(MIN)));
    assert.doesNotThrow(() => assertVerifier('a'.repeat(MAX)));
    for (const verifier of ['a'.repeat(MIN - 1), 'a'.repeat(MAX + 1), '']) {
      assert.throws(() => assertVerifier(verifier), (error: unknown) => error instanceof IdentityError && error.message === LENGTH_MESSAGE);
      await assert.rejects(challengeOf(verifier), { message: LENGTH_MESSAGE });
    }
    assert.throws(() => createVerifier(MIN - 1), { message: LENGTH_MESSAGE });
    assert.throws(() => createVerifier(MAX + 1), { message: LENGTH_MESSAGE });
  });
});
