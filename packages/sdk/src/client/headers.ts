import { CONSISTENCY_HEADER, type GatewayDescriptor } from '@atrium/contract/routes/core';

/**
 * `x-wix-bi-gateway` (docs/wire.md §1.5): `key=value` pairs joined by commas, no spaces, in a fixed
 * order, empty values left out. Servers only log it, but the reference sends it on every call.
 */
export function gatewayHeaderValue(packageName: string, gateway: GatewayDescriptor): string {
  const pairs: [string, string][] = [
    ['environment', 'js-sdk'],
    ['package-name', packageName],
    ['method-fqn', gateway.methodFqn],
    ['entity', gateway.entity],
  ];
  return pairs
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
}

/**
 * Read-your-writes token of one client (docs/wire.md §1.5): the last `x-wix-consistent` value any
 * response carried is sent on every later request of the same client, overriding other values.
 * It is never cleared.
 */
export class ConsistencyToken {
  private value: string | undefined;

  /** `Headers.get` is case-insensitive, which is what the wire requires. */
  record(responseHeaders: Headers): void {
    const value = responseHeaders.get(CONSISTENCY_HEADER);
    if (value !== null) this.value = value;
  }

  apply(requestHeaders: Headers): void {
    if (this.value !== undefined) requestHeaders.set(CONSISTENCY_HEADER, this.value);
  }
}

/** Copies plain-record headers onto a Headers object; `set` makes later sources win, case-insensitively. */
export function setAll(target: Headers, source: HeadersInit | undefined): Headers {
  if (source === undefined) return target;
  for (const [key, value] of new Headers(source)) target.set(key, value);
  return target;
}
