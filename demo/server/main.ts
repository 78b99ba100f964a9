/**
 * `npm start` entry of the reference server: `node --import tsx demo/server/main.ts`.
 * Environment: PORT (default 8080), HOST (default 127.0.0.1), DATA_DIR (default data/),
 * DATABASE_URL (a `postgres://` URL: the data lives in PostgreSQL instead of SQLite under DATA_DIR),
 * KITE_ADMIN_TOKEN (at least ADMIN.TOKEN_MIN_LENGTH characters; a random one is generated and printed when unset),
 * KITE_OWNER_APPROVAL=1 (new members of the identity service wait for the owner's approval: docs/identity.md),
 * KITE_RESEED=1 (every record file in demo/poptins/ replaces its stored pop-up, the owner's changes included).
 * A setting the server refuses (a short token, a port in use) ends it with the reason and exit code 1.
 * SIGTERM or SIGINT stops it gracefully: requests in flight are answered, then it exits 0.
 */
import { DEFAULTS } from './constants.ts';
import { startServer } from './server.ts';
import { isPostgresUrl } from './db.ts';

const MAX_PORT = 65_535;

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULTS.PORT;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > MAX_PORT) {
    console.error(`PORT must be a whole number from 0 to ${MAX_PORT}, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return port;
}

const port = readPort(process.env.PORT);
const host = process.env.HOST || DEFAULTS.HOST;
const dataDir = process.env.DATA_DIR || DEFAULTS.DATA_DIR;
const givenToken = process.env.KITE_ADMIN_TOKEN || undefined;
const databaseUrl = process.env.DATABASE_URL || undefined;
const requireOwnerApproval = process.env.KITE_OWNER_APPROVAL === '1';
const reseed = process.env.KITE_RESEED === '1';
if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
  console.error('DATABASE_URL must be a postgres:// or postgresql:// URL (leave it unset for SQLite under DATA_DIR)');
  process.exit(1);
}

const server = await startServer({ port, host, dataDir, databaseUrl, adminToken: givenToken, reseed, identity: { requireOwnerApproval } }).catch((error: NodeJS.ErrnoException) => {
  // The usual first-run stumble (a second `npm start`, another server on 8080) gets its remedy, not a stack.
  const reason =
    error.code === 'EADDRINUSE'
      ? `port ${port} on ${host} is already in use (another \`npm start\`?). Stop that server, or start on another port: PORT=${port === DEFAULTS.PORT ? port + 1 : DEFAULTS.PORT} npm start`
      : error.message;
  console.error(`Kite: not started: ${reason}`);
  process.exit(1);
});

console.log(`Kite demo: ${server.url}`);
console.log(`Database: ${server.db.dialect === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${dataDir}`}`);
console.log(
  givenToken
    ? 'Admin token: from KITE_ADMIN_TOKEN'
    : `Admin token: ${server.adminToken} (generated; set KITE_ADMIN_TOKEN to choose one)`,
);
console.log(`Owner dashboard: ${server.url}admin (sign in with the admin token)`);
if (requireOwnerApproval) console.log('Members wait for approval: GET /api/admin/identity/members/unapproved lists them, POST /api/admin/identity/members/{id}/approve approves one (admin token)');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: closing`);
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
