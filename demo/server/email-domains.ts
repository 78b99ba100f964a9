/**
 * The business-email check's domain list, sharded (issue 5; demo/email-domains/README.md): every
 * `*.txt` list under demo/email-domains/ (one domain per line, `#` comments), plus the
 * `disposable-email-domains` package's list when it is installed, split by
 * shared/logic/email-domains.ts exactly as the widget looks them up. Built once, at the first
 * request, and kept.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shardDomains } from '../../shared/logic/email-domains.ts';

/** Where the committed lists are. */
export const EMAIL_DOMAINS_DIR = fileURLToPath(new URL('../email-domains/', import.meta.url));

/** The lines of every list file in `dir`, comments and blanks dropped. */
export function readDomainLists(dir: string = EMAIL_DOMAINS_DIR): string[] {
  const domains: string[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.txt')).sort()) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      const domain = line.replace(/#.*/, '').trim();
      if (domain) domains.push(domain);
    }
  }
  return domains;
}

/** The full disposable list of the `disposable-email-domains` package, when it is installed; else none. */
function packageList(): string[] {
  try {
    const list: unknown = createRequire(import.meta.url)('disposable-email-domains');
    return Array.isArray(list) ? list.map(String) : [];
  } catch {
    return [];
  }
}

let shards: Map<string, string[]> | null = null;

/** Shard id to its domains; built on first use. */
export function emailDomainShards(): Map<string, string[]> {
  shards ??= shardDomains([...readDomainLists(), ...packageList()]);
  return shards;
}
