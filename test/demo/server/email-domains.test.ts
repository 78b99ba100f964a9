/**
 * The business-email shards built from the public lists (issue 5), against a real server: a domain
 * of each package list, read from the package now, is in the shard the widget computes and is
 * refused by the widget's own check; a business domain passes; one check downloads a few KB;
 * shards are revalidated by ETag.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { createRequire } from 'node:module';
import { gunzipSync } from 'node:zlib';
import { FORM } from '../../../shared/constants/widget.ts';
import { domainShard, domainsToCheck, normaliseDomain } from '../../../shared/logic/email-domains.ts';
import { isBlockedEmail } from '../../../components/poptin/form/business-email.ts';
import { EMAIL_DOMAIN_SHARD_MAX_GZIP_BYTES, PACKAGE_LISTS, readDomainLists } from '../../../demo/server/email-domains.ts';
import { harnessPerSuite } from './helpers.ts';

const require = createRequire(import.meta.url);
/** A package's list as the package ships it, read here without the server's code. */
const packageList = (list: (typeof PACKAGE_LISTS)[number]): string[] => require(`${list.package}/${list.file}`);
const handLists = new Set(readDomainLists());
/** Companies' own mail domains: none is a mailbox provider. */
const BUSINESS = ['ibm.com', 'siemens.com', 'stripe.com'];
const shardIds = Array.from({ length: 16 ** FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS }, (_, i) => i.toString(16).padStart(FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS, '0'));

const h = harnessPerSuite();

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (still gzipped when the server gzipped them). */
  body: Buffer;
}

/** A GET whose body is not decoded, so its size is what a browser downloads. */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get(h.base + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    }).on('error', reject);
  });
}

const GZIP = { 'Accept-Encoding': 'gzip, deflate, br' };
const shardPath = (id: string) => `${FORM.EMAIL_DOMAIN_PATH}${id}`;
const domainsOf = (raw: Raw): string[] => JSON.parse((raw.headers['content-encoding'] === 'gzip' ? gunzipSync(raw.body) : raw.body).toString('utf8')).domains;

describe('business-email shards from the package lists', () => {
  for (const list of PACKAGE_LISTS) {
    test(`a domain of ${list.package}/${list.file} is in the shard the widget computes and is refused`, async () => {
      const domains = packageList(list).filter((domain) => !handLists.has(domain));
      assert.ok(domains.length > 0, 'the package list adds domains to the hand lists');
      // The middle and the last entry: not the first, which a truncated read would also have.
      for (const domain of [domains[Math.floor(domains.length / 2)]!, domains.at(-1)!]) {
        const raw = await rawGet(shardPath(domainShard(domain)), GZIP);
        assert.equal(raw.status, 200);
        assert.ok(domainsOf(raw).includes(normaliseDomain(domain)), `${domain} in shard ${domainShard(domain)}`);
        assert.equal(await isBlockedEmail(`someone@${domain}`, h.base), true, `someone@${domain} refused`);
      }
    });
  }

  test("a sub-domain of a wildcard entry is refused through its parent's shard", async () => {
    const wildcard = PACKAGE_LISTS.find((list) => list.file === 'wildcard.json')!;
    const parent = packageList(wildcard).at(-1)!;
    const sub = `inbox.${parent}`;
    assert.ok(domainsToCheck(sub).includes(parent));
    assert.equal(await isBlockedEmail(`someone@${sub}`, h.base), true);
  });

  test('a business domain is accepted, its shard having been read', async () => {
    const listed = new Set([...handLists, ...PACKAGE_LISTS.flatMap(packageList)].map(normaliseDomain));
    for (const domain of BUSINESS) {
      assert.ok(!listed.has(domain), `${domain} is on no list`);
      const raw = await rawGet(shardPath(domainShard(domain)), GZIP);
      assert.equal(raw.status, 200);
      assert.ok(domainsOf(raw).length > 0, 'the shard it falls in holds other domains');
      assert.equal(await isBlockedEmail(`ada@${domain}`, h.base), false, domain);
    }
  });

  test('every listed domain is served, each in its shard, and no shard is over the few-KB bound', async () => {
    const expected = new Set([...handLists, ...PACKAGE_LISTS.flatMap(packageList)].map(normaliseDomain).filter((domain) => domain && !domain.startsWith('#')));
    let served = 0;
    let largest = 0;
    for (const id of shardIds) {
      const raw = await rawGet(shardPath(id), GZIP);
      assert.equal(raw.status, 200, id);
      assert.equal(raw.headers['content-encoding'], 'gzip');
      assert.equal(Number(raw.headers['content-length']), raw.body.length);
      largest = Math.max(largest, raw.body.length);
      const domains = domainsOf(raw);
      assert.ok(domains.every((domain) => domainShard(domain) === id && expected.has(domain)), `shard ${id} holds only its own listed domains`);
      served += domains.length;
    }
    assert.equal(served, expected.size, 'each listed domain exactly once');
    assert.ok(largest <= EMAIL_DOMAIN_SHARD_MAX_GZIP_BYTES, `largest shard ${largest} B gzipped`);
  });

  test("a free-mail address's check needs one shard, of a few KB", async () => {
    const freeMail = PACKAGE_LISTS.find((list) => list.kind === 'free-mail')!;
    const twoLabels = packageList(freeMail).filter((domain) => domainsToCheck(domain).length === 1);
    const domain = twoLabels[Math.floor(twoLabels.length / 2)]!;
    const raw = await rawGet(shardPath(domainShard(domain)), GZIP);
    assert.ok(domainsOf(raw).includes(domain));
    assert.ok(raw.body.length <= EMAIL_DOMAIN_SHARD_MAX_GZIP_BYTES, `${domain}: ${raw.body.length} B`);
  });

  test('a client without gzip gets the same list; gzip;q=0 refuses gzip', async () => {
    const id = domainShard(BUSINESS[0]!);
    const zipped = await rawGet(shardPath(id), GZIP);
    for (const headers of [{}, { 'Accept-Encoding': 'gzip;q=0, identity' }] as Array<Record<string, string>>) {
      const plain = await rawGet(shardPath(id), headers);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.equal(plain.headers['content-type'], 'application/json; charset=utf-8');
      assert.deepEqual(domainsOf(plain), domainsOf(zipped));
      assert.equal(plain.headers.etag, zipped.headers.etag, 'one weak ETag for both encodings');
    }
  });

  test('cacheable for a day, then revalidated by ETag: 304 without a body', async () => {
    const id = domainShard(BUSINESS[1]!);
    const first = await rawGet(shardPath(id), GZIP);
    assert.equal(first.headers['cache-control'], `public, max-age=${FORM.EMAIL_DOMAIN_CACHE_S}`);
    assert.equal(first.headers.vary, 'Accept-Encoding');
    const etag = String(first.headers.etag);
    assert.match(etag, /^W\/".+"$/);
    const again = await rawGet(shardPath(id), { ...GZIP, 'If-None-Match': `"other", ${etag}`, Origin: 'https://shop.example' });
    assert.equal(again.status, 304);
    assert.equal(again.body.length, 0);
    assert.equal(again.headers.etag, etag);
    assert.equal(again.headers['access-control-allow-origin'], '*');
    const otherShard = shardIds.find((other) => other !== id)!;
    const stale = await rawGet(shardPath(otherShard), { ...GZIP, 'If-None-Match': etag });
    assert.equal(stale.status, 200, "another shard's ETag does not match");
  });
});
