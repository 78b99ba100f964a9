/**
 * The reference identity service's secrets at rest and its failures (issue 20 items 6 and 8): the
 * signing key pair is made at first start and kept, so tokens outlive a restart and verify with the
 * published key; passwords are kept only as salted scrypt hashes; and an answer the service did not
 * foresee reaches the SDK as 'System error occurred, request-id: ...' naming that answer's id.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, scryptSync, verify } from 'node:crypto';
import { rmSync } from 'node:fs';
import { IdentityError, REQUEST_ID_HEADER } from '../../../shared/identity/errors.ts';
import { IDENTITY_MESSAGE } from '../../../shared/constants/identity.ts';
import { IDENTITY_SERVICE } from '../../../demo/server/identity/constants.ts';
import { baseOf, makeDirs, serverOptions, startTestServer } from './helpers.ts';
import { PASSWORD, identityClient, signedIn } from './identity-helpers.ts';

const jwksOf = async (base: string) => ((await (await fetch(`${base}/identity/v1/.well-known/jwks.json`)).json()) as { keys: Array<Record<string, string>> }).keys;

describe('identity service: keys, passwords and unforeseen failures', () => {
  it('makes its signing key at first start, keeps it across a restart, and signs tokens that verify with the published key', async () => {
    const dirs = makeDirs();
    try {
      const first = await startTestServer(serverOptions(dirs));
      const [key] = await jwksOf(baseOf(first));
      assert.equal(key?.kty, 'OKP');
      const { tokens } = await signedIn(identityClient(baseOf(first)), baseOf(first), 'keys@example.com');
      await first.close();

      const second = await startTestServer(serverOptions(dirs));
      try {
        assert.deepEqual(await jwksOf(baseOf(second)), [key], 'the same key after a restart');
        assert.equal((await identityClient(baseOf(second)).tokenInfo(tokens.accessToken.value)).subjectType, 'MEMBER');
        const [header, payload, signature] = tokens.accessToken.value.split('.') as [string, string, string];
        assert.equal(JSON.parse(Buffer.from(header, 'base64url').toString()).kid, key!.kid);
        const publicKey = createPublicKey({ key: key as never, format: 'jwk' });
        assert.equal(verify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url')), true);
      } finally {
        await second.close();
      }
      const other = makeDirs();
      const fresh = await startTestServer(serverOptions(other));
      try {
        assert.notEqual((await jwksOf(baseOf(fresh)))[0]!.kid, key!.kid, 'another data dir makes its own key');
      } finally {
        await fresh.close();
        rmSync(other.root, { recursive: true, force: true });
      }
    } finally {
      rmSync(dirs.root, { recursive: true, force: true });
    }
  });

  it('keeps a password only as its salted scrypt hash', async () => {
    const dirs = makeDirs();
    const server = await startTestServer(serverOptions(dirs));
    try {
      await identityClient(baseOf(server)).register({ loginId: { email: 'hash@example.com' }, password: PASSWORD });
      const row = await server.db.one<{ password_hash: string; password_salt: string }>('SELECT password_hash, password_salt FROM identity_members WHERE email = ?', ['hash@example.com']);
      assert.ok(row);
      assert.ok(!row.password_hash.includes(PASSWORD) && !row.password_salt.includes(PASSWORD));
      const expected = scryptSync(PASSWORD, Buffer.from(row.password_salt, 'hex'), IDENTITY_SERVICE.SCRYPT_KEY_BYTES).toString('hex');
      assert.equal(row.password_hash, expected);
    } finally {
      await server.close();
      rmSync(dirs.root, { recursive: true, force: true });
    }
  });

  it("answers a failure it did not foresee with a 500 the SDK reads as 'System error occurred, request-id: ...'", async () => {
    const dirs = makeDirs();
    const server = await startTestServer(serverOptions(dirs));
    try {
      // A real failure underneath: the members table is gone.
      await server.db.exec('ALTER TABLE identity_members RENAME TO identity_members_away');
      const response = await fetch(`${baseOf(server)}/identity/v2/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ loginId: { email: 'gone@example.com' }, password: PASSWORD }),
      });
      assert.equal(response.status, 500);
      const requestId = response.headers.get(REQUEST_ID_HEADER);
      assert.ok(requestId);
      assert.deepEqual(await response.json(), { message: 'internal error' }, 'nothing of the failure leaks');

      const error = await identityClient(baseOf(server))
        .login({ loginId: { email: 'gone@example.com' }, password: PASSWORD })
        .then(() => assert.fail('expected the login to fail'), (thrown: unknown) => thrown);
      assert.ok(error instanceof IdentityError);
      assert.ok(error.requestId);
      assert.equal(error.message, `System error occurred, request-id: ${error.requestId}`);
      assert.equal(error.message, `${IDENTITY_MESSAGE.SYSTEM_ERROR_PREFIX}${error.requestId}`);
      assert.equal(error.status, 500);
    } finally {
      await server.close();
      rmSync(dirs.root, { recursive: true, force: true });
    }
  });
});
