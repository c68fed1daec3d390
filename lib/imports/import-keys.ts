// A project's import keys (issue 26): OpenPGP key pairs senders encrypt card files to. The private key is
// wrapped by the master key at once (AAD bound to its row) and only ever unwrapped in memory to decrypt an
// import; the public key and its fingerprint are what the sender gets. A revoked key opens nothing more.
import type * as openpgp from 'openpgp';
import { generateImportKeyPair, readImportPrivateKey, type ImportKeyAlgorithm } from '../crypto/openpgp-keys';
import { uuidV7 } from '../crypto/uuid-v7';
import { importKeyAad } from '../keys/import-key-aad';
import type { Runtime } from '../runtime/types';

export type ImportKeyView = {
  fingerprint: string;
  project_id: string;
  algorithm: ImportKeyAlgorithm;
  public_key: string;
  created_at: string;
  revoked_at: string | null;
};

type ImportKeyRow = { id: string; project_id: string; fingerprint: string; algorithm: string; public_key: string; created_at: Date; revoked_at: Date | null };

const present = (row: ImportKeyRow): ImportKeyView => ({
  fingerprint: row.fingerprint,
  project_id: row.project_id,
  algorithm: row.algorithm as ImportKeyAlgorithm,
  public_key: row.public_key,
  created_at: new Date(row.created_at).toISOString(),
  revoked_at: row.revoked_at ? new Date(row.revoked_at).toISOString() : null,
});

const COLUMNS = 'id, project_id, fingerprint, algorithm, public_key, created_at, revoked_at';

/** Makes a key pair for the project; the caller has checked the project exists and who may do this. */
export async function createImportKey(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  options: { projectId: string; algorithm: ImportKeyAlgorithm; createdBy?: string | null },
): Promise<ImportKeyView> {
  const pair = await generateImportKeyPair(options.algorithm, `Vault import key, project ${options.projectId}`);
  const id = uuidV7();
  const wrapped = runtime.keyring.wrapKey(pair.privateKeyBinary, importKeyAad(id));
  pair.privateKeyBinary.fill(0);
  const [row] = await runtime.db.sql.query<ImportKeyRow>(
    `INSERT INTO import_keys (id, project_id, fingerprint, algorithm, public_key, private_key_wrapped, created_by)
     VALUES ($1::uuid, $2::uuid, $3, $4, $5, $6::bytea, $7::uuid) RETURNING ${COLUMNS}`,
    [id, options.projectId, pair.fingerprint, pair.algorithm, pair.publicKeyArmored, wrapped, options.createdBy ?? null],
  );
  return present(row!);
}

/** Keys newest first: one project's, or every project's (the CLI's `list` without --project). */
export async function listImportKeys(runtime: Pick<Runtime, 'db'>, options: { projectId?: string; projectIds?: string[] }): Promise<ImportKeyView[]> {
  const rows = options.projectId
    ? await runtime.db.sql.query<ImportKeyRow>(`SELECT ${COLUMNS} FROM import_keys WHERE project_id = $1::uuid ORDER BY created_at DESC, id DESC`, [options.projectId])
    : options.projectIds
      ? await runtime.db.sql.query<ImportKeyRow>(`SELECT ${COLUMNS} FROM import_keys WHERE project_id = ANY ($1::uuid[]) ORDER BY created_at DESC, id DESC`, [options.projectIds])
      : await runtime.db.sql.query<ImportKeyRow>(`SELECT ${COLUMNS} FROM import_keys ORDER BY created_at DESC, id DESC`, []);
  return rows.map(present);
}

/** One key by fingerprint (stored lowercase), or null. */
export async function findImportKey(runtime: Pick<Runtime, 'db'>, fingerprint: string): Promise<ImportKeyView | null> {
  const [row] = await runtime.db.sql.query<ImportKeyRow>(`SELECT ${COLUMNS} FROM import_keys WHERE fingerprint = $1`, [fingerprint]);
  return row ? present(row) : null;
}

/** Revokes a key (idempotent: a revoked key keeps its first revocation time). Null when there is none. */
export async function revokeImportKey(runtime: Pick<Runtime, 'db'>, fingerprint: string): Promise<ImportKeyView | null> {
  const [row] = await runtime.db.sql.query<ImportKeyRow>(
    `UPDATE import_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE fingerprint = $1 RETURNING ${COLUMNS}`,
    [fingerprint],
  );
  return row ? present(row) : null;
}

/** The project's usable (not revoked) private keys, unwrapped in memory, to decrypt one import file. */
export async function openImportDecryptionKeys(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  projectId: string,
): Promise<{ fingerprint: string; key: openpgp.PrivateKey }[]> {
  const rows = await runtime.db.sql.query<{ id: string; fingerprint: string; private_key_wrapped: Uint8Array }>(
    'SELECT id, fingerprint, private_key_wrapped FROM import_keys WHERE project_id = $1::uuid AND revoked_at IS NULL ORDER BY created_at DESC',
    [projectId],
  );
  return Promise.all(
    rows.map(async (row) => {
      const binary = runtime.keyring.unwrapKey(row.private_key_wrapped, importKeyAad(row.id));
      try {
        // OpenPGP.js keeps views into the bytes it reads: it gets its own copy, and the unwrapped one is wiped.
        return { fingerprint: row.fingerprint, key: await readImportPrivateKey(Uint8Array.from(binary)) };
      } finally {
        binary.fill(0);
      }
    }),
  );
}
