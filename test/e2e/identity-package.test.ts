// The built package entry `kite-elements/identity` (issue 20 item 1): resolved through package.json's
// `exports` to dist/identity.js with its type declarations, and run in Node, which has `fetch` and
// Web Crypto and no DOM: register, verify, sign in with PKCE, refresh and read the token, against the
// reference service on 127.0.0.1. Only the silent flow needs a frame (identity-silent.test.ts).
// Needs a build (dist/identity.js, dist/types).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startE2EServer } from './harness.ts';

const PASSWORD = 'correct horse battery';
const ENTRY = 'kite-elements/identity';
const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** A site's use of the SDK: typed answers and enumerations; a wrong field must not type-check (so the types are not `any`). */
const CONSUMER = `import { AUTH_STATE_TYPE, createIdentityClient, createPkce, type StateMachineResponse, type Tokens } from 'kite-elements/identity';
const identity = createIdentityClient({ baseUrl: 'https://example.com/identity', clientId: 'site' });
export const answer: Promise<StateMachineResponse> = identity.login({ loginId: { email: 'a@example.com' }, password: 'correct horse battery' });
export const success: 'SUCCESS' = AUTH_STATE_TYPE.SUCCESS;
export const tokens = async (code: string): Promise<Tokens> => identity.exchangeCode({ code, codeVerifier: (await createPkce()).verifier, redirectUri: 'https://example.com/cb' });
// @ts-expect-error loginId takes an email, not a mail
identity.login({ loginId: { mail: 'a@example.com' }, password: 'x' });
`;

let server: Awaited<ReturnType<typeof startE2EServer>>;
let dataDir: string;
before(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kite-e2e-identity-package-'));
  server = await startE2EServer({ port: 0, dataDir, adminToken: 'e2e-package-admin-token-0123456789abcdef', quiet: true });
});
after(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kite-elements/identity, the built entry', () => {
  it('resolves to dist/identity.js, and its declarations type a consumer strictly', () => {
    assert.match(fileURLToPath(import.meta.resolve(ENTRY)), /\/dist\/identity\.js$/);
    // A site's project with the package installed (a link to this repo) and strict type checking.
    const site = mkdtempSync(join(tmpdir(), 'kite-identity-consumer-'));
    try {
      mkdirSync(join(site, 'node_modules'));
      symlinkSync(REPO_ROOT, join(site, 'node_modules', 'kite-elements'), 'dir');
      writeFileSync(join(site, 'package.json'), JSON.stringify({ type: 'module' }));
      const compilerOptions = { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], strict: true, noEmit: true, types: [] };
      writeFileSync(join(site, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['site.ts'] }));
      writeFileSync(join(site, 'site.ts'), CONSUMER);
      const tsc = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', site], { encoding: 'utf8' });
      assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });

  it('signs a member in from Node, with no DOM: only fetch and Web Crypto', async () => {
    assert.equal(typeof (globalThis as { document?: unknown }).document, 'undefined');
    assert.equal(typeof (globalThis as { window?: unknown }).window, 'undefined');
    const sdk = await import(ENTRY);
    const base = server.url.replace(/\/$/, '');
    const identity = sdk.createIdentityClient({ baseUrl: `${base}/identity`, clientId: 'kite-demo' });
    const email = 'package@example.com';
    const registered = await identity.register({ loginId: { email }, password: PASSWORD });
    assert.equal(registered.state, sdk.AUTH_STATE_TYPE.REQUIRE_EMAIL_VERIFICATION);
    const { mails } = await (await fetch(`${base}/identity/v1/demo/outbox?email=${encodeURIComponent(email)}`)).json();
    const code = /code is (\d+)/.exec(mails[0].body)![1];
    const success = await identity.verify({ code, stateToken: registered.stateToken });
    assert.equal(success.state, sdk.AUTH_STATE_TYPE.SUCCESS);

    const pkce = await sdk.createPkce();
    const redirectUri = `${base}/members/callback.html`;
    const request = identity.authorizeRequest({ redirectUri, codeChallenge: pkce.challenge, state: 'package', sessionToken: success.sessionToken });
    const [url, init] = sdk.fetchArgs(request, { redirect: 'manual' });
    const location = new URL((await fetch(url, init)).headers.get('location')!);
    const tokens = await identity.exchangeCode({ code: location.searchParams.get('code'), codeVerifier: pkce.verifier, redirectUri });
    const refreshed = await identity.refresh(tokens.refreshToken.value);
    const info = await identity.tokenInfo(refreshed.accessToken.value);
    assert.equal(info.subjectType, sdk.SUBJECT_TYPE.MEMBER);
    assert.equal(info.subjectId, success.identity.id);

    const error = await identity.login({ loginId: { email }, password: 'wrong password' }).catch((thrown: unknown) => thrown);
    assert.ok(error instanceof sdk.IdentityError);
    assert.equal(error.code, sdk.AUTH_ERROR_CODE.INVALID_PASSWORD);
  });
});
