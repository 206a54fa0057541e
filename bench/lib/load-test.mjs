// autocannon runs against a local server: a discarded warm-up, then the measured run.
import http from 'node:http';
import autocannon from 'autocannon';

/** One autocannon run; resolves to its result, failing on errors or non-2xx answers. */
function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => {
      if (error) return reject(error);
      if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
        return reject(new Error(`${options.url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`));
      }
      resolve(result);
    });
  });
}

/** Warm-up then measure: { rps, p50, p99, bytesPerRequest, requests }. Latencies in ms. */
export async function loadTest(url, { connections = 10, duration = 10, warmup = 2 } = {}) {
  if (warmup > 0) await runAutocannon({ url, connections, duration: warmup });
  const result = await runAutocannon({ url, connections, duration });
  return summaryOf(result);
}

/**
 * Like loadTest, but each request asks the next of `paths` in turn (on `base`): with more distinct
 * paths than the server's answer cache holds, no answer comes from that cache.
 */
export async function loadTestPaths(base, paths, { connections = 10, duration = 10, warmup = 2 } = {}) {
  let next = 0;
  const requests = [
    {
      setupRequest(request) {
        request.path = paths[next];
        next = (next + 1) % paths.length;
        return request;
      },
    },
  ];
  if (warmup > 0) await runAutocannon({ url: base, connections, duration: warmup, requests });
  const result = await runAutocannon({ url: base, connections, duration, requests });
  return summaryOf(result);
}

/** One GET, timed: { ms, status, body (text) }. */
export function timedGet(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ ms: performance.now() - started, status: response.statusCode, body }));
      })
      .on('error', reject);
  });
}

/** What a load reports of an autocannon result. */
function summaryOf(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total),
    requests: result.requests.total,
  };
}
