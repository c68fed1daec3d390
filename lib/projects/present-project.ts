// The API shape of a project. The pub key (production only) is publishable: it is shown in details; so is
// the destination allow-list (`allowed_proxy_hosts`, null = any public host), and the token settings
// (searchable metadata keys, those still being indexed, token retention).
import type { z } from 'zod';
import { readAllowedProxyHosts } from '../outbound/proxy-host-allow-list';
import type { ZProjectView } from './schemas';

/** `allowedProxyHosts` is the JSON column as read (an array of normalised entries, or null). */
export type ProjectRow = {
  id: string;
  name: string;
  environment: 'test' | 'production';
  allowedProxyHosts: unknown;
  searchableMetadataKeys: string[];
  /** Keys whose re-index walk is unfinished; only while `metadataReindexCursor` is set. */
  metadataReindexKeys: string[];
  metadataReindexCursor: string | null;
  tokenRetentionDays: number | null;
  createdAt: Date;
};

/** Typed by its documented schema: a field added here without it fails the type check. */
export type PresentedProject = z.output<typeof ZProjectView>;

export function presentProject(project: ProjectRow, pubKey?: string): PresentedProject {
  return {
    id: project.id,
    name: project.name,
    environment: project.environment,
    production: project.environment === 'production',
    allowed_proxy_hosts: readAllowedProxyHosts(project.allowedProxyHosts),
    searchable_metadata_keys: project.searchableMetadataKeys,
    metadata_keys_indexing: project.metadataReindexCursor ? project.metadataReindexKeys : [],
    token_retention_days: project.tokenRetentionDays,
    created_at: project.createdAt.toISOString(),
    ...(pubKey ? { pub_key: pubKey } : {}),
  };
}

export const projectColumns = {
  id: true,
  name: true,
  environment: true,
  allowedProxyHosts: true,
  searchableMetadataKeys: true,
  metadataReindexKeys: true,
  metadataReindexCursor: true,
  tokenRetentionDays: true,
  createdAt: true,
} as const;
