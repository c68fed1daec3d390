// Exports (issue 26) through the API: request, approval by a second owner, the streamed download decrypted
// with the recipient's private key (exactly the project's active cards, as detokenize reveals them, never a
// CVC), the recipient key's strength rule, the two-person rule, expiry, one export in flight, the second
// download, and the security table (no session, roles, MFA, another account, cross-site cookie requests).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveExport } from '@/lib/exports/approve-export';
import { downloadExport } from '@/lib/exports/download-export';
import { getExportOrThrow } from '@/lib/exports/get-export-or-throw';
import { requestExport } from '@/lib/exports/request-export';
import { expectError, expectFieldError, expectUnauthorized, managementCall, startManagementVault, type ManagementVault } from '../helpers/management';
import { addOwner, decryptExport, detokenized, download, parseCsv, recipientKey, seedCards, turnOnMfa, type Recipient, type SeededCards } from '../helpers/exports';
import { createProject } from '@/lib/projects/create-project';
import { createApplication } from '@/lib/applications/create-application';

let m: ManagementVault;
let owner2: { id: string; jwt: string };
let recipient: Recipient;
let cards: SeededCards;
const MFA_MESSAGE = 'This action needs a session verified with MFA: turn on MFA and sign in again';

/** A fresh test project of the account with a full API key (each test that needs its own exports slot). */
async function freshProject(name: string) {
  const project = await createProject(m.vault.runtime, { accountId: m.users.accountId, name, environment: 'test' });
  const app = await createApplication(m.vault.runtime, { projectId: project.id, environment: 'test', name: 'exports', permissions: { tokenization: true, provisioning: false } });
  return { projectId: project.id, key: app.apiKey };
}

const request = (jwt: string | null, body: unknown, options: { cookie?: boolean; headers?: Record<string, string> } = {}) =>
  managementCall(m.vault, jwt, 'POST', '/api/exports', { json: body, ...options });
const approve = (jwt: string | null, id: string, options: { cookie?: boolean; headers?: Record<string, string> } = {}) =>
  managementCall(m.vault, jwt, 'POST', `/api/exports/${id}/approve`, options);

beforeAll(async () => {
  m = await startManagementVault('exports');
  owner2 = await addOwner(m.vault, m.users.accountId, 'exports');
  await turnOnMfa(m.vault, [m.users.owner.id, owner2.id, m.users.admin.id, m.users.developer.id, m.users.viewer.id]);
  recipient = await recipientKey({ type: 'ecc', curve: 'curve25519Legacy' });
  cards = await seedCards(m.vault, m.vault.tenants.test.keys.full);
}, 60_000);
afterAll(async () => m?.vault.close());

