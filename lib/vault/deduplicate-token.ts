// `deduplicate: true` on tokenize (issue 25): the project's oldest active token of the same card or account
// (same fingerprint and type) is returned instead of a new one. Concurrent deduplicating calls for one card
// take turns through a short claim in the store, so they agree on one token rather than each making its own.
import type { KeyValueStore } from '../store/types';
import type { Runtime } from '../runtime/types';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import { activeTokenSql, LAST_USED_RESOLUTION } from '../tokens/token-status';
import { openMetadata, type TokenMetadata } from '../tokens/token-metadata-seal';
import type { TokenFormat } from '../tokens/token-format-names';

export type ExistingToken = {
  id: string;
  token: string;
  token_format: TokenFormat;
  type: 'card' | 'bank';
  mask: string;
  bin: string | null;
  last4: string;
  brand: string | null;
  fingerprint: string;
  test_mode: boolean;
  created_at: Date;
  expires_at: Date | null;
  key_version: number;
  metadata_sealed: Uint8Array | null;
};

// The oldest active token of the card, its last use recorded (a deduplicated tokenize is a use) in the
// same statement.
const FIND_OLDEST_ACTIVE = `
  WITH found AS (
    SELECT t.id, t.token, t.token_format::text AS token_format, t.type::text AS type, t.mask, t.bin, t.last4, t.brand, t.fingerprint,
           t.test_mode, t.created_at, t.expires_at, t.key_version, t.metadata_sealed
    FROM tokens t JOIN projects p ON p.id = t.project_id
    WHERE t.project_id = $1::uuid AND t.fingerprint = $2 AND t.type = $3::"TokenType" AND ${activeTokenSql('$4::timestamptz')}
    ORDER BY t.created_at, t.id LIMIT 1
  ),
  touched AS (
    UPDATE tokens SET last_used_at = $4::timestamptz FROM found
    WHERE tokens.id = found.id AND tokens.last_used_at < $4::timestamptz - interval '${LAST_USED_RESOLUTION}'
  )
  SELECT * FROM found`;

export async function findOldestActiveToken(
  runtime: Pick<Runtime, 'db'>,
  query: { projectId: string; fingerprint: string; type: 'card' | 'bank'; now: Date },
): Promise<ExistingToken | undefined> {
  const [row] = await runtime.db.sql.query<ExistingToken>(FIND_OLDEST_ACTIVE, [query.projectId, query.fingerprint, query.type, query.now], 'vault_find_oldest_active_token');
  return row;
}

/** The metadata of a found token, opened under the key version that sealed it. */
export async function existingTokenMetadata(runtime: Pick<Runtime, 'db' | 'keyring'>, project: ProjectKeyRef, row: ExistingToken): Promise<TokenMetadata> {
  if (!row.metadata_sealed) return {};
  const key = await encryptionKeyForVersion(runtime, project, row.key_version);
  return openMetadata(key, { projectId: project.id, tokenId: row.id }, row.metadata_sealed);
}

const CLAIM_SECONDS = 10;
const WAIT_STEP_MS = 25;
const WAIT_LIMIT_MS = 5_000;

/**
 * Runs `work` holding the claim of one card of a project. A call that finds the claim taken waits for it
 * (polling) up to WAIT_LIMIT_MS, then runs anyway: deduplication is then best effort, never a failure.
 */
export async function withCardClaim<T>(store: KeyValueStore, key: { projectId: string; fingerprint: string }, work: () => Promise<T>): Promise<T> {
  const claim = `dedup-claim:${key.projectId}:${key.fingerprint}`;
  const deadline = Date.now() + WAIT_LIMIT_MS;
  let held = await store.setIfAbsent(claim, '1', CLAIM_SECONDS);
  while (!held && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    held = await store.setIfAbsent(claim, '1', CLAIM_SECONDS);
  }
  try {
    return await work();
  } finally {
    if (held) await store.delete(claim).catch(() => {});
  }
}
