/**
 * Static files: the built library under /kite/ and the demo pages everywhere else. A request path
 * is decoded once, split into segments, and refused (404) if any segment is empty-dot, `..` or a
 * dotfile; the resolved file must then lie inside the root, after symlinks too.
 *
 * Text (pages, scripts, styles, JSON, SVG, captions) goes out compressed, brotli or gzip as the
 * browser takes them, with an ETag so a revalidation costs a 304; content-hashed chunks are cached
 * for a year without revalidation. Media keeps byte ranges and goes out as it is.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { SERVER } from './constants.ts';
import { HttpError, acceptsCoding, matchesEtag } from './http.ts';

/** Content types by extension; anything else is served as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  // The docs (/docs/): Markdown reads well as text, and every browser shows text in place.
  '.md': 'text/plain; charset=utf-8',
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

/** Types worth compressing: text. Images, fonts and media are compressed already. */
const compressible = (type: string) => /^(?:text\/|application\/json|image\/svg\+xml)/.test(type);

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

type Coding = 'br' | 'gzip';

/**
 * Compressed copies by content hash and coding, oldest dropped first past
 * `SERVER.COMPRESSED_CACHE_MAX_BYTES`: a file is compressed once, not on every request.
 */
const compressedCache = new Map<string, Promise<Buffer>>();
const compressedSizes = new Map<string, number>();
let compressedBytes = 0;

function compressed(content: Buffer, hash: string, coding: Coding): Promise<Buffer> {
  const key = `${coding}:${hash}`;
  const cached = compressedCache.get(key);
  if (cached) return cached;
  const made = coding === 'br'
    ? brotli(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: SERVER.BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } })
    : gzipped(content);
  compressedCache.set(key, made);
  made.then(
    (bytes) => {
      compressedSizes.set(key, bytes.length);
      compressedBytes += bytes.length;
      for (const [oldest] of compressedCache) {
        if (compressedBytes <= SERVER.COMPRESSED_CACHE_MAX_BYTES) break;
        compressedBytes -= compressedSizes.get(oldest) ?? 0;
        compressedSizes.delete(oldest);
        compressedCache.delete(oldest);
      }
    },
    () => compressedCache.delete(key),
  );
  return made;
}

/** The coding to answer with: brotli before gzip; none for a small file, a range or a client that takes neither. */
function codingFor(req: IncomingMessage, size: number): Coding | null {
  if (size < SERVER.COMPRESS_MIN_BYTES || req.headers.range) return null;
  const accepted = req.headers['accept-encoding'];
  if (acceptsCoding(accepted, 'br')) return 'br';
  return acceptsCoding(accepted, 'gzip') ? 'gzip' : null;
}

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
  options: {
    pages: boolean;
    headers: Record<string, string>;
    html?: (page: string) => string | Promise<string>;
    /** True for a path whose name changes whenever its bytes do (a hashed chunk): cached for a year, never revalidated. */
    immutable?: (relative: string) => boolean;
  },
): Promise<void> {
  const file = await locate(root, relative, options.pages);
  const bytes = await readFile(file);
  // A page's server-side include (the demo's shell) is filled in before ranges are cut from it.
  const content = options.html && extname(file) === '.html' ? Buffer.from(await options.html(bytes.toString('utf8'))) : bytes;
  const type = contentType(file);
  const text = compressible(type);
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': options.immutable?.(relative) ? `public, max-age=${SERVER.IMMUTABLE_MAX_AGE_S}, immutable` : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
    // Media players seek with byte ranges; without them a browser will not seek at all.
    'Accept-Ranges': 'bytes',
    ...(text && { Vary: 'Accept-Encoding' }),
    ...options.headers,
  };
  // Text is hashed for its ETag (a page's include changes its bytes, not its file's date); media
  // is too big to hash on every request and is answered whole or by range as before.
  const hash = text ? createHash('sha256').update(content).digest('base64url').slice(0, 27) : null;
  if (hash) {
    headers.ETag = `"${hash}"`;
    if (matchesEtag(req.headers['if-none-match'], headers.ETag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
  }
  const coding = hash ? codingFor(req, content.length) : null;
  if (coding) {
    const body = await compressed(content, hash!, coding);
    res.writeHead(200, { ...headers, 'Content-Encoding': coding, 'Content-Length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
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
