// What a member's role lets them do in the dashboard: the same rules the API enforces (it refuses anyway).
export type Role = 'owner' | 'admin' | 'developer' | 'viewer';

export type Capabilities = {
  /** Owners and admins: applications, projects, merchants, members, account settings. */
  manage: boolean;
  /** Owners, admins and developers: test tokens, deleting tokens. */
  use: boolean;
  owner: boolean;
};

export function capabilitiesOf(role: string): Capabilities {
  return { manage: role === 'owner' || role === 'admin', use: role !== 'viewer', owner: role === 'owner' };
}

/** The sentence a read-only page shows: who may do it. */
export function managersOnly(what: string): string {
  return `Owners and admins can ${what}.`;
}
