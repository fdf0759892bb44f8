const NODE_VERSION_REQUIRED = 'Node.js v18+ is required';

/**
 * The fetch to use: the given one, else `globalThis.fetch`, looked up per call so that it runs
 * with the right receiver in browsers and a later replacement (polyfill, test stub) is honoured.
 */
export function resolveFetch(option?: typeof fetch): typeof fetch {
  if (option) return option;
  if (typeof globalThis.fetch !== 'function') throw new Error(NODE_VERSION_REQUIRED);
  return (input, init) => globalThis.fetch(input, init);
}