describe('exports: request → approve → download', () => {
  let exportId: string;

  it('an owner requests an export of every card: 201 pending_approval, expiring in 24 h', async () => {
    const before = Date.now();
    const response = await request(m.jwts.owner, { project_id: m.vault.tenants.test.projectId, recipient_public_key: recipient.publicKey, all: true });
    expect(response.status, response.text).toBe(201);
    const data = response.json.data;
    exportId = data.id;
    expect(data).toMatchObject({
      project_id: m.vault.tenants.test.projectId,
      status: 'pending_approval',
      format: 'csv',
      all: true,
      tokens_count: 0,
      recipient_fingerprint: recipient.fingerprint,
      requested_by: m.users.owner.id,
      approved_by: null,
      approved_via: null,
      rows_exported: null,
      approved_at: null,
      downloaded_at: null,
    });
    const expires = Date.parse(data.expires_at) - Date.parse(data.created_at);
    expect(expires).toBe(24 * 60 * 60 * 1000);
    expect(Date.parse(data.created_at)).toBeGreaterThanOrEqual(before - 1000);
    // Nothing in the body echoes the key's text.
    expect(response.text).not.toContain('BEGIN PGP');
  });

  it('is not downloadable before the approval (409), and a second request for the project is a 409 while it is in flight', async () => {
    const early = await download(m.vault, m.jwts.owner, exportId);
    expect(early.status).toBe(409);
    expect(early.json.error).toEqual({ code: 'conflict', message: 'This export has not been approved yet: a second owner must approve it first' });
    const second = await request(owner2.jwt, { project_id: m.vault.tenants.test.projectId, recipient_public_key: recipient.publicKey, all: true });
    expectError(second, 409, 'conflict', 'This project already has an export in flight (pending approval, or approved and not downloaded): wait for it to be downloaded or to expire');
  });

  it('the requester cannot approve their own export (403), another owner can; the audit row names both', async () => {
    const own = await approve(m.jwts.owner, exportId);
    expectError(own, 403, 'insufficient_permissions', 'You requested this export: another owner must approve it (two-person rule)');
    const approved = await approve(owner2.jwt, exportId);
    expect(approved.status, approved.text).toBe(200);
    expect(approved.json.data).toMatchObject({ status: 'approved', requested_by: m.users.owner.id, approved_by: owner2.id, approved_via: 'owner' });
    const again = await approve(owner2.jwt, exportId);
    expectError(again, 409, 'conflict', 'This export is already approved, not pending approval');
    const rows = await m.vault.runtime.db.sql.query<{ user_id: string; resource: string; outcome: string }>(
      `SELECT user_id, resource, outcome FROM audit_logs WHERE action = 'export.approve' AND resource LIKE $1 ORDER BY seq`,
      [`export:${exportId}%`],
    );
    expect(rows.map((row) => [row.user_id, row.outcome])).toEqual([[m.users.owner.id, 'failure'], [owner2.id, 'success'], [owner2.id, 'failure']]);
    expect(rows[1]!.resource).toBe(`export:${exportId}:requested_by:user:${m.users.owner.id}:approved_by:user:${owner2.id}`);
  });

  it('either owner downloads the file once: OpenPGP to the recipient key only, exactly the active cards as detokenize reveals them, no CVC', async () => {
    const file = await download(m.vault, m.jwts.owner, exportId);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pgp-encrypted');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="export-${exportId}.csv.pgp"`);
    const { text, keyIds, filename } = await decryptExport(file.body, recipient);
    expect(filename).toBe('cards.csv');
    // Encrypted to the recipient's encryption subkey, and to nothing else.
    expect(keyIds).toEqual([(await recipient.privateKey.getEncryptionKey()).getKeyID().toHex()]);
    expect(text.split('\r\n')[0]).toBe('token,card_number,exp_month,exp_year,cardholder_name,external_id,metadata.customer_id,metadata.note,metadata.plan,fingerprint');
    const rows = parseCsv(text);
    const expected = await detokenized(m.vault, m.vault.tenants.test.keys.full, cards.active.map((card) => card.token));
    expect(new Set(rows.map((row) => row.token))).toEqual(new Set(expected.keys()));
    expect(rows).toHaveLength(cards.active.length);
    const fingerprints = await m.vault.runtime.db.sql.query<{ token: string; fingerprint: string }>('SELECT token, fingerprint FROM tokens WHERE token = ANY ($1::text[])', [[...expected.keys()]]);
    for (const row of rows) {
      const card = expected.get(row.token!)!;
      const metadata = cards.active.find((seeded) => seeded.token === row.token)!.metadata;
      expect(row).toEqual({
        token: row.token,
        card_number: card.card_number,
        exp_month: card.exp_month,
        exp_year: card.exp_year,
        cardholder_name: card.cardholder_name ?? '',
        external_id: '',
        'metadata.customer_id': metadata.customer_id ?? '',
        'metadata.note': metadata.note ?? '',
        'metadata.plan': metadata.plan ?? '',
        fingerprint: fingerprints.find((found) => found.token === row.token)!.fingerprint,
      });
    }
    expect(rows.find((row) => row.cardholder_name)?.cardholder_name).toBe('Jane Doe');
    for (const skipped of [cards.deleted, cards.expired, cards.bank]) expect(text).not.toContain(skipped);
    expect(text.toLowerCase()).not.toMatch(/cvv|cvc|security_code/);
    // The ciphertext holds no card number in clear.
    expect(Buffer.from(file.body).toString('latin1')).not.toContain('4242424242424242');
  });

  it('marks it downloaded with its count, sends export.completed (counts only), and a second download is a 409', async () => {
    const state = await managementCall(m.vault, owner2.jwt, 'GET', `/api/exports/${exportId}`);
    expect(state.json.data).toMatchObject({ status: 'downloaded', rows_exported: cards.active.length });
    expect(state.json.data.downloaded_at).toEqual(expect.any(String));
    const second = await download(m.vault, owner2.jwt, exportId);
    expect(second.status).toBe(409);
    expect(second.json.error).toEqual({ code: 'conflict', message: 'This export has already been downloaded: a file is handed out once; request a new export' });
    const [event] = await m.vault.runtime.db.sql.query<{ body: string }>(`SELECT body FROM webhook_events WHERE project_id = $1::uuid AND type = 'export.completed'`, [m.vault.tenants.test.projectId]);
    expect(JSON.parse(event!.body).data).toEqual({
      export_id: exportId,
      format: 'csv',
      rows_exported: cards.active.length,
      requested_by: m.users.owner.id,
      approved_by: owner2.id,
      recipient_fingerprint: recipient.fingerprint,
    });
    const actions = await m.vault.runtime.db.sql.query<{ action: string; outcome: string }>(`SELECT action, outcome FROM audit_logs WHERE resource LIKE $1 ORDER BY seq`, [`export:${exportId}%`]);
    // Every attempt: the request, the early download (409), three approvals (403, 200, 409), the download
    // and its completion, the second download (409).
    expect(actions.map((row) => `${row.action}:${row.outcome}`).sort()).toEqual(
      ['export.request:success', 'export.download:failure', 'export.approve:failure', 'export.approve:success', 'export.approve:failure', 'export.download:success', 'export.download_completed:success', 'export.download:failure'].sort(),
    );
  });

  it('lists the project\'s exports newest first (owner and admin), with the state', async () => {
    const list = await managementCall(m.vault, m.jwts.admin, 'GET', `/api/exports?project_id=${m.vault.tenants.test.projectId}`);
    expect(list.status, list.text).toBe(200);
    expect(list.json.data.map((row: { id: string; status: string }) => [row.id, row.status])).toEqual([[exportId, 'downloaded']]);
  });
});

