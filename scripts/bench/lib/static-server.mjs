// The bench's one static server on 127.0.0.1: the reference server's own file serving (content
// types, byte ranges for media, paths kept inside their root), with pages made in memory first.
// Runs under tsx, as `npm run bench` does (it imports the server's TypeScript).
import { createServer } from 'node:http';
import { createSecureServer } from 'node:http2';
import { resolve } from 'node:path';
import { serveStatic } from '../../../demo/server/static.ts';

/**
 * Serves `pages` (path to HTML) as they are, then each other path from the first of `roots`
 * (`[prefix, directory]`) whose prefix it starts with; 404 otherwise. Resolves to `{ url, close }`.
 * With `tls` (`{ key, cert }`, see tls.mjs): HTTPS, and HTTP/2 for the browsers that offer it.
 */
export function startBenchServer({ roots, pages = {}, tls }) {
  const dirs = roots.map(([prefix, dir]) => [prefix, resolve(dir)]);
  const headers = { 'Cache-Control': 'no-store' };
  const handle = async (req, res) => {
    const path = new URL(req.url, 'http://127.0.0.1').pathname;
    try {
      if (Object.hasOwn(pages, path)) {
        res.writeHead(200, { ...headers, 'Content-Type': 'text/html; charset=utf-8' }).end(pages[path]);
        return;
      }
      const [prefix, dir] = dirs.find(([start]) => path.startsWith(start)) ?? [];
      if (dir === undefined) throw new Error('no root');
      await serveStatic(req, res, dir, path.slice(prefix.length), { pages: false, headers });
    } catch {
      if (!res.headersSent) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  };
  const server = tls ? createSecureServer({ ...tls, allowHTTP1: true }, handle) : createServer(handle);
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      done({
        url: `${tls ? 'https' : 'http'}://127.0.0.1:${server.address().port}/`,
        close: () =>
          new Promise((closed) => {
            server.closeAllConnections?.();
            server.close(() => closed());
          }),
      });
    });
  });
}
