import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryStore } from '../store/memory-store';
import { claimIdempotencyKey } from './idempotency';

const stores: MemoryStore[] = [];
afterEach(async () => {
  await Promise.all(stores.splice(0).map((store) => store.close()));
});

function setup() {
  const store = new MemoryStore();
  stores.push(store);
  const encryptionKey = randomBytes(32);
  const claim = (fingerprint = 'fp-1', key = encryptionKey) =>
    claimIdempotencyKey({ store, applicationId: 'app-1', key: 'idem-1', fingerprint, runningTtlSeconds: 60, encryptionKey: key });
  const raw = () => [...(store as unknown as { entries: Map<string, { value: string }> }).entries.values()].map((entry) => entry.value);
  return { store, claim, raw };
}

describe('claimIdempotencyKey: records sealed at rest', () => {
  it('the running marker and the stored answer hold no plaintext, and the answer replays', async () => {
    const { claim, raw } = setup();
    const first = await claim();
    expect(first.kind).toBe('claimed');
    const [running] = raw();
    expect(running).toBeDefined();
    const readableRunning = `${running}${Buffer.from(running!, 'base64').toString('latin1')}`;
    expect(readableRunning).not.toMatch(/running|fp-1|fingerprint|state/);

    const answer = '{"success":true,"token":"tok_secretanswer","cvc_session_id":"5b0c"}';
    if (first.kind !== 'claimed') throw new Error('unreachable');
    await first.complete(new Response(answer, { status: 201, headers: { 'content-type': 'application/json' } }));
    const [done] = raw();
    const readableDone = `${done}${Buffer.from(done!, 'base64').toString('latin1')}`;
    expect(readableDone).not.toMatch(/tok_secretanswer|5b0c|fp-1|done|content-type/);
    expect(done).not.toContain(Buffer.from(answer).toString('base64').slice(0, 16));

    const replay = await claim();
    expect(replay.kind).toBe('replay');
    if (replay.kind !== 'replay') throw new Error('unreachable');
    expect(await replay.response.text()).toBe(answer);
    expect(replay.response.status).toBe(201);
  });

  it('a record sealed under another key is not replayed: 422', async () => {
    const { claim } = setup();
    const first = await claim();
    if (first.kind !== 'claimed') throw new Error('unreachable');
    await first.complete(new Response('{}', { status: 200 }));
    await expect(claim('fp-1', randomBytes(32))).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('another request with the same key: 409 while running, 422 once done', async () => {
    const { claim } = setup();
    const first = await claim();
    await expect(claim('fp-2')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
    await expect(claim('fp-1')).rejects.toMatchObject({ code: 'idempotency_in_progress' });
    if (first.kind !== 'claimed') throw new Error('unreachable');
    await first.complete(new Response('{}', { status: 200 }));
    await expect(claim('fp-2')).rejects.toMatchObject({ code: 'idempotency_key_reused' });
  });
});
