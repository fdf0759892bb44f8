import { describe, expect, it } from 'vitest';
import { statusCode } from './errors.js';

describe('statusCode', () => {
  it('upper-snake-cases an HTTP status text', () => {
    expect(statusCode('Not Found')).toBe('NOT_FOUND');
    expect(statusCode('Payload Too Large')).toBe('PAYLOAD_TOO_LARGE');
    expect(statusCode("I'm a teapot")).toBe('I_M_A_TEAPOT');
  });
});
