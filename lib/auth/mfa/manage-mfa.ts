// TOTP MFA for a user: start (pending secret + backup codes), confirm with a first code, disable with a
// code, and check codes at login. Secrets are sealed under a master-derived key; backup codes are keyed
// hashes, each usable once; a TOTP code is refused the second time (replay guard in the store).
import type { z } from 'zod';
import { checkCodeCountingFailures } from '../lockout';
import type { ZMfaSetup, ZMfaStatus } from '../schemas';
import { VaultError } from '../../core/errors';
import type { Runtime } from '../../runtime/types';
import { findBackupCode, newBackupCodes } from './backup-codes';
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from './totp';

type MfaRuntime = Pick<Runtime, 'db' | 'keyring' | 'store' | 'config'>;

const invalidCode = () => new VaultError('invalid_credentials', 'Invalid MFA code');

export const MFA_NOT_ENABLED = 'MFA is not enabled';

/** The writes that replace a user's backup codes with new ones (in the caller's transaction). */
function replaceBackupCodes(runtime: MfaRuntime, userId: string) {
  const backup = newBackupCodes(runtime.keyring.serviceKey('backup-codes'));
  const { prisma } = runtime.db;
  return {
    codes: backup.codes,
    writes: [prisma.backupCode.deleteMany({ where: { userId } }), prisma.backupCode.createMany({ data: backup.hashes.map((codeHash) => ({ userId, codeHash })) })] as const,
  };
}

export async function startMfaSetup(runtime: MfaRuntime, options: { userId: string; email: string }): Promise<z.output<typeof ZMfaSetup>> {
  const secret = await newTotpSecret();
  const backup = replaceBackupCodes(runtime, options.userId);
  const { prisma } = runtime.db;
  await prisma.$transaction([
    prisma.user.update({ where: { id: options.userId }, data: { mfaPendingSecret: sealTotpSecret(runtime.keyring.serviceKey('totp'), options.userId, secret) as Buffer<ArrayBuffer> } }),
    ...backup.writes,
  ]);
  const uri = totpUri({ secret, accountName: options.email, issuer: 'Vault' });
  return { totp_uri: uri, qr_code: await totpQrDataUrl(uri), backup_codes: backup.codes };
}

export async function confirmMfaSetup(runtime: MfaRuntime, options: { userId: string; code: string }): Promise<void> {
  const { prisma } = runtime.db;
  const user = await prisma.user.findUniqueOrThrow({ where: { id: options.userId }, select: { mfaPendingSecret: true } });
  if (!user.mfaPendingSecret) throw new VaultError('conflict', 'Start MFA setup first: POST /user/settings/mfa {"enable": true}');
  const secret = openTotpSecret(runtime.keyring.serviceKey('totp'), options.userId, user.mfaPendingSecret);
  if (!(await verifyTotp({ secret, code: options.code, store: runtime.store, userId: options.userId }))) throw invalidCode();
  await prisma.user.update({ where: { id: options.userId }, data: { mfaEnabled: true, mfaSecret: user.mfaPendingSecret, mfaPendingSecret: null } });
}

/** A TOTP code of an MFA-enabled user (login step, disabling MFA). */
export async function checkTotpCode(runtime: MfaRuntime, options: { userId: string; code: string }): Promise<void> {
  const user = await runtime.db.prisma.user.findUniqueOrThrow({ where: { id: options.userId }, select: { mfaEnabled: true, mfaSecret: true } });
  if (!user.mfaEnabled || !user.mfaSecret) throw invalidCode();
  const secret = openTotpSecret(runtime.keyring.serviceKey('totp'), options.userId, user.mfaSecret);
  if (!(await verifyTotp({ secret, code: options.code, store: runtime.store, userId: options.userId }))) throw invalidCode();
}

/** Uses one backup code (atomically: a code works once even under concurrent use). */
export async function useBackupCode(runtime: MfaRuntime, options: { userId: string; code: string }): Promise<void> {
  const { prisma } = runtime.db;
  const codes = await prisma.backupCode.findMany({ where: { userId: options.userId, usedAt: null }, select: { id: true, codeHash: true } });
  const index = findBackupCode(runtime.keyring.backupCodeKeys(), options.code, codes.map((code) => code.codeHash));
  if (index < 0) throw invalidCode();
  const { count } = await prisma.backupCode.updateMany({ where: { id: codes[index]!.id, usedAt: null }, data: { usedAt: new Date() } });
  if (count !== 1) throw invalidCode();
}

/**
 * New backup codes for an MFA-enabled user, proven by a current TOTP code: the earlier codes (used or not)
 * stop working. 409 `mfa_not_enabled` while MFA is off; a wrong code counts towards the account lockout
 * (and every code is refused while locked), as when turning MFA off.
 */
export async function regenerateBackupCodes(runtime: MfaRuntime, options: { userId: string; code: string }): Promise<string[]> {
  const user = await runtime.db.prisma.user.findUniqueOrThrow({ where: { id: options.userId }, select: { mfaEnabled: true } });
  if (!user.mfaEnabled) throw new VaultError('mfa_not_enabled', MFA_NOT_ENABLED);
  await checkCodeCountingFailures(runtime, { userId: options.userId }, () => checkTotpCode(runtime, options));
  const backup = replaceBackupCodes(runtime, options.userId);
  await runtime.db.prisma.$transaction([...backup.writes]);
  return backup.codes;
}

export async function disableMfa(runtime: MfaRuntime, options: { userId: string; code: string }): Promise<void> {
  await checkTotpCode(runtime, options);
  await turnMfaOff(runtime, options.userId);
}

/** MFA off, its secrets and backup codes gone (the user may enrol again): after a code, or by an operator. */
export async function turnMfaOff(runtime: Pick<Runtime, 'db'>, userId: string): Promise<void> {
  const { prisma } = runtime.db;
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null } }),
    prisma.backupCode.deleteMany({ where: { userId } }),
  ]);
}

export async function mfaStatus(runtime: Pick<Runtime, 'db'>, userId: string): Promise<z.output<typeof ZMfaStatus>> {
  const { prisma } = runtime.db;
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { mfaEnabled: true } });
  const remaining = user.mfaEnabled ? await prisma.backupCode.count({ where: { userId, usedAt: null } }) : 0;
  return { enabled: user.mfaEnabled, backup_codes_remaining: remaining };
}
