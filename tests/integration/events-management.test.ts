// Management events (issue 13), driven through the management API as a signed-in owner: application.key_rotated
// and application.deleted in the application's project, member.role_changed in every project of the account
// (members belong to the account, endpoints to projects), each in the transaction of its change. A repeat that
// changes nothing (the same role again, a name-only update, deleting a deleted application) and a change
// that is refused or rolled back (the last owner's demotion, another account's application) write none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredTo, expectEnvelope, insertEndpoint, onlyEvent, storedEvents } from '../helpers/events';
import { managementCall, startManagementVault, type ManagementVault } from '../helpers/management';
import type { Role } from '../helpers/users';

let m: ManagementVault;
beforeAll(async () => {
  m = await startManagementVault('events-management');
});
afterAll(() => m?.vault.close());

const api = (role: Role, method: string, path: string, json?: unknown) => managementCall(m.vault, m.jwts[role], method, path, { json });
const projects = () => [m.vault.tenants.test.projectId, m.vault.tenants.production.projectId, m.vault.tenants.other.projectId];
const eventsOf = (type: string, match: (data: Record<string, unknown>) => boolean) => storedEvents(m.vault.runtime, { projectIds: [...projects(), m.stranger.projectId], type, match });

/** A new application of a project (through the API); its id and name. */
async function newApplication(projectId: string, name: string): Promise<{ id: string; name: string }> {
  const response = await api('owner', 'POST', '/api/applications', { name, project_id: projectId, permissions: { tokenization: { allowed: true } } });
  expect(response.status, response.text).toBe(201);
  return { id: response.json.data.id, name };
}

describe('application.key_rotated', () => {
  it('one event per rotation, with the new prefix and when the previous key stops; fanned out', async () => {
    const projectId = m.vault.tenants.test.projectId;
    const subscribed = await insertEndpoint(m.vault.runtime, projectId, ['application.key_rotated', 'application.deleted']);
    await insertEndpoint(m.vault.runtime, projectId, ['token.created']);
    const application = await newApplication(projectId, 'Rotating backend');
    const graced = await api('owner', 'POST', `/api/applications/${application.id}/rotate-key`, { grace_period_seconds: 3600 });
    expect(graced.status).toBe(200);
    const immediate = await api('admin', 'POST', `/api/applications/${application.id}/rotate-key`);
    expect(immediate.status).toBe(200);
    const events = await eventsOf('application.key_rotated', (data) => data.application_id === application.id);
    expect(events).toHaveLength(2);
    expectEnvelope(events[0]!, {
      type: 'application.key_rotated',
      projectId,
      livemode: false,
      data: { application_id: application.id, name: application.name, key_prefix: graced.json.data.key_prefix, previous_key_expires_at: graced.json.data.previous_key_expires_at },
    });
    expect(graced.json.data.previous_key_expires_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expectEnvelope(events[1]!, {
      type: 'application.key_rotated',
      projectId,
      livemode: false,
      data: { application_id: application.id, name: application.name, key_prefix: immediate.json.data.key_prefix, previous_key_expires_at: null },
    });
    expect(await deliveredTo(m.vault.runtime, events[0]!)).toEqual([subscribed]);
  });

  it('a production application: livemode true; a refused rotation (another account, a developer) writes none', async () => {
    const projectId = m.vault.tenants.production.projectId;
    const application = await newApplication(projectId, 'Live backend');
    expect((await managementCall(m.vault, m.stranger.token, 'POST', `/api/applications/${application.id}/rotate-key`)).status).toBe(404);
    expect((await api('developer', 'POST', `/api/applications/${application.id}/rotate-key`)).status).toBe(403);
    expect(await eventsOf('application.key_rotated', (data) => data.application_id === application.id)).toEqual([]);
    const rotated = await api('owner', 'POST', `/api/applications/${application.id}/rotate-key`);
    expect(rotated.status).toBe(200);
    const event = await onlyEvent(m.vault.runtime, projects(), 'application.key_rotated', (data) => data.application_id === application.id);
    expectEnvelope(event, {
      type: 'application.key_rotated',
      projectId,
      livemode: true,
      data: { application_id: application.id, name: application.name, key_prefix: rotated.json.data.key_prefix, previous_key_expires_at: null },
    });
  });
});

describe('application.deleted', () => {
  it('one event for the delete; deleting it again is a 404 and writes none', async () => {
    const projectId = m.vault.tenants.other.projectId;
    const application = await newApplication(projectId, 'Short-lived backend');
    expect((await managementCall(m.vault, m.stranger.token, 'DELETE', `/api/applications/${application.id}`)).status).toBe(404);
    expect((await api('owner', 'DELETE', `/api/applications/${application.id}`)).status).toBe(200);
    expect((await api('owner', 'DELETE', `/api/applications/${application.id}`)).status).toBe(404);
    const event = await onlyEvent(m.vault.runtime, projects(), 'application.deleted', (data) => data.application_id === application.id);
    expectEnvelope(event, { type: 'application.deleted', projectId, livemode: false, data: { application_id: application.id, name: application.name } });
  });
});

describe('member.role_changed', () => {
  it('one event in each project of the account (own id, project and livemode); the same role again, or a name, writes none', async () => {
    const member = m.users.developer;
    const changed = await api('owner', 'PUT', `/api/members/${member.id}`, { role: 'admin' });
    expect(changed.status).toBe(200);
    expect((await api('owner', 'PUT', `/api/members/${member.id}`, { role: 'admin' })).status).toBe(200);
    expect((await api('owner', 'PUT', `/api/members/${member.id}`, { name: 'Renamed developer' })).status).toBe(200);
    const events = await eventsOf('member.role_changed', (data) => data.user_id === member.id);
    const { test, production, other } = m.vault.tenants;
    expect(events.map((event) => event.project_id).sort()).toEqual([test.projectId, production.projectId, other.projectId].sort());
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
    const data = { user_id: member.id, email: member.email, previous_role: 'developer', role: 'admin' };
    for (const event of events) {
      expectEnvelope(event, { type: 'member.role_changed', projectId: event.project_id, livemode: event.project_id === production.projectId, data });
    }
    // And back: a second change is a second set of events.
    expect((await api('owner', 'PUT', `/api/members/${member.id}`, { role: 'developer' })).status).toBe(200);
    const back = await eventsOf('member.role_changed', (data) => data.user_id === member.id && data.role === 'developer');
    expect(back).toHaveLength(3);
    expect(back[0]!.envelope.data).toEqual({ ...data, previous_role: 'admin', role: 'developer' });
  });

  it('a refused change writes none: the last owner demoting themselves (409), an admin granting owner (403)', async () => {
    expect((await managementCall(m.vault, m.stranger.token, 'PUT', `/api/members/${m.stranger.userId}`, { json: { role: 'admin' } })).status).toBe(409);
    expect((await api('admin', 'PUT', `/api/members/${m.users.viewer.id}`, { role: 'owner' })).status).toBe(403);
    expect(await eventsOf('member.role_changed', (data) => data.user_id === m.stranger.userId || data.user_id === m.users.viewer.id)).toEqual([]);
  });
});
