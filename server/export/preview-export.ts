import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { OutputFolder } from '../store/output-folder.js';
import { contentTypeOf, mimeTypeOfExtension } from '../store/upload-mime.js';

export interface PreviewLog {
  info(message: string): void;
  warn(message: string): void;
}

export interface RunningPreview {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The file a static host serves for a request path, by the export's one rule (the nginx and
 * `_redirects` lines of the README): under `/api/` a request path plus `.json`, elsewhere the path
 * itself. The query string plays no part: a static host ignores it.
 */
export function fileForRequest(pathname: string): string | undefined {
  let rel: string;
  try {
    rel = decodeURIComponent(pathname).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
  if (rel === '' || rel.endsWith('/') || rel.split('/').some((part) => part === '..' || part === '.')) return undefined;
  return rel.startsWith('api/') ? `${rel}.json` : rel;
}

/**
 * Serves an export folder as a static host would (`cms export --serve`), to try a front end against
 * it before deploying. A request with a query string gets the same file as without, and a warning
 * (once per request) says so: what `cms serve` would have answered differently.
 */
export async function startPreview(outDir: string, listen: { port: number; host: string }, log: PreviewLog): Promise<RunningPreview> {
  const folder = new OutputFolder(outDir);
  const warned = new Set<string>();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://preview');
    const file = request.method === 'GET' || request.method === 'HEAD' ? fileForRequest(url.pathname) : undefined;
    const bytes = file === undefined ? undefined : folder.readBytes(file);
    if (url.search !== '' && !warned.has(request.url ?? '') && warned.size < 1000) {
      warned.add(request.url ?? '');
      log.warn(`${request.url}: a static host ignores the query string${bytes === undefined ? '' : `; answered ${file} as for ${url.pathname}`}`);
    }
    if (bytes === undefined) {
      response.writeHead(request.method === 'GET' || request.method === 'HEAD' ? 404 : 405, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(request.method === 'GET' || request.method === 'HEAD' ? 'Not Found\n' : 'Method Not Allowed\n');
      return;
    }
    const type = mimeTypeOfExtension(path.posix.extname(file!)) ?? 'application/octet-stream';
    response.writeHead(200, { 'content-type': contentTypeOf(type), 'content-length': bytes.length });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${listen.host === 'localhost' ? 'localhost' : host}:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
