import { request as httpRequest } from 'node:http';

/** An answer read whole: status, headers and the body as text. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
}

/**
 * One request with exactly these bytes in the path and body (fetch would normalise the path and
 * refuse some bodies): for the boundary's tests and the fuzz suite.
 */
export function rawRequest(
  baseUrl: string,
  probe: { method: string; path: string; body?: Buffer | string; headers?: Record<string, string> },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: hostname, port, method: probe.method, path: probe.path, headers: probe.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(probe.body);
  });
}
