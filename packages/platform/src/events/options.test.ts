import { describe, expect, it } from 'vitest';
import { parseCliArgs, START_USAGE } from '../cli-args.js';
import { ConfigError, resolveConfig } from '../config.js';
import { resolveWebhookDelivery, WEBHOOK_DELIVERY_DEFAULTS } from './options.js';
import { parseWebhookUrl } from './webhook-url.js';

describe('webhook URLs', () => {
  it('accepts http(s) URLs with a path and query', () => {
    expect(parseWebhookUrl('https://example.com/hooks?x=1')).toEqual({
      url: 'https://example.com/hooks?x=1',
    });
    expect(parseWebhookUrl('http://127.0.0.1:8080')).toEqual({ url: 'http://127.0.0.1:8080/' });
  });

  it('refuses other schemes, credentials and fragments', () => {
    for (const url of [
      'ftp://example.com/',
      'example.com/hooks',
      'https://u:p@example.com/',
      'https://example.com/#x',
    ]) {
      expect(parseWebhookUrl(url)).toHaveProperty('problem');
    }
  });
});

describe('--webhook-url and webhookUrls', () => {
  it('is repeatable and described in the help', () => {
    const command = parseCliArgs([
      'start',
      '--webhook-url',
      'http://127.0.0.1:9/a',
      '--webhook-url',
      'https://b.example/hook',
    ]);
    expect(command).toMatchObject({
      kind: 'start',
      options: { webhookUrls: ['http://127.0.0.1:9/a', 'https://b.example/hook'] },
    });
    expect(parseCliArgs(['start'])).not.toHaveProperty('options.webhookUrls');
    expect(START_USAGE).toContain('--webhook-url <url>');
  });

  it('refuses a URL that is not http(s), naming the option', () => {
    expect(() => parseCliArgs(['start', '--webhook-url', 'ftp://x.example/'])).toThrow('--webhook-url');
    expect(() => parseCliArgs(['start', '--webhook-url', 'https://user:pw@x.example/'])).toThrow(
      'credentials',
    );
    expect(() => resolveConfig({ webhookUrls: ['nope'] })).toThrow(ConfigError);
  });

  it('resolves the delivery schedule, refusing nonsense', () => {
    const policy = resolveWebhookDelivery({});
    expect(policy).toMatchObject({ ...WEBHOOK_DELIVERY_DEFAULTS, paused: false });
    expect(resolveWebhookDelivery({ pollMs: 0 })).toMatch('pollMs');
    expect(resolveWebhookDelivery({ backoffMs: [] })).toMatch('backoffMs');
    expect(resolveWebhookDelivery({ timeoutMs: -1 })).toMatch('timeoutMs');
    expect(resolveWebhookDelivery({ batchSize: 1.5 })).toMatch('batchSize');
    for (const retainForMs of [0, -1, Number.NaN]) {
      expect(resolveWebhookDelivery({ retainForMs })).toMatch('retainForMs');
    }
    expect(resolveWebhookDelivery({ retainForMs: Number.POSITIVE_INFINITY })).toMatchObject({
      retainForMs: Number.POSITIVE_INFINITY,
    });
    expect(policy).toMatchObject({ retainForMs: 30 * 24 * 60 * 60 * 1000 });
    expect(() => resolveConfig({ webhookDelivery: { pollMs: Number.NaN } })).toThrow('pollMs');
  });
});
