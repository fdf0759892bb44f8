/**
 * A webhook endpoint URL: absolute http(s), no credentials, no fragment, at most 2048 characters.
 * Returns the URL as WHATWG URL normalises it, or a one-line reason.
 */
export function parseWebhookUrl(value: string): { url: string } | { problem: string } {
  if (value.length > 2048) return { problem: 'is longer than 2048 characters' };
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return { problem: 'is not an http(s) URL, e.g. https://example.com/webhooks' };
  }
  if (url.username !== '' || url.password !== '') return { problem: 'must not contain credentials' };
  if (url.hash !== '') return { problem: 'must not contain a fragment' };
  return { url: url.href };
}
