// During a Sentinel fail-over the old primary is demoted under an open connection: a READONLY answer
// makes the client reconnect (to the primary the sentinels name now) without sending the write again.
import { describe, expect, it } from 'vitest';
import { reconnectOnReadOnly } from './redis-client';

describe('reconnectOnReadOnly', () => {
  it('reconnects on READONLY, without resending the command (1, not 2)', () => {
    expect(reconnectOnReadOnly(new Error("READONLY You can't write against a read only replica."))).toBe(1);
  });

  it.each(['ERR unknown command', 'NOSCRIPT No matching script', 'Command timed out', 'LOADING Redis is loading'])('leaves %j alone', (message) => {
    expect(reconnectOnReadOnly(new Error(message))).toBe(false);
  });
});
