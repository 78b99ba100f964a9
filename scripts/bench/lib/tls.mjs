// A certificate for the bench's HTTP/2 server on 127.0.0.1: browsers speak HTTP/2 only over TLS.
// Made by the system's openssl for the run (Debian's, which ca-certificates brings); the browser
// contexts that use it accept it with `ignoreHTTPSErrors`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from './process.mjs';

/** How long openssl may take to make the key and certificate. */
const OPENSSL_TIMEOUT_MS = 30_000;

/** A self-signed key and certificate for 127.0.0.1, written into `dir`; rejects with openssl's words when it cannot. */
export async function loopbackCertificate(dir) {
  const key = join(dir, 'loopback.key');
  const cert = join(dir, 'loopback.crt');
  const { code, output } = await run(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { timeoutMs: OPENSSL_TIMEOUT_MS },
  );
  if (code !== 0) throw new Error(`openssl could not make a certificate for the HTTP/2 server: ${output.trim().split('\n').pop()}`);
  return { key: readFileSync(key), cert: readFileSync(cert) };
}
