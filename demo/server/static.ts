/**
 * Static files: the built library under /kite/ and the demo pages everywhere else. A request path
 * is decoded once, split into segments, and refused (404) if any segment is empty-dot, `..` or a
 * dotfile; the resolved file must then lie inside the root, after symlinks too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { HttpError } from './http.ts';

/** Content types by extension; anything else is served as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.vtt': 'text/vtt; charset=utf-8',
};

export const contentType = (file: string) => CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

const notFound = () => new HttpError(404, 'not found');

/** The safe segments of a URL path below a root, or a 404. */
function segments(relative: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relative);
  } catch {
    throw notFound();
  }
  if (decoded.includes('\0')) throw notFound();
  const parts = decoded.split(/[/\\]/);
  // Empty segments come from `//` or a trailing slash; they name nothing and are dropped.
  const kept = parts.filter((part) => part !== '');
  if (kept.some((part) => part.startsWith('.'))) throw notFound(); // `.`, `..`, dotfiles
  return kept;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The file a request path names under `root`: the file itself, `dir/index.html` for a
 * directory, `name.html` for a path without extension (`/store` -> `store.html`).
 */
async function locate(root: string, relative: string, pages: boolean): Promise<string> {
  const base = resolve(root);
  const parts = segments(relative);
  const direct = join(base, ...parts);
  const candidates = [direct];
  if (pages) {
    if (parts.length === 0 || (await isDirectory(direct))) candidates.unshift(join(direct, 'index.html'));
    else if (extname(direct) === '') candidates.push(`${direct}.html`);
  }
  for (const candidate of candidates) {
    if (!(await isFile(candidate))) continue;
    // A symlink must not lead out of the root.
    const [realRoot, realFile] = await Promise.all([realpath(base), realpath(candidate)]);
    if (realFile !== realRoot && !realFile.startsWith(realRoot + sep)) throw notFound();
    return realFile;
  }
  throw notFound();
}

/** Sends the file `relative` names under `root` (GET or HEAD), or throws 404. */
export async function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  root: string,
  relative: string,
  options: { pages: boolean; headers: Record<string, string>; html?: (page: string) => string | Promise<string> },
): Promise<void> {
  const file = await locate(root, relative, options.pages);
  const bytes = await readFile(file);
  // A page's server-side include (the demo's shell) is filled in before ranges are cut from it.
  const content = options.html && extname(file) === '.html' ? Buffer.from(await options.html(bytes.toString('utf8'))) : bytes;
  const headers = {
    'Content-Type': contentType(file),
    'Cache-Control': 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // Media players seek with byte ranges; without them a browser will not seek at all.
    'Accept-Ranges': 'bytes',
    ...options.headers,
  };
  const range = byteRange(req.headers.range, content.length);
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${content.length}` });
    res.end();
    return;
  }
  const body = range ? content.subarray(range.start, range.end + 1) : content;
  res.writeHead(range ? 206 : 200, {
    ...headers,
    'Content-Length': String(body.length),
    ...(range && { 'Content-Range': `bytes ${range.start}-${range.end}/${content.length}` }),
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * One `bytes=` range of a file of `size` bytes (`a-b`, `a-` or `-n`); null when absent or of a
 * form we do not serve (several ranges: the whole file is answered, which HTTP allows).
 */
export function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
