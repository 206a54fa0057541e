import http from 'node:http';
import * as assert from 'uvu/assert';
import type { TestServer } from './test-server.js';

// Answers as the server wrote them, to compare an answer sent before Koa is entered
// (http/fast-answers.ts) with Koa's own, byte for byte.

export interface RawAnswer {
  readonly status: number;
  /** Name: value lines as received, in order, without Date. */
  readonly headers: string[];
  readonly body: string;
}

/** One request over its own connection, its path sent as it is (a bare `?` too), with the headers as the server wrote them. */
export function ask(server: TestServer, method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(server.url, { method, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const lines: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2) {
          if (response.rawHeaders[i]!.toLowerCase() !== 'date') lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        }
        resolve({ status: response.statusCode!, headers: lines, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Status, every header by name, case and order (Date aside), body. */
export function assertSame(slow: RawAnswer, fast: RawAnswer, what: string): void {
  assert.is(fast.status, slow.status, what);
  assert.equal(fast.headers, slow.headers, what);
  assert.is(fast.body, slow.body, what);
}
