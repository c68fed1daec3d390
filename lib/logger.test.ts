import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('logger', () => {
  it('writes JSON and redacts card and secret fields by path', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', destination: new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }) });
    logger.info({ cardNumber: '4000056655665556', data: { cvv: '739' }, body: { x: 1 }, req: { headers: { 'x-api-key': 'vk_test_secret' } }, requestId: 'r1' }, 'hello');
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ msg: 'hello', requestId: 'r1', cardNumber: '[redacted]', data: '[redacted]', body: '[redacted]' });
    expect(line.req.headers['x-api-key']).toBe('[redacted]');
    expect(lines[0]).not.toContain('4000056655665556');
    expect(lines[0]).not.toContain('vk_test_secret');
  });
});
