// A merchant's processor configuration at rest: JSON sealed with AES-256-GCM under the project's data key
// (envelope encryption, like token data), bound to its owner (`<projectId>/<merchantId>`) so a sealed value
// cannot be moved to another merchant or project. PSP header values are secrets; they leave this module
// only through the charge path. Version 0 stamps mark values sealed before owner binding.
import type { TProcessorConfig } from './processor-schemas';
import { open, seal } from '../crypto/aead';
import type { ProjectKeyRef } from '../crypto/keyring';
import { encryptionKeyForVersion } from '../keys/data-key-versions';
import type { Runtime } from '../runtime/types';

export const processorAad = (projectId: string, merchantId: string, keyVersion: number) =>
  keyVersion === 0 ? `vault/merchant-processor/${merchantId}` : `${projectId}/${merchantId}`;

/** The sealed configuration and the data key version it is sealed under (stored together). */
export function sealProcessor(
  runtime: Pick<Runtime, 'keyring'>,
  project: ProjectKeyRef,
  merchantId: string,
  config: TProcessorConfig,
): { processorSealed: Buffer<ArrayBuffer>; processorKeyVersion: number } {
  const { encryption, version } = runtime.keyring.projectKeys(project);
  return { processorSealed: seal(encryption, JSON.stringify(config), processorAad(project.id, merchantId, version)), processorKeyVersion: version };
}

export async function openProcessor(
  runtime: Pick<Runtime, 'db' | 'keyring'>,
  project: ProjectKeyRef,
  merchant: { id: string; processorSealed: Uint8Array; processorKeyVersion: number },
): Promise<TProcessorConfig> {
  const key = await encryptionKeyForVersion(runtime, project, merchant.processorKeyVersion);
  return JSON.parse(open(key, merchant.processorSealed, processorAad(project.id, merchant.id, merchant.processorKeyVersion)).toString('utf8')) as TProcessorConfig;
}
