// A merchant's processor configuration at rest: JSON sealed with AES-256-GCM under the project's data key
// (envelope encryption, like token data), bound to the merchant id so a sealed value cannot be moved to
// another merchant. PSP header values are secrets; they leave this module only through the charge path.
import type { TProcessorConfig } from '../checkout/processors/schemas';
import { open, seal } from '../crypto/aead';
import type { Runtime } from '../runtime';

const aadFor = (merchantId: string) => `vault/merchant-processor/${merchantId}`;

type ProjectKeyInput = { id: string; wrappedDataKey: Uint8Array };

export function sealProcessor(runtime: Pick<Runtime, 'keyring'>, project: ProjectKeyInput, merchantId: string, config: TProcessorConfig): Buffer<ArrayBuffer> {
  const { encryption } = runtime.keyring.projectKeys(project.id, project.wrappedDataKey);
  return seal(encryption, JSON.stringify(config), aadFor(merchantId));
}

export function openProcessor(runtime: Pick<Runtime, 'keyring'>, project: ProjectKeyInput, merchantId: string, sealed: Uint8Array): TProcessorConfig {
  const { encryption } = runtime.keyring.projectKeys(project.id, project.wrappedDataKey);
  return JSON.parse(open(encryption, sealed, aadFor(merchantId)).toString('utf8')) as TProcessorConfig;
}
