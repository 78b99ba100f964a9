/**
 * A reference server in a process of its own for the engines bench (engines.mjs), as a deployment
 * runs one instance per process: `node --import tsx server-process.ts <dataDir> [databaseUrl]`
 * prints `listening <url>`; SIGTERM stops it. The visitor writes' rate limits are lifted: the
 * bench's load all comes from 127.0.0.1 and measures the engines, not the limiter's refusals
 * (every write still counts its window in the database, as in production).
 */
import { startServer } from '../../../demo/server/server.ts';

/** Far above any request count of a bench run. */
const UNLIMITED = { max: Number.MAX_SAFE_INTEGER, windowMs: 60_000 };

const [dataDir, databaseUrl] = process.argv.slice(2);
const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dataDir!, databaseUrl, quiet: true, rateLimits: { perAddress: UNLIMITED, perClient: UNLIMITED } });
console.log(`listening ${server.url}`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
