import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IDENTITY } from '../../../shared/constants/identity.ts';
import { tokensOf, withParams } from '../../../shared/identity/client.ts';

describe('identity client helpers', () => {
  it('keeps parameters in the URL up to IDENTITY.URL_PARAMS_MAX_CHARS and falls back to a form POST past it', () => {
    const key = 'state=';
    const atLimit = withParams('https://id.example/authorize', { state: 'x'.repeat(IDENTITY.URL_PARAMS_MAX_CHARS - key.length) });
    assert.equal(atLimit.method, 'GET');
    assert.equal(atLimit.url.length, 'https://id.example/authorize?'.length + IDENTITY.URL_PARAMS_MAX_CHARS);
    const over = withParams('https://id.example/authorize', { state: 'x'.repeat(IDENTITY.URL_PARAMS_MAX_CHARS - key.length + 1), prompt: undefined });
    assert.deepEqual(over, { method: 'POST', url: 'https://id.example/authorize', fields: { state: 'x'.repeat(IDENTITY.URL_PARAMS_MAX_CHARS - key.length + 1) } });
  });

  it('gives the access token its expiry in epoch seconds', () => {
    const tokens = tokensOf({ access_token: 'a', token_type: 'Bearer', expires_in: 900, refresh_token: 'r' }, 1_700_000_000_500);
    assert.deepEqual(tokens, { accessToken: { value: 'a', expiresAt: 1_700_000_900 }, refreshToken: { value: 'r', role: 'member' } });
  });
});
