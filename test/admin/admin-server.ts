import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/store/load-config.js';
import { type RunningServer, startServer } from '../../server/runtime/start-server.js';
import { REPO_ROOT } from '../helpers/paths.js';

/** A running server over a temp copy of the repository's sample site, for the editor's tests. */
export interface AdminTestServer {
  readonly url: string;
  readonly dir: string;
  readonly server: RunningServer;
  readonly logs: string[];
  read(rel: string): string;
  exists(rel: string): boolean;
  close(): Promise<void>;
}

/** The sample site (cms.config.json, schemas, content, uploads) copied into a fresh temp folder. */
export function copySample(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-admin-'));
  for (const name of ['cms.config.json', 'schemas', 'content', 'uploads']) fs.cpSync(path.join(REPO_ROOT, name), path.join(dir, name), { recursive: true });
  return dir;
}

export async function startAdminServer(options: { prepare?: (dir: string) => void; admin?: boolean; watch?: boolean } = {}): Promise<AdminTestServer> {
  const dir = copySample();
  options.prepare?.(dir);
  const logs: string[] = [];
  const config = loadConfig(dir, { port: 0, host: '127.0.0.1', watch: options.watch ?? false, admin: options.admin });
  const server = await startServer(config, {
    info: () => undefined,
    warn: (message) => logs.push(`warn: ${message}`),
    error: (message, error) => logs.push(`error: ${message} ${error instanceof Error ? error.stack : ''}`),
  });
  return {
    url: server.url,
    dir,
    server,
    logs,
    read: (rel) => fs.readFileSync(path.join(dir, rel), 'utf8'),
    exists: (rel) => fs.existsSync(path.join(dir, rel)),
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface AdminAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: any;
}

/** An HTTP client that keeps the session cookie and sends the CSRF token, as the editor's page does. */
export class AdminClient {
  cookie = '';
  csrf = '';
  readonly answers: string[] = [];
  constructor(readonly url: string) {}

  async request(method: string, route: string, body?: unknown, headers: Record<string, string> = {}): Promise<AdminAnswer> {
    const all: Record<string, string> = { ...headers };
    if (this.cookie) all['cookie'] ??= this.cookie;
    if (this.csrf && method !== 'GET') all['x-csrf-token'] ??= this.csrf;
    if (body !== undefined) all['content-type'] ??= 'application/json';
    const response = await fetch(this.url + route, { method, headers: all, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = await response.text();
    this.answers.push(text);
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0]!;
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const csrf = (parsed as { data?: { csrfToken?: string } } | undefined)?.data?.csrfToken;
    if (csrf) this.csrf = csrf;
    return { status: response.status, headers: response.headers, text, body: parsed };
  }

  signIn(email: string, password: string): Promise<AdminAnswer> {
    return this.request('POST', '/admin/login', { email, password });
  }
}

/** The first administrator every test project gets. */
export const BOSS = { email: 'boss@example.com', password: 'Secret123', firstname: 'Bo' } as const;
