/**
 * GET /healthz (ours, issue 21): whether this instance can answer, for a load balancer or an
 * orchestrator. 200 `{ status: 'ok', database }` when the database answers a trivial query; 503
 * `{ status: 'unavailable' }` when it does not (the instance should get no traffic), and 503
 * `{ status: 'stopping' }` once a graceful shutdown has begun, so traffic drains elsewhere.
 */
import type { Database } from '../database.ts';
import type { Route } from '../router.ts';

export const HEALTH_PATH = '/healthz';

export function healthRoutes(db: Database, stopping: () => boolean): Route[] {
  return [
    {
      method: 'GET',
      path: HEALTH_PATH,
      handler: async () => {
        if (stopping()) return { status: 503, body: { status: 'stopping' }, headers: { 'Cache-Control': 'no-store' } };
        try {
          await db.ping();
        } catch (error) {
          console.error('kite: health check: the database did not answer:', (error as Error).message);
          return { status: 503, body: { status: 'unavailable' }, headers: { 'Cache-Control': 'no-store' } };
        }
        return { body: { status: 'ok', database: db.dialect }, headers: { 'Cache-Control': 'no-store' } };
      },
    },
  ];
}
