// What one audit row records (PCI DSS 10.2): who, what, which token, outcome, from where. Never card data.
// A core type: the audit writer (lib/audit), the route wrappers (lib/api/auth) and the Runtime type share it.
export type AuditEntry = {
  action: string;
  outcome: 'success' | 'failure';
  statusCode: number;
  requestId: string;
  /**
   * The account the row belongs to, so it stays listed for that account after its project or member is
   * deleted. Required (null only when the call never got to an account: an unknown email, an invalid key).
   */
  accountId: string | null;
  projectId?: string | null;
  applicationId?: string | null;
  userId?: string | null;
  tokenId?: string | null;
  /** The affected resource as `type:id` (PCI DSS 10.2.2), when the action touched one. */
  resource?: string | null;
  ip?: string | null;
};
