// An endpoint's signing secret at rest: sealed with AES-256-GCM under the project's data key (it signs, so
// it must be recoverable: not a hash), bound to its owner (`<projectId>/webhook-endpoint/<endpointId>`) so a
// sealed secret cannot be moved to another endpoint or project.
import { open, seal } from '../crypto/aead';
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import type { Runtime } from '../runtime/types';

export const webhookSecretAad = (projectId: string, endpointId: string) => `${projectId}/webhook-endpoint/${endpointId}`;

export async function projectKeyRef(runtime: Pick<Runtime, 'db'>, projectId: string): Promise<ProjectKeyRef> {
  return runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: PROJECT_KEY_COLUMNS });
}

export function sealEndpointSecret(runtime: Pick<Runtime, 'keyring'>, project: ProjectKeyRef, endpointId: string, secret: string): { sealed: Buffer<ArrayBuffer>; keyVersion: number } {
  const { encryption, version } = runtime.keyring.projectKeys(project);
  return { sealed: seal(encryption, secret, webhookSecretAad(project.id, endpointId)), keyVersion: version };
}

export async function openEndpointSecret(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  project: ProjectKeyRef,
  endpointId: string,
  stored: { sealed: Uint8Array; keyVersion: number },
): Promise<string> {
  const key = await encryptionKeyForVersion(runtime, project, stored.keyVersion);
  return open(key, stored.sealed, webhookSecretAad(project.id, endpointId)).toString('utf8');
}
