// A bare Koa app answering every request with one precomputed JSON body: the ceiling the real
// server is compared with. Run as a child: node bench/lib/bare-koa-server.mjs BODY_FILE HOST [BUSY_US]
// (prints the port it listens on). BUSY_US: microseconds of busy work per request before answering
// (bench/ceiling-cost.mjs: what a request's own work costs against the ceiling).
import fs from 'node:fs';
import http from 'node:http';
import Koa from 'koa';

const [bodyFile, host = '127.0.0.1', busy = '0'] = process.argv.slice(2);
if (!bodyFile) throw new Error('usage: bare-koa-server.mjs BODY_FILE [HOST] [BUSY_US]');
const body = fs.readFileSync(bodyFile, 'utf8');
const busyMs = Number(busy) / 1000;

const app = new Koa();
app.use((ctx) => {
  if (busyMs > 0) for (const until = performance.now() + busyMs; performance.now() < until;);
  ctx.type = 'application/json';
  ctx.body = body;
});
const server = http.createServer(app.callback());
server.listen(0, host, () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
