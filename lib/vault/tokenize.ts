// POST /tokenize's work: a new token (createToken), or with `deduplicate` the project's oldest active token
// of the same card or account, unchanged, with a fresh CVC session when a security code was sent.
import type { Runtime } from '../runtime/types';
import { createCvcSession } from './cvc-sessions';
import { createToken, type CreatedToken } from './create-token';
import { existingTokenMetadata, findOldestActiveToken, withCardClaim, type ExistingToken } from './deduplicate-token';
import { payloadFingerprint } from './token-payload';

type CreateOptions = Parameters<typeof createToken>[1];

export async function tokenize(
  runtime: Pick<Runtime, 'db' | 'store' | 'keyring'>,
  options: CreateOptions & { deduplicate?: boolean },
): Promise<{ status: 200 | 201; token: CreatedToken }> {
  const { deduplicate, ...create } = options;
  if (deduplicate === undefined) return { status: 201, token: await createToken(runtime, create) };
  if (!deduplicate) return { status: 201, token: { ...(await createToken(runtime, create)), deduplicated: false } };
  const { project } = options.principal;
  const fingerprint = payloadFingerprint(runtime.keyring.projectKeys(project).fingerprint, options.payload);
  const query = { projectId: project.id, fingerprint, type: options.payload.type };
  return withCardClaim(runtime.store, query, async () => {
    const existing = await findOldestActiveToken(runtime, { ...query, now: new Date() });
    if (!existing) return { status: 201 as const, token: { ...(await createToken(runtime, create)), deduplicated: false } };
    return { status: 200 as const, token: await presentExisting(runtime, options, existing) };
  });
}

async function presentExisting(runtime: Pick<Runtime, 'db' | 'store' | 'keyring'>, options: CreateOptions, row: ExistingToken): Promise<CreatedToken> {
  const { project } = options.principal;
  const keys = runtime.keyring.projectKeys(project);
  const metadata = await existingTokenMetadata(runtime, project, row);
  const cvcSessionId = options.cvv
    ? await createCvcSession({
        store: runtime.store,
        projectId: project.id,
        encryption: { key: keys.encryption, version: keys.version },
        tokenId: row.id,
        cvv: options.cvv,
        ...options.cvcSession,
      })
    : undefined;
  return {
    token: row.token,
    tokenId: row.id,
    ...(cvcSessionId ? { cvc_session_id: cvcSessionId } : {}),
    type: row.type,
    mask: row.mask,
    ...(row.type === 'card' ? { bin: row.bin, brand: row.brand } : {}),
    last4: row.last4,
    fingerprint: row.fingerprint,
    test_mode: row.test_mode,
    // The fields a 201 would show for this token: its format when asked for or not random, its metadata when it has some.
    ...(options.tokenFormat || row.token_format !== 'random' ? { token_format: row.token_format } : {}),
    created_at: new Date(row.created_at).toISOString(),
    ...(Object.keys(metadata).length ? { metadata } : {}),
    ...(row.expires_at ? { expires_at: new Date(row.expires_at).toISOString() } : {}),
    deduplicated: true,
  };
}
