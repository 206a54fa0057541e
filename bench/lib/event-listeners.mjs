#!/usr/bin/env node
// The listeners of bench/events.mjs in a process of their own (forked with IPC), so their work never
// shares an event loop with the load generator: 3 webhook receivers answering 204 at once, and an
// SSE reader opened on demand. Messages in: {connect: baseUrl}, {report: true}, {disconnect: true}, {stop: true}.
// Out: {urls: [...]} once listening, then {counts} per report. {disconnect} closes the reader and zeroes the counts.
import http from 'node:http';

/** A receiver that answers 204 as soon as the body is read, and counts what it got. */
function startReceiver() {
  const counter = { count: 0, last: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      counter.count++;
      counter.last = performance.now() + performance.timeOrigin;
      res.statusCode = 204;
      res.end();
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/hook`, counter, close: () => (server.closeAllConnections(), server.close()) }),
    ),
  );
}

/** An SSE reader counting the `data:` frames of change events (reconnecting with Last-Event-ID when cut off). */
function openStream(baseUrl) {
  const counter = { count: 0, last: 0, reconnects: 0 };
  let lastId = '';
  let request;
  let closed = false;
  const connect = () => {
    request = http.get(`${baseUrl}/_events`, { headers: lastId === '' ? {} : { 'Last-Event-ID': lastId } }, (response) => {
      response.setEncoding('utf8');
      let tail = '';
      response.on('data', (chunk) => {
        const frames = (tail + chunk).split('\n\n');
        tail = frames.pop();
        for (const frame of frames) {
          const id = /^id: (.*)$/m.exec(frame);
          if (id !== null) lastId = id[1];
          if (/^data: \{"event"/m.test(frame)) {
            counter.count++;
            counter.last = performance.now() + performance.timeOrigin;
          }
        }
      });
      response.on('end', () => {
        if (closed) return;
        counter.reconnects++;
        setTimeout(connect, 100);
      });
    });
    request.on('error', () => undefined);
  };
  connect();
  return {
    counter,
    close: () => {
      closed = true;
      request.destroy();
    },
  };
}

const receivers = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
let stream;
function counts() {
  return {
    delivered: receivers.map((receiver) => receiver.counter.count),
    deliveredLast: Math.max(...receivers.map((receiver) => receiver.counter.last)),
    streamed: stream?.counter.count ?? 0,
    streamedLast: stream?.counter.last ?? 0,
    reconnects: stream?.counter.reconnects ?? 0,
  };
}

process.on('message', (message) => {
  if (message.report) process.send({ counts: counts() });
  if (message.connect !== undefined) stream = openStream(message.connect);
  if (message.disconnect) {
    stream?.close();
    stream = undefined;
    for (const receiver of receivers) Object.assign(receiver.counter, { count: 0, last: 0 });
  }
  if (message.stop) {
    stream?.close();
    for (const receiver of receivers) receiver.close();
    process.disconnect();
  }
});
process.send({ urls: receivers.map((receiver) => receiver.url) });
