// Bench only: a pg client on DATABASE_URL and the newest audit chain key from vault_keys, opened with
// VAULT_MASTER_KEY as the vault does at start (for the scripts that give bulk-loaded audit rows their writer MAC).
import pg from 'pg';
import { readChainKeys } from '../../lib/audit/chain-key';
import { Keyring } from '../../lib/crypto/keyring';
import { vaultKeyAad } from '../../lib/keys/vault-keys';

export async function connectWithChainKey(): Promise<{ client: pg.Client; key: Buffer }> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const sql = { query: async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[] };
    const newest = (await readChainKeys(sql as never)).at(-1);
    if (!newest) throw new Error('no audit chain key in vault_keys: start the vault (or run `vault migrate`) on this database first');
    return { client, key: new Keyring(Buffer.from(process.env.VAULT_MASTER_KEY ?? '', 'base64')).unwrapKey(newest.wrapped, vaultKeyAad(newest.name)) };
  } catch (error) {
    await client.end();
    throw error;
  }
}
