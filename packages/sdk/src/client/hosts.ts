import { DEFAULT_HOSTS } from '@atrium/contract/routes/core';

/** The two hosts every request goes to (docs/wire.md §1.1): the standard API host and the edge (CDN) host. */
export interface Hosts {
  api: string;
  edge: string;
}

export interface HostOptions {
  /** One origin for every request, auth included, e.g. a local platform at `http://127.0.0.1:7070`. */
  baseUrl?: string;
  /** The edge host; defaults to `baseUrl` when that is given, else the platform's edge host. */
  edgeUrl?: string;
}

/** Accepts http and https URLs only and strips trailing slashes, so paths can be appended as-is. */
export function normalizeBaseUrl(url: string, optionName: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new TypeError(`${optionName} must be an absolute http(s) URL, received "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`${optionName} must use http or https, received "${url}"`);
  }
  return url.replace(/\/+$/, '');
}

export function resolveHosts({ baseUrl, edgeUrl }: HostOptions): Hosts {
  const api = baseUrl === undefined ? DEFAULT_HOSTS.api : normalizeBaseUrl(baseUrl, 'baseUrl');
  const edge =
    edgeUrl !== undefined
      ? normalizeBaseUrl(edgeUrl, 'edgeUrl')
      : baseUrl !== undefined
        ? api
        : DEFAULT_HOSTS.edge;
  return { api, edge };
}
