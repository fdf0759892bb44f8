import { describe, expect, it } from 'vitest';
import { createLogger, LOG_LEVELS } from './logger.js';

describe('createLogger', () => {
  it.each(LOG_LEVELS)('at %s writes exactly the levels that logs() reports', (level) => {
    const lines: string[] = [];
    const logger = createLogger(level, (line) => lines.push(line));
    logger.error('e');
    logger.warn('w');
    logger.info('i');
    logger.debug('d');
    const written = lines.map((line) => line.split(' ')[1]);
    const expected = (['error', 'warn', 'info', 'debug'] as const).filter((lineLevel) =>
      logger.logs(lineLevel),
    );
    expect(written).toEqual(expected);
    expect(expected.length).toBe(LOG_LEVELS.indexOf(level));
  });

  it('writes an ISO timestamp, the level and the message (with the stack of an error)', () => {
    const lines: string[] = [];
    const logger = createLogger('error', (line) => lines.push(line));
    logger.error('failed', new Error('boom'));
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z error failed\nError: boom\n/);
  });
});
