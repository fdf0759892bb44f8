import { CAPTCHA_TEST_TOKENS } from '@atrium/contract';
import { describe, expect, it } from 'vitest';
import { thrownBy } from '../test/support/thrown.js';
import { CliUsageError, parseCliArgs, START_USAGE, USAGE } from './cli-args.js';

describe('parseCliArgs', () => {
  it('answers help for --help, -h and help, and for start --help', () => {
    for (const argv of [['--help'], ['-h'], ['help']])
      expect(parseCliArgs(argv)).toEqual({ kind: 'help', text: USAGE });
    expect(parseCliArgs(['start', '--help'])).toEqual({ kind: 'help', text: START_USAGE });
  });

  it('documents every start option in both helps', () => {
    for (const flag of [
      '--port',
      '--host',
      '--data',
      '--database-url',
      '--media-dir',
      '--seed',
      '--client-id',
      '--redirect-origin',
      '--api-key',
      '--dev-api-key',
      '--log-level',
      '--registration',
      '--captcha',
      '--help',
    ]) {
      expect(START_USAGE).toContain(flag);
      expect(USAGE).toContain(flag);
    }
  });

  // No registration or captcha unless given: the stored site policy (set in the console) stays.
  it('gives start its defaults', () => {
    expect(parseCliArgs(['start'])).toEqual({
      kind: 'start',
      options: {
        port: 7070,
        host: '127.0.0.1',
        database: { kind: 'pglite', dataDir: './.atrium/data' },
        seed: 'none',
        clients: [],
        apiKeys: [],
        logLevel: 'info',
      },
    });
    expect(parseCliArgs(['start', '--captcha', 'off', '--dev-api-key'])).toMatchObject({
      options: { captcha: false, devApiKey: true },
    });
  });

  it('documents the captcha test tokens', () => {
    expect(START_USAGE).toContain(CAPTCHA_TEST_TOKENS.pass);
    expect(START_USAGE).toContain(CAPTCHA_TEST_TOKENS.fail);
  });

  it('reads every option, repeatable ones included', () => {
    const command = parseCliArgs([
      'start',
      '--port=0',
      '--host',
      '0.0.0.0',
      '--database-url',
      'postgres://u:p@db:5432/atrium',
      '--seed',
      'demo',
      '--client-id',
      'site',
      '--redirect-origin',
      'http://localhost:5173',
      '--redirect-origin',
      'https://site.example',
      '--api-key',
      'k1',
      '--api-key',
      'k2',
      '--log-level',
      'debug',
      '--registration',
      'approval',
      '--captcha',
      'on',
    ]);
    expect(command).toEqual({
      kind: 'start',
      options: {
        port: 0,
        host: '0.0.0.0',
        database: { kind: 'postgres', url: 'postgres://u:p@db:5432/atrium' },
        seed: 'demo',
        clients: [{ id: 'site', redirectOrigins: ['http://localhost:5173', 'https://site.example'] }],
        apiKeys: ['k1', 'k2'],
        logLevel: 'debug',
        registration: 'approval',
        captcha: true,
        mediaDir: './.atrium/media',
      },
    });
    expect(parseCliArgs(['start', '--media-dir', '/srv/media'])).toMatchObject({
      options: { mediaDir: '/srv/media' },
    });
  });

  it.each([
    [[], /missing command/],
    [['serve'], /unknown command "serve"/],
    [['start', '--bogus'], /Unknown option '--bogus'/],
    [['start', 'extra'], /Unexpected argument 'extra'/],
    [['start', '--port'], /'--port <value>' argument missing/],
    [['start', '--port', 'abc'], /--port must be a number/],
    [['start', '--port', '70000'], /--port must be a number from 0 to 65535/],
    [['start', '--seed', 'everything'], /--seed must be one of none, demo/],
    [['start', '--log-level', 'loud'], /--log-level must be one of/],
    [
      ['start', '--client-id', 'c', '--redirect-origin', 'http://site.example/path'],
      /invalid --redirect-origin/,
    ],
    [['start', '--client-id', 'c', '--redirect-origin', 'site.example'], /invalid --redirect-origin/],
    [['start', '--redirect-origin', 'http://site.example'], /--redirect-origin needs --client-id/],
    [['start', '--data', 'd', '--database-url', 'postgres://h/db'], /exclude each other/],
    [['start', '--database-url', 'mysql://h/db'], /--database-url must be a postgres:\/\/ URL/],
    [['start', '--client-id', ''], /--client-id must not be empty/],
    [['start', '--api-key', ' '], /--api-key must not be empty/],
    [['start', '--registration', 'anyone'], /--registration must be one of open, approval, verify-email/],
    [['start', '--captcha', 'yes'], /--captcha must be one of off, on/],
    [['start', '--dev-api-key', '--database-url', 'postgres://h/db'], /--dev-api-key needs a PGlite/],
    [['start', '--database-pool-size', '4'], /--database-pool-size needs --database-url/],
    ...['0', '1.5', 'x', '1001', '+2'].map((size) => [
      ['start', '--database-url', 'postgres://h/db', '--database-pool-size', size],
      /--database-pool-size must be a number from 1 to 1000/,
    ]),
  ] as [string[], RegExp][])('refuses %j with one line', (argv, reason) => {
    const error = thrownBy(() => parseCliArgs(argv));
    expect(error).toBeInstanceOf(CliUsageError);
    expect((error as Error).message).toMatch(reason);
    expect((error as Error).message).not.toContain('\n');
  });
});