describe('exports: a token list and JSON Lines', () => {
  it('exports only the listed tokens (a deleted one listed is accepted and skipped), metadata as an object', async () => {
    const project = await freshProject('Exports list project');
    const seeded = await seedCards(m.vault, project.key, 3);
    const listed = [seeded.active[0]!.token, seeded.active[1]!.token, seeded.deleted];
    const created = await request(owner2.jwt, { project_id: project.projectId, recipient_public_key: recipient.publicKey, tokens: listed, format: 'jsonl' });
    expect(created.status, created.text).toBe(201);
    expect(created.json.data).toMatchObject({ all: false, tokens_count: 3, format: 'jsonl' });
    expect((await approve(m.jwts.owner, created.json.data.id)).status).toBe(200);
    // The approver downloads this time.
    const file = await download(m.vault, m.jwts.owner, created.json.data.id);
    expect(file.status).toBe(200);
    const { text, filename } = await decryptExport(file.body, recipient);
    expect(filename).toBe('cards.jsonl');
    const lines = text.trimEnd().split('\n').map((line) => JSON.parse(line));
    const expected = await detokenized(m.vault, project.key, listed.slice(0, 2));
    expect(lines.map((line) => line.token).sort()).toEqual([...expected.keys()].sort());
    for (const line of lines) {
      expect(Object.keys(line)).toEqual(['token', 'card_number', 'exp_month', 'exp_year', 'cardholder_name', 'external_id', 'metadata', 'fingerprint']);
      expect(line).toMatchObject({ ...expected.get(line.token), external_id: null, metadata: seeded.active.find((card) => card.token === line.token)!.metadata });
    }
  });
});

