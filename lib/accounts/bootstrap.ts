// First start on an empty database: an account, its owner, a test project and one application with the
// tokenization permission. Secrets are returned once for the caller to print; only hashes are stored.
// A generated owner password is born expired: it was printed on a terminal (and maybe into a log
// collector), so the first sign-in answers `password_expired` and the owner must choose their own. A
// password the operator chose (VAULT_ADMIN_PASSWORD) is an ordinary password.
// An advisory lock makes concurrent first starts (several nodes) bootstrap exactly once.
import { hash } from '@node-rs/argon2';
import { GENERATED_PASSWORD_CHANGED_AT, generateOneTimePassword } from '../auth/one-time-password';
import type { Runtime } from '../runtime/types';
import { createApplication } from '../applications/create-application';
import { createProject } from '../projects/create-project';

const BOOTSTRAP_LOCK = 7_261_001;

export type BootstrapResult = {
  ownerEmail: string;
  /** Present only when generated (not taken from VAULT_ADMIN_PASSWORD). */
  generatedPassword?: string;
  projectId: string;
  applicationId: string;
  apiKey: string;
};

export async function bootstrapIfEmpty(runtime: Pick<Runtime, 'db' | 'keyring' | 'config'>): Promise<BootstrapResult | null> {
  const { prisma } = runtime.db;
  if ((await prisma.account.count()) > 0) return null;
  const email = (runtime.config.VAULT_ADMIN_EMAIL ?? 'admin@localhost').toLowerCase();
  const generatedPassword = runtime.config.VAULT_ADMIN_PASSWORD ? undefined : generateOneTimePassword();
  const passwordHash = await hash(runtime.config.VAULT_ADMIN_PASSWORD ?? generatedPassword!);
  return prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    if ((await tx.account.count()) > 0) return null;
    const account = await tx.account.create({ data: { name: 'Default account' } });
    await tx.user.create({
      data: { accountId: account.id, email, passwordHash, role: 'owner', ...(generatedPassword ? { passwordChangedAt: GENERATED_PASSWORD_CHANGED_AT } : {}) },
    });
    const scoped = { ...runtime, db: { ...runtime.db, prisma: tx as unknown as typeof prisma } };
    const project = await createProject(scoped, { accountId: account.id, name: 'Test project', environment: 'test', transaction: tx });
    const application = await createApplication(scoped, {
      projectId: project.id,
      environment: 'test',
      name: 'Default application',
      permissions: { tokenization: true, provisioning: false },
    });
    return { ownerEmail: email, generatedPassword, projectId: project.id, applicationId: application.id, apiKey: application.apiKey };
  });
}

/** The one-time banner: shown on the terminal, never written to the structured log. */
export function bootstrapBanner(result: BootstrapResult, appUrl: string): string {
  const lines = [
    '',
    '════════════════════ Vault is set up — this is shown only once ════════════════════',
    `  Owner:     ${result.ownerEmail}`,
    result.generatedPassword ? `  Password:  ${result.generatedPassword}   (generated and already expired: the first sign-in asks you to choose a new one)` : '  Password:  from VAULT_ADMIN_PASSWORD',
    `  Project:   ${result.projectId} (test)`,
    `  API key:   ${result.apiKey}`,
    '',
    '  Try it:',
    `  curl -s -X POST ${appUrl}/tokenize \\`,
    `    -H 'Content-Type: application/json' -H 'X-API-Key: ${result.apiKey}' \\`,
    `    -d '{"type":"card","data":{"cardNumber":"4242424242424242","expirationMonth":"12","expirationYear":"2030","cvv":"123"}}'`,
    '',
    '  Production projects send card data nowhere until their allowed_proxy_hosts names a host',
    '  (Projects → Destinations, or PUT /api/projects/{id}).',
    '════════════════════════════════════════════════════════════════════════════════════',
    '',
  ];
  return lines.join('\n');
}
