import { loadConfig } from '../../server/store/load-config.js';
import { type RunningServer, type ServerLog, startServer } from '../../server/runtime/start-server.js';
import { type TempProject, createTempProject } from './temp-project.js';

export interface TestResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  readonly body: any;
}

export interface TestServer {
  readonly url: string;
  readonly project: TempProject;
  readonly server: RunningServer;
  /** Messages the server logged (warnings and errors), for assertions. */
  readonly logs: string[];
  /** Its info messages (a mail written to the outbox, a reload), kept apart from `logs`. */
  readonly infos: string[];
  request(method: string, path: string, options?: { body?: unknown; headers?: Record<string, string> }): Promise<TestResponse>;
  get(path: string, headers?: Record<string, string>): Promise<TestResponse>;
  close(): Promise<void>;
}

/** Starts the real server on port 0 over a temp copy of a fixture project. */
export async function startTestServer(fixture = 'blog', options: { watch?: boolean; prepare?: (project: TempProject) => void } = {}): Promise<TestServer> {
  const project = createTempProject(fixture);
  options.prepare?.(project);
  const logs: string[] = [];
  const infos: string[] = [];
  const log: ServerLog = {
    info: (message) => infos.push(message),
    warn: (message) => logs.push(`warn: ${message}`),
    error: (message, error) => logs.push(`error: ${message} ${error instanceof Error ? error.stack : ''}`),
  };
  const config = loadConfig(project.dir, { port: 0, host: '127.0.0.1', watch: options.watch ?? false });
  const server = await startServer(config, log);
  const request = async (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...init.headers };
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(server.url + path, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  };
  return {
    url: server.url,
    project,
    server,
    logs,
    infos,
    request,
    get: (path, headers) => request('GET', path, headers ? { headers } : {}),
    async close() {
      await server.close();
      project.cleanup();
    },
  };
}

/** Polls until `check` passes or the time is up (for watcher tests; generous, for slow CI machines); returns the last result. */
export async function eventually<T>(check: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await check();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    value = await check();
  }
  return value;
}
