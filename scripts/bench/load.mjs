// Load with autocannon's programmatic API: every request built by `next()` (a new path, body or
// address each time), latencies recorded per response so any percentile can be read (autocannon
// itself reports p97.5, not p95), and the server's memory sampled while it runs.
import autocannon from 'autocannon';

const round = (ms) => Math.round(ms * 10) / 10;

export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

/**
 * Runs `connections` connections for `seconds` against `url`. `next()` returns
 * `{ path, method?, body?, headers? }` for each request.
 */
export async function runLoad({ url, connections, seconds, next, headers = {}, sample }) {
  const latencies = [];
  const statuses = {};
  let bytes = 0;
  let errors = 0;
  const first = next();
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    timeout: 10,
    headers,
    method: first.method ?? 'GET',
    requests: [
      {
        method: first.method ?? 'GET',
        setupRequest: (request) => {
          const built = next();
          return {
            ...request,
            method: built.method ?? 'GET',
            path: built.path,
            ...(built.body === undefined ? {} : { body: built.body }),
            headers: { ...request.headers, ...built.headers },
          };
        },
      },
    ],
  });
  instance.on('response', (_client, statusCode, resBytes, responseTime) => {
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    bytes += resBytes;
  });
  instance.on('reqError', () => {
    errors += 1;
  });
  let peakRssMb = 0;
  const sampler = sample
    ? setInterval(() => {
        peakRssMb = Math.max(peakRssMb, sample());
      }, 250)
    : undefined;
  const result = await instance;
  clearInterval(sampler);
  if (sample) peakRssMb = Math.max(peakRssMb, sample());
  latencies.sort((a, b) => a - b);
  const ok = Object.entries(statuses)
    .filter(([status]) => Number(status) < 400)
    .reduce((sum, [, count]) => sum + count, 0);
  const answered = latencies.length;
  return {
    connections,
    seconds,
    requests: answered,
    requestsPerSecond: answered / result.duration,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies[latencies.length - 1] ?? 0),
    statuses,
    // Timeouts are socket errors too (autocannon emits reqError for both).
    errors: answered - ok + errors,
    timeouts: result.timeouts ?? 0,
    bytesPerResponse: answered ? Math.round(bytes / answered) : 0,
    peakRssMb: Math.round(peakRssMb),
  };
}