describe('exports: a download that breaks off', () => {
  it('goes back to approved (audited export.download_failed), and a later download is whole', async () => {
    const project = await freshProject('Exports abort project');
    await seedCards(m.vault, project.key, 3);
    const created = await request(m.jwts.owner, { project_id: project.projectId, recipient_public_key: recipient.publicKey, all: true });
    expect((await approve(owner2.jwt, created.json.data.id)).status).toBe(200);
    const { stream } = await downloadExport(m.vault.runtime, { accountId: m.users.accountId, exportId: created.json.data.id, userId: m.users.owner.id });
    expect((await managementCall(m.vault, m.jwts.owner, 'GET', `/api/exports/${created.json.data.id}`)).json.data.status).toBe('downloaded');
    // The reader takes the first bytes, then goes away (a closed connection cancels the response body).
    const reader = stream.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel(new Error('client went away'));
    const state = await managementCall(m.vault, m.jwts.owner, 'GET', `/api/exports/${created.json.data.id}`);
    expect(state.json.data).toMatchObject({ status: 'approved', downloaded_at: null, rows_exported: null });
    const failed = await m.vault.runtime.db.sql.query<{ outcome: string }>(`SELECT outcome FROM audit_logs WHERE action = 'export.download_failed' AND resource = $1`, [`export:${created.json.data.id}`]);
    expect(failed).toEqual([{ outcome: 'failure' }]);
    const file = await download(m.vault, owner2.jwt, created.json.data.id);
    expect(file.status).toBe(200);
    expect(parseCsv((await decryptExport(file.body, recipient)).text)).toHaveLength(3);
  });
});

