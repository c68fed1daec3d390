'use client';
// The account's projects as a table: name (a link to its overview), environment, pub key prefix,
// destination allow-list, token settings (searchable metadata keys, retention), created; the row's actions
// for owners and admins.
import Link from 'next/link';
import { useMemo } from 'react';
import type { PresentedProject } from '@/lib/projects/present-project';
import { EnvironmentBadge } from '../../ui/badge';
import { column, DataTable } from '../../ui/data-table';
import { formatDate } from '../../ui/format';
import { AllowListDialog } from './allow-list-dialog';
import { DeleteProjectButton, LAST_TEST_PROJECT_NOTE_ID, LAST_TEST_PROJECT_REASON } from './delete-project-button';
import { RenameProjectDialog } from './rename-project-dialog';
import { RotatePubKeyButton } from './rotate-pub-key-button';
import { TokenSettingsDialog, tokenSettingsSummary } from './token-settings-dialog';

/** The allow-list in a few words: null is any public host, [] is none. */
export function allowListSummary(hosts: string[] | null, production: boolean): string {
  // A production project without a list sends card data nowhere (issue 21).
  if (hosts === null) return production ? 'None until listed' : 'Any public host';
  if (hosts.length === 0) return 'No host';
  return hosts.length <= 2 ? hosts.join(', ') : `${hosts.slice(0, 2).join(', ')} +${hosts.length - 2}`;
}

export function ProjectsTable({ projects, currentId, canManage, hostRule }: { projects: PresentedProject[]; currentId: string; canManage: boolean; hostRule: string }) {
  const testProjects = projects.filter((project) => !project.production).length;
  // Stable column definitions: a cell renderer is rendered as a component, so a new one on every render
  // (e.g. when router.refresh() brings new data) would remount the row's dialogs and lose a key shown once.
  const columns = useMemo(() => [
    column<PresentedProject>('name', 'Name', (project) => (
      <Link href={`/dashboard/p/${project.id}`} className="font-medium text-strong underline-offset-2 hover:underline">
        {project.name}
        {project.id === currentId && <span className="ml-1.5 text-xs font-normal text-muted">(current)</span>}
      </Link>
    )),
    column<PresentedProject>('environment', 'Environment', (project) => <EnvironmentBadge production={project.production} />),
    column<PresentedProject>('pub_key', 'Pub key', (project) => (project.pub_key ? `${project.pub_key.slice(0, 12)}…` : '—'), { mono: true }),
    column<PresentedProject>('allowed_proxy_hosts', 'Destinations', (project) => <span title={project.allowed_proxy_hosts?.join('\n')}>{allowListSummary(project.allowed_proxy_hosts, project.production)}</span>),
    column<PresentedProject>('token_settings', 'Tokens', (project) => <span title={project.searchable_metadata_keys.join('\n')}>{tokenSettingsSummary(project)}</span>),
    column<PresentedProject>('created_at', 'Created', (project) => formatDate(project.created_at)),
    ...(canManage
      ? [
          column<PresentedProject>('actions', 'Actions', (project) => (
            <div className="flex gap-1.5">
              <RenameProjectDialog project={project} />
              <AllowListDialog project={project} hostRule={hostRule} />
              <TokenSettingsDialog project={project} />
              {project.production && <RotatePubKeyButton project={project} />}
              <DeleteProjectButton project={project} lastTestProject={!project.production && testProjects <= 1} isCurrent={project.id === currentId} />
            </div>
          )),
        ]
      : []),
  ], [currentId, canManage, hostRule, testProjects]);
  const onlyTest = testProjects === 1 ? projects.find((project) => !project.production) : undefined;
  return (
    <>
      <DataTable label="Projects" columns={columns} rows={projects} rowId={(project) => project.id} rowTestId="project-row" />
      {canManage && onlyTest && (
        <p id={LAST_TEST_PROJECT_NOTE_ID} className="border-t border-line px-4 py-2.5 text-xs text-muted">
          {onlyTest.name} cannot be deleted: {LAST_TEST_PROJECT_REASON.charAt(0).toLowerCase()}{LAST_TEST_PROJECT_REASON.slice(1)}.
        </p>
      )}
    </>
  );
}
