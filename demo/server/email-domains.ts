/**
 * The business-email check's domain list, sharded (issue 5; demo/email-domains/README.md): the
 * owner's own `*.txt` lists under demo/email-domains/ (one domain per line, `#` comments) merged
 * with the public lists of the npm packages in `PACKAGE_LISTS`, split by
 * shared/logic/email-domains.ts exactly as the widget looks them up.
 *
 * Splitting about 134,000 domains takes about half a second, too long for every start, so the
 * shards are written once to a cache file keyed by everything they are made from (the packages'
 * versions, the hand lists, the sharding code); a start with that file in place only reads it.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FORM } from '../../shared/constants/widget.ts';
import { shardDomains } from '../../shared/logic/email-domains.ts';

/** Where the owner's hand lists are. */
export const EMAIL_DOMAINS_DIR = fileURLToPath(new URL('../email-domains/', import.meta.url));

/**
 * "One check downloads a few KB, never the whole list" (issue 5): the most one shard may weigh
 * gzipped. The measured largest is about 5 KB (docs/display-api.md).
 */
export const EMAIL_DOMAIN_SHARD_MAX_GZIP_BYTES = 8 * 1024;

/** A public list shipped in an npm package: a JSON array of domains. */
export interface PackageList {
  package: string;
  /** The JSON file inside the package. */
  file: string;
  kind: 'disposable' | 'free-mail';
}

/** The public lists merged with the hand lists (docs/architecture.md says why each). */
export const PACKAGE_LISTS: readonly PackageList[] = [
  { package: 'disposable-email-domains', file: 'index.json', kind: 'disposable' },
  // Domains whose every sub-domain is disposable: the check also looks up a domain's parents.
  { package: 'disposable-email-domains', file: 'wildcard.json', kind: 'disposable' },
  { package: 'disposable-email-domains-js', file: 'dist/dict/disposable_email_blocklist.json', kind: 'disposable' },
  { package: 'email-providers', file: 'all.json', kind: 'free-mail' },
];

const require = createRequire(import.meta.url);
/** The sources of the sharding itself: a change to either makes a new cache. */
const SHARDING_CODE = [fileURLToPath(import.meta.url), fileURLToPath(new URL('../../shared/logic/email-domains.ts', import.meta.url))];
const CACHE_DIR = fileURLToPath(new URL('../../node_modules/.cache/kite-email-domains/', import.meta.url));

/** The domains of one package list, as the package ships them. */
export function readPackageList(list: PackageList): string[] {
  const domains: unknown = JSON.parse(readFileSync(require.resolve(`${list.package}/${list.file}`), 'utf8'));
  if (!Array.isArray(domains)) throw new Error(`${list.package}/${list.file} is not a list of domains`);
  return domains.map(String);
}

const packageVersion = (name: string): string => (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }).version;

const handListFiles = (dir: string) => readdirSync(dir).filter((name) => name.endsWith('.txt')).sort();

/** The lines of every hand list file in `dir`, comments and blanks dropped. */
export function readDomainLists(dir: string = EMAIL_DOMAINS_DIR): string[] {
  const domains: string[] = [];
  for (const file of handListFiles(dir)) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const domain = line.replace(/#.*/, '').trim();
      if (domain) domains.push(domain);
    }
  }
  return domains;
}

/** The name of the cache file for the current inputs. */
function cacheKey(): string {
  const hash = createHash('sha256');
  hash.update(`digits ${FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS}\n`);
  for (const name of new Set(PACKAGE_LISTS.map((list) => list.package))) hash.update(`${name}@${packageVersion(name)}\n`);
  for (const file of handListFiles(EMAIL_DOMAINS_DIR)) hash.update(`${file}\n`).update(readFileSync(join(EMAIL_DOMAINS_DIR, file)));
  for (const file of SHARDING_CODE) hash.update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** Every shard id, with no domain or with some. */
const allShardIds = (): string[] =>
  Array.from({ length: 16 ** FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS }, (_, i) => i.toString(16).padStart(FORM.EMAIL_DOMAIN_SHARD_HEX_DIGITS, '0'));

/** What the cache file holds: each shard's response body, ready to send. */
interface CacheFile {
  domains: number;
  bodies: Record<string, string>;
}

function buildCache(): CacheFile {
  const shards = shardDomains([...readDomainLists(), ...PACKAGE_LISTS.flatMap(readPackageList)]);
  const bodies: Record<string, string> = {};
  let domains = 0;
  for (const id of allShardIds()) {
    const list = shards.get(id) ?? [];
    domains += list.length;
    bodies[id] = JSON.stringify({ shard: id, domains: list });
  }
  return { domains, bodies };
}

/** One shard as served: its JSON body, the body gzipped, and an ETag of its content. */
export interface ShardBody {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

/** What a start prepared: the shards' source and how it went. */
export interface EmailDomainShards {
  /** Distinct domains over all shards. */
  domains: number;
  /** False when the cache file was there: the start only read it. */
  built: boolean;
  /** The shard's body; null for a string that is not a shard id. */
  shard(id: string): ShardBody | null;
}

function fromCache(cache: CacheFile, built: boolean): EmailDomainShards {
  const served = new Map<string, ShardBody>();
  return {
    domains: cache.domains,
    built,
    shard(id) {
      if (!Object.hasOwn(cache.bodies, id)) return null;
      let body = served.get(id);
      if (!body) {
        // Gzipped once per shard and process, on first demand: most shards are never asked for.
        const json = Buffer.from(cache.bodies[id]!);
        const etag = `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 22)}"`;
        served.set(id, (body = { json, gzip: gzipSync(json, { level: 9 }), etag }));
      }
      return body;
    },
  };
}

let prepared: EmailDomainShards | null = null;

/**
 * The shards, read from the cache file or built and written there when it is missing or stale.
 * The server calls this at start; later calls return the same shards.
 */
export function emailDomainShards(): EmailDomainShards {
  if (prepared) return prepared;
  const file = join(CACHE_DIR, `${cacheKey()}.json`);
  try {
    prepared = fromCache(JSON.parse(readFileSync(file, 'utf8')) as CacheFile, false);
  } catch {
    const cache = buildCache();
    prepared = fromCache(cache, true);
    try {
      mkdirSync(CACHE_DIR, { recursive: true });
      // Written aside and renamed: a server starting meanwhile never reads half a file.
      const partial = `${file}.${process.pid}.partial`;
      writeFileSync(partial, JSON.stringify(cache));
      renameSync(partial, file);
      for (const name of readdirSync(CACHE_DIR)) if (name.endsWith('.json') && join(CACHE_DIR, name) !== file) rmSync(join(CACHE_DIR, name), { force: true });
    } catch (error) {
      console.warn(`kite: email-domain shards not cached (built again at the next start): ${(error as Error).message}`);
    }
  }
  return prepared;
}