describe('exports: refusals', () => {
  let project: { projectId: string; key: string };
  let token: string;
  beforeAll(async () => {
    project = await freshProject('Exports refusals project');
    token = (await seedCards(m.vault, project.key, 1)).active[0]!.token;
  });

  it.each([
    ['RSA-2048', { type: 'rsa', rsaBits: 2048 } as const, 'recipient_public_key is RSA-2048: RSA keys must have at least 3072 bits'],
    ['NIST P-256', { type: 'ecc', curve: 'nistP256' } as const, 'recipient_public_key uses nistP256: only RSA (3072 bits or more) and Curve25519 keys are accepted'],
  ])('refuses a weak recipient key (%s) with the reason', async (_name, options, message) => {
    const weak = await recipientKey(options);
    const response = await request(m.jwts.owner, { project_id: project.projectId, recipient_public_key: weak.publicKey, all: true });
    expectFieldError(response, 'recipient_public_key', message);
  });

  it.each([
    ['not a key', { recipient_public_key: 'hello' }, 'recipient_public_key', 'recipient_public_key is not an armored OpenPGP public key'],
    ['neither tokens nor all', { all: undefined }, 'tokens', 'send exactly one of tokens (a list) and all: true'],
    ['both tokens and all', { tokens: ['tok_x'] }, 'tokens', 'send exactly one of tokens (a list) and all: true'],
    ['an empty list', { all: undefined, tokens: [] }, 'tokens', 'tokens must list at least one token (or send all: true instead)'],
    ['a bad format', { format: 'xml' }, 'format', 'format must be csv or jsonl'],
  ])('400 for %s', async (_name, change, path, message) => {
    const response = await request(m.jwts.owner, { project_id: project.projectId, recipient_public_key: recipient.publicKey, all: true, ...change });
    expectFieldError(response, path, message);
  });

  it('refuses listed values that are not tokens of this project, by position, without echoing them', async () => {
    const other = (await seedCards(m.vault, m.vault.tenants.other.keys.full, 1)).active[0]!.token;
    const response = await request(m.jwts.owner, { project_id: project.projectId, recipient_public_key: recipient.publicKey, tokens: [token, other, 'tok_nope'] });
    expectFieldError(response, 'tokens', 'tokens[1], tokens[2] are not tokens of this project');
    expect(response.text).not.toContain(other);
  });

  it('an unapproved request expires after 24 h: approving it is a 409 and it reads expired (audited export.expired)', async () => {
    const created = await request(m.jwts.owner, { project_id: project.projectId, recipient_public_key: recipient.publicKey, all: true });
    expect(created.status, created.text).toBe(201);
    const id = created.json.data.id;
    // The clock moved 24 h and a second: the domain takes the time it judges by.
    const later = new Date(Date.parse(created.json.data.created_at) + 24 * 60 * 60 * 1000 + 1000);
    await expect(approveExport(m.vault.runtime, { accountId: m.users.accountId, exportId: id, approverId: owner2.id, now: later })).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'This export request has expired (24 hours without approval, or without download once approved): request a new one',
    });
    expect((await getExportOrThrow(m.vault.runtime, { accountId: m.users.accountId, exportId: id })).status).toBe('expired');
    const api = await approve(owner2.jwt, id);
    expectError(api, 409, 'conflict', 'This export request has expired (24 hours without approval, or without download once approved): request a new one');
    expect((await managementCall(m.vault, m.jwts.owner, 'GET', `/api/exports/${id}`)).json.data.status).toBe('expired');
    const audited = await m.vault.runtime.db.sql.query<{ action: string }>(`SELECT action FROM audit_logs WHERE action = 'export.expired' AND resource LIKE $1`, [`export:${id}%`]);
    expect(audited).toHaveLength(1);
    // An expired request is not in flight: a new one may be made.
    const next = await requestExport(m.vault.runtime, { accountId: m.users.accountId, requestedBy: m.users.owner.id, input: { project_id: project.projectId, recipient_public_key: recipient.publicKey, all: true, format: 'csv' }, now: later });
    expect(next.status).toBe('pending_approval');
  });

  it('an approved export not downloaded within 24 h of its approval expires too', async () => {
    const fresh = await freshProject('Exports approved expiry');
    await seedCards(m.vault, fresh.key, 1);
    const created = await request(m.jwts.owner, { project_id: fresh.projectId, recipient_public_key: recipient.publicKey, all: true });
    const approved = await approve(owner2.jwt, created.json.data.id);
    expect(Date.parse(approved.json.data.expires_at) - Date.parse(approved.json.data.approved_at)).toBe(24 * 60 * 60 * 1000);
    await m.vault.runtime.db.sql.query(`UPDATE exports SET expires_at = now() - interval '1 second' WHERE id = $1::uuid`, [created.json.data.id]);
    const file = await download(m.vault, m.jwts.owner, created.json.data.id);
    expect(file.status).toBe(409);
    expect(file.json.error.message).toBe('This export request has expired (24 hours without approval, or without download once approved): request a new one');
  });
});

