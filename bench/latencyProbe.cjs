'use strict';
/**
 * autocannon's `setupClient` for http.ts, run in autocannon's worker thread: every response's latency as autocannon
 * measured it (ms, to the nanosecond), where its own histogram keeps whole milliseconds. Sent to the main thread in
 * batches over a BroadcastChannel, the last one as the client closes.
 */
const { BroadcastChannel } = require('node:worker_threads');

const channel = new BroadcastChannel('bench-http-latency');
// The channel must not keep the worker alive once autocannon is done with it.
channel.unref();

module.exports = (client) => {
  let batch = [];
  const flush = () => {
    if (batch.length) channel.postMessage(batch);
    batch = [];
  };
  client.on('response', (_status, _bytes, ms) => {
    batch.push(ms);
    if (batch.length === 1024) flush();
  });
  const destroy = client.destroy.bind(client);
  client.destroy = () => {
    flush();
    destroy();
  };
};
