// The tokenize section's second reference: bare node:http doing only the work every token requires, with
// the vault's own code for it — parse JSON, seal the card (AES-256-GCM), its fingerprint, the audit row's
// writer MAC, the `token.created` envelope, and the vault's grouped statement (token + audit row + event,
// lib/vault/insert-token.ts). No auth, routing, validation, idempotency, rate limit, logs or metrics. The
// vault ÷ this is how much of the gap to the raw baseline is the vault's own overhead; this ÷ the baseline
// is the most any vault writing those three rows can reach on the machine. Env: DATABASE_URL (migrated,
// with one application: the bench makes it with the CLI), PORT.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { detectBrand, displayedBin, last4, maskPan } from '../../lib/cards/card-rules';
import { randomIdentifier62 } from '../../lib/crypto/random';
import { uuidV7 } from '../../lib/crypto/uuid-v7';
import { connectDatabase } from '../../lib/db/connect';
import { newEventId, serialiseEnvelope } from '../../lib/events/record-event';
import { tokenCreatedData } from '../../lib/tokens/token-event-data';
import { insertTokenWithAudit } from '../../lib/vault/insert-token';
import { payloadFingerprint, sealPayload, type TokenPayload } from '../../lib/vault/token-payload';

const db = await connectDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '', poolSize: 20 });
const [found] = await db.sql.query<{ projectId: string; applicationId: string; accountId: string }>(
  'SELECT a.project_id AS "projectId", a.id AS "applicationId", p.account_id AS "accountId" FROM applications a JOIN projects p ON p.id = a.project_id LIMIT 1',
);
if (!found) throw new Error('required-writes: the database has no application (make one with `vault app create`)');
const owner = found;
// Keys of this process only: no sealer or verifier reads these rows.
const chainKey = randomBytes(32);
const keyring = { auditChainKey: () => chainKey };
const keys = { encryption: randomBytes(32), fingerprint: randomBytes(32) };

async function tokenize(body: { data: Omit<Extract<TokenPayload, { type: 'card' }>, 'type'> }): Promise<string> {
  const payload: TokenPayload = { type: 'card', ...body.data };
  const pan = payload.cardNumber;
  const id = uuidV7();
  const createdAt = new Date();
  const row = {
    id, token: `tok_${randomIdentifier62(24)}`, projectId: owner.projectId, applicationId: owner.applicationId, type: 'card' as const,
    ciphertext: sealPayload(keys.encryption, { projectId: owner.projectId, tokenId: id }, payload), keyVersion: 1,
    mask: maskPan(pan), bin: displayedBin(pan), last4: last4(pan), brand: detectBrand(pan), fingerprint: payloadFingerprint(keys.fingerprint, payload),
    testMode: false, createdAt, tokenFormat: 'random' as const,
  };
  const eventOf = (current: Parameters<typeof tokenCreatedData>[0]) => {
    const eventId = newEventId();
    return { id: eventId, body: serialiseEnvelope(eventId, { projectId: owner.projectId, livemode: false, type: 'token.created' as const, data: tokenCreatedData(current) }, createdAt) };
  };
  const audit = { action: 'tokenize', outcome: 'success' as const, statusCode: 201, requestId: randomIdentifier62(16), accountId: owner.accountId, projectId: owner.projectId, applicationId: owner.applicationId, ip: '127.0.0.1' };
  await insertTokenWithAudit({ db, keyring }, row, audit, { eventOf, nextValue: () => `tok_${randomIdentifier62(24)}` });
  return row.token;
}

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    try {
      const token = await tokenize(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: true, token }));
    } catch {
      res.writeHead(500);
      res.end();
    }
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\n'));
process.on('SIGTERM', () => server.close(() => db.close().then(() => process.exit(0))));
