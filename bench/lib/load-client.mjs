// The load generator of bench/lists.mjs in a process of its own, so that it neither competes
// with the server for the server's event loop nor counts in the server's CPU figure. Reads one
// JSON argument {url, connections, amount, headers}; prints one JSON line: every response time
// in ms, the run's duration in s (autocannon's, which ends on its once-a-second tick), the time
// from the start to the last response in s (`elapsed`) and its failures (non-2xx, errors,
// timeouts).
import autocannon from 'autocannon';

const { url, connections, amount, headers } = JSON.parse(process.argv[2]);
const times = [];
const startedAt = performance.now();
let lastResponseAt = startedAt;
const instance = autocannon({ url, connections, amount, timeout: 120, headers });
instance.on('response', (_client, _status, _bytes, responseTime) => {
  times.push(responseTime);
  lastResponseAt = performance.now();
});
const result = await instance;
process.stdout.write(
  `${JSON.stringify({
    times,
    duration: result.duration,
    elapsed: (lastResponseAt - startedAt) / 1000,
    failed: result.non2xx + result.errors + result.timeouts,
  })}\n`,
);
