// Bench only (`node --import tsx`): the cost of the audit writer's row MAC (issue 21: one HMAC-SHA-256 per
// row), measured against the work every tokenize already does once, sealing the card under the project's
// key (AES-256-GCM), in the same process and run. Prints one JSON line: microseconds per call of each.
import { randomBytes } from 'node:crypto';
import { rowMac, writerContent, type WrittenRow } from '../../lib/audit/audit-row';
import { seal } from '../../lib/crypto/aead';
import { uuidV7 } from '../../lib/crypto/uuid-v7';

const CALLS = Number(process.env.BENCH_MAC_CALLS ?? 200_000);
const key = randomBytes(32);
// A tokenize's audit row and its card payload, as the vault writes them.
const row = (): WrittenRow => ({
  id: uuidV7(), action: 'tokenize', outcome: 'success', statusCode: 201, accountId: uuidV7(), projectId: uuidV7(), applicationId: uuidV7(),
  userId: null, tokenId: uuidV7(), resource: null, ip: '203.0.113.7', requestId: uuidV7(), createdAt: new Date(),
});
const card = JSON.stringify({ type: 'card', cardNumber: '4242424242424242', expirationMonth: '12', expirationYear: '2030', cardholderName: 'Jane Doe' });
const rows = Array.from({ length: 1000 }, row);

function timed(work: (index: number) => unknown): number {
  for (let index = 0; index < CALLS / 10; index++) work(index);
  const start = process.hrtime.bigint();
  for (let index = 0; index < CALLS; index++) work(index);
  return Number(process.hrtime.bigint() - start) / 1e3 / CALLS;
}

const results = { writerMacUs: [] as number[], cardSealUs: [] as number[] };
// Alternated, three times each: the machine's noise falls on both.
for (let round = 0; round < 3; round++) {
  results.writerMacUs.push(timed((index) => rowMac(key, writerContent(rows[index % rows.length]!))));
  results.cardSealUs.push(timed(() => seal(key, card, 'project:aad')));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
console.log(JSON.stringify({ writerMacUs: median(results.writerMacUs), cardSealUs: median(results.cardSealUs), contentBytes: Buffer.byteLength(writerContent(rows[0]!)) }));