describe('--database-pool-size', () => {
  it('sizes the PostgreSQL pool, and is left out when not given', () => {
    expect(
      parseCliArgs(['start', '--database-url', 'postgres://h/db', '--database-pool-size', '25']),
    ).toMatchObject({ options: { database: { kind: 'postgres', url: 'postgres://h/db', poolSize: 25 } } });
    expect(parseCliArgs(['start', '--database-url', 'postgres://h/db'])).not.toHaveProperty(
      'options.database.poolSize',
    );
    expect(START_USAGE).toContain('--database-pool-size <n>');
  });
});

describe('--request-log-size', () => {
  it('sizes the request log (0: none), refuses what is not a whole number, and is left out when not given', () => {
    expect(parseCliArgs(['start', '--request-log-size', '500'])).toMatchObject({
      options: { requestLogSize: 500 },
    });
    expect(parseCliArgs(['start', '--request-log-size', '0'])).toMatchObject({
      options: { requestLogSize: 0 },
    });
    for (const bad of ['-1', '1.5', 'many', '', '99999999999']) {
      expect(() => parseCliArgs(['start', '--request-log-size', bad])).toThrow('--request-log-size');
    }
    expect(parseCliArgs(['start'])).not.toHaveProperty('options.requestLogSize');
    expect(START_USAGE).toContain('--request-log-size <n>');
  });
});

describe('--public-url and --dev-mailbox', () => {
  it('reads them, and leaves them out when not given', () => {
    expect(
      parseCliArgs([
        'start',
        '--public-url',
        'https://auth.example.com',
        '--dev-mailbox',
        '--database-url',
        'postgres://h/db',
      ]),
    ).toMatchObject({ options: { publicUrl: 'https://auth.example.com', devMailbox: true } });
    const start = parseCliArgs(['start']);
    const options = start.kind === 'start' ? start.options : undefined;
    expect(options).not.toHaveProperty('publicUrl');
    expect(options).not.toHaveProperty('devMailbox');
    expect(START_USAGE).toContain('--public-url');
    expect(START_USAGE).toContain('--dev-mailbox');
  });

  it('refuses a public URL that is not an origin', () => {
    expect(() => parseCliArgs(['start', '--public-url', 'https://a.example/path'])).toThrow('--public-url');
  });
});

describe('export, import and reset', () => {
  it('an import with --collection loads items; without, it restores a state archive', () => {
    expect(parseCliArgs(['import', '--collection', 'Books', 'books.jsonl'])).toMatchObject({
      kind: 'data',
      command: { kind: 'import', collectionId: 'Books', path: 'books.jsonl' },
    });
    expect(parseCliArgs(['import', 'state.tar.gz', '--replace', '--data', 'd'])).toMatchObject({
      kind: 'state',
      command: {
        kind: 'import',
        file: 'state.tar.gz',
        replace: true,
        database: { kind: 'pglite', dataDir: 'd' },
      },
    });
    expect(parseCliArgs(['export', 'state.tar.gz'])).toMatchObject({
      kind: 'state',
      command: { kind: 'export', file: 'state.tar.gz' },
    });
    expect(USAGE).toMatch(/export {7}Save the whole local state/);
  });

  it('refuses reset without --yes, and --data with --database-url', () => {
    expect(() => parseCliArgs(['reset'])).toThrow(CliUsageError);
    expect(() => parseCliArgs(['reset'])).toThrow(/give --yes to confirm/);
    expect(parseCliArgs(['reset', '--yes'])).toMatchObject({ kind: 'state', command: { kind: 'reset' } });
    expect(() => parseCliArgs(['export', 'f', '--data', 'd', '--database-url', 'postgres://h/db'])).toThrow(
      /exclude each other/,
    );
  });
});
