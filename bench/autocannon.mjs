/**
 * One autocannon measurement, as bench/token, bench/request-log and bench/login take it: a request
 * ({path, method, headers, body}) sent on `connections` connections for `duration` seconds.
 */
import autocannon from 'autocannon';

/**
 * Measures `request` on the server at `url`: requests/s, p50, p99, the total, and `bad` (errors,
 * timeouts and non-2xx answers, told to `log` with the status codes when there are any).
 */
export async function measure(url, request, { connections, duration, log }) {
  const result = await autocannon({
    // autocannon's `path` option is ignored when `url` has one (it then sends `/`): the whole URL.
    url: `${url}${request.path}`,
    connections,
    duration,
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const bad = result.errors + result.timeouts + result.non2xx;
  if (bad > 0) {
    log(
      `${url}${request.path}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers (status codes: ${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    bad,
  };
}
