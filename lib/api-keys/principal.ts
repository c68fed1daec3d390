// Who an API key is: its application (with its permissions) and project (with the key refs, the pub key
// hash and the proxy allow-list), as authenticate-api-key.ts resolves it and api-key-cache.ts keeps it.
import { PROJECT_KEY_COLUMNS, type ProjectKeyRef } from '../crypto/keyring';
import { readAllowedProxyHosts } from '../outbound/proxy-host-allow-list';

export type ApiKeyPrincipal = {
  application: { id: string; name: string; tokenization: boolean; detokenize: boolean; provisioning: boolean; search: boolean };
  project: ProjectKeyRef & {
    accountId: string;
    environment: 'test' | 'production';
    pubKeyHash: string | null;
    /** The destination allow-list (null: any public host), cached with the key like its permissions. */
    allowedProxyHosts: string[] | null;
    /**
     * The metadata keys the project searches by: tokenize computes index entries for these only (its
     * statement keeps those still listed; a key added reaches every node within API_KEY_CACHE_MS and the
     * re-index's settle sweep covers that time: lib/tokens/reindex-metadata.ts). Absent: every key.
     */
    searchableMetadataKeys?: string[];
  };
  /**
   * True when the key is the application's previous key, accepted during its rotation grace period: the
   * call's audit row then says so (`resource` PREVIOUS_KEY_RESOURCE). Cached with the principal, so free.
   */
  viaPreviousKey?: boolean;
};

/** The audit `resource` of a call authenticated by an application's previous key (grace period). */
export const PREVIOUS_KEY_RESOURCE = 'api_key:previous';

/** The resource an audit row of this principal's call names when its route names none. */
export const principalResource = (principal: ApiKeyPrincipal | undefined): string | null => (principal?.viaPreviousKey ? PREVIOUS_KEY_RESOURCE : null);

/** The project columns a principal carries, and the principal's project made from them. */
export const PRINCIPAL_PROJECT_COLUMNS = { ...PROJECT_KEY_COLUMNS, accountId: true, environment: true, pubKeyHash: true, allowedProxyHosts: true, searchableMetadataKeys: true } as const;
export const principalProject = <Row extends { allowedProxyHosts: unknown }>(row: Row) => ({ ...row, allowedProxyHosts: readAllowedProxyHosts(row.allowedProxyHosts) });