describe('exports: security', () => {
  let exportId: string;
  let projectId: string;
  beforeAll(async () => {
    const project = await freshProject('Exports security project');
    projectId = project.projectId;
    await seedCards(m.vault, project.key, 1);
    const created = await request(m.jwts.owner, { project_id: projectId, recipient_public_key: recipient.publicKey, all: true });
    exportId = created.json.data.id;
  });
  const body = () => ({ project_id: projectId, recipient_public_key: recipient.publicKey, all: true });

  it('401 without a session on every route', async () => {
    expectUnauthorized(await request(null, body()));
    expectUnauthorized(await approve(null, exportId));
    expectUnauthorized(await managementCall(m.vault, null, 'GET', `/api/exports/${exportId}`));
    expectUnauthorized(await managementCall(m.vault, null, 'GET', `/api/exports?project_id=${projectId}`));
    expectUnauthorized(await managementCall(m.vault, null, 'GET', `/api/exports/${exportId}/download`));
  });

  it.each(['admin', 'developer', 'viewer'] as const)('a %s cannot request, approve or download an export (403)', async (role) => {
    expectError(await request(m.jwts[role], body()), 403, 'insufficient_permissions', 'Insufficient permissions');
    expectError(await approve(m.jwts[role], exportId), 403, 'insufficient_permissions', 'Insufficient permissions');
    expectError(await managementCall(m.vault, m.jwts[role], 'GET', `/api/exports/${exportId}/download`), 403, 'insufficient_permissions', 'Insufficient permissions');
  });

  it.each(['developer', 'viewer'] as const)('a %s cannot read exports (403)', async (role) => {
    expectError(await managementCall(m.vault, m.jwts[role], 'GET', `/api/exports/${exportId}`), 403, 'insufficient_permissions', 'Insufficient permissions');
    expectError(await managementCall(m.vault, m.jwts[role], 'GET', `/api/exports?project_id=${projectId}`), 403, 'insufficient_permissions', 'Insufficient permissions');
  });

  it('an owner without MFA gets 403 mfa_required on request, approve and download', async () => {
    const plain = await addOwner(m.vault, m.users.accountId, 'exports-nomfa');
    expectError(await request(plain.jwt, body()), 403, 'mfa_required', MFA_MESSAGE);
    expectError(await approve(plain.jwt, exportId), 403, 'mfa_required', MFA_MESSAGE);
    expectError(await managementCall(m.vault, plain.jwt, 'GET', `/api/exports/${exportId}/download`), 403, 'mfa_required', MFA_MESSAGE);
    const [row] = await m.vault.runtime.db.sql.query<{ outcome: string; status_code: number }>(`SELECT outcome, status_code FROM audit_logs WHERE action = 'export.approve' AND user_id = $1::uuid`, [plain.id]);
    expect(row).toMatchObject({ outcome: 'failure', status_code: 403 });
  });

  it('another account sees nothing: 404 for its export and for our project', async () => {
    await turnOnMfa(m.vault, [m.stranger.userId]);
    const message = 'Export not found';
    expectError(await managementCall(m.vault, m.stranger.token, 'GET', `/api/exports/${exportId}`), 404, 'not_found', message);
    expectError(await approve(m.stranger.token, exportId), 404, 'not_found', message);
    expectError(await managementCall(m.vault, m.stranger.token, 'GET', `/api/exports/${exportId}/download`), 404, 'not_found', message);
    expectError(await request(m.stranger.token, body()), 404, 'not_found', 'Project not found');
    expectError(await managementCall(m.vault, m.stranger.token, 'GET', `/api/exports?project_id=${projectId}`), 404, 'not_found', 'Project not found');
    expectError(await managementCall(m.vault, m.jwts.owner, 'GET', '/api/exports/not-a-uuid'), 404, 'not_found', message);
  });

  it('refuses cross-site requests authenticated by the session cookie (request, approve, download)', async () => {
    const evil = { origin: 'https://evil.example' };
    expectError(await request(m.jwts.owner, body(), { cookie: true, headers: evil }), 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    expectError(await approve(owner2.jwt, exportId, { cookie: true, headers: evil }), 403, 'forbidden_origin', 'Cross-origin requests are not allowed');
    // A GET that changes state: a link on another site (Sec-Fetch-Site: cross-site) may not start the download.
    const crossSite = await fetch(`${m.vault.url}/api/exports/${exportId}/download`, { headers: { cookie: `vault_session=${m.jwts.owner}`, 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error).toEqual({ code: 'forbidden_origin', message: 'Cross-origin requests are not allowed' });
    expect((await managementCall(m.vault, m.jwts.owner, 'GET', `/api/exports/${exportId}`)).json.data.status).toBe('pending_approval');
  });
});
