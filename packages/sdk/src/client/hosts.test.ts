import { describe, expect, it } from 'vitest';
import { resolveHosts } from './hosts.js';

describe('resolveHosts', () => {
  it('defaults to the platform hosts', () => {
    expect(resolveHosts({})).toEqual({ api: 'https://www.wixapis.com', edge: 'https://edge.wixapis.com' });
  });

  it('points both hosts at baseUrl, without a trailing slash', () => {
    expect(resolveHosts({ baseUrl: 'http://127.0.0.1:7070/' })).toEqual({
      api: 'http://127.0.0.1:7070',
      edge: 'http://127.0.0.1:7070',
    });
  });

  it('lets edgeUrl override the edge host', () => {
    expect(resolveHosts({ baseUrl: 'https://api.example', edgeUrl: 'https://cdn.example/' })).toEqual({
      api: 'https://api.example',
      edge: 'https://cdn.example',
    });
    expect(resolveHosts({ edgeUrl: 'https://cdn.example' }).api).toBe('https://www.wixapis.com');
  });

  it('rejects relative and non-http URLs', () => {
    expect(() => resolveHosts({ baseUrl: 'localhost:7070' })).toThrow('baseUrl must use http or https');
    expect(() => resolveHosts({ baseUrl: '/api' })).toThrow('baseUrl must be an absolute http(s) URL');
    expect(() => resolveHosts({ edgeUrl: 'ftp://x' })).toThrow('edgeUrl must use http or https');
  });
});
