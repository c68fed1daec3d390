'use client';
// The project's destination allow-list (`allowed_proxy_hosts`): no list (null: any public host in a test
// project, nowhere in a production one) or only the hosts listed, one a line. PUT /api/projects/{id} validates and normalises each entry; its message for an entry
// (`allowed_proxy_hosts.N`) is shown under the list with the line it names.
import { useState } from 'react';
import type { PresentedProject } from '@/lib/projects/present-project';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiAction } from '../../ui/use-api-action';
import { ProjectSettingDialog, fieldMessage } from './project-setting-dialog';

/** `hostRule`: what an entry may be (the API's rule, handed down by the server page: its module is server-only). */
export function AllowListDialog({ project, hostRule }: { project: PresentedProject; hostRule: string }) {
  const run = useApiAction();
  const [restricted, setRestricted] = useState(project.allowed_proxy_hosts !== null);
  const [text, setText] = useState((project.allowed_proxy_hosts ?? []).join('\n'));
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();

  async function save(): Promise<boolean> {
    const hosts = restricted ? text.split('\n').map((line) => line.trim()).filter(Boolean) : null;
    const result = await run('updateProject', { params: { id: project.id }, body: { allowed_proxy_hosts: hosts } }, { success: 'Destination allow-list saved' });
    if (result.ok) return true;
    const entries = fieldMessage(result.fields, 'allowed_proxy_hosts');
    setFieldError(entries);
    setFormError(entries ? undefined : result.message);
    return false;
  }

  return (
    <ProjectSettingDialog
      label="Destinations"
      ariaLabel={`Destinations of ${project.name}`}
      title={`Destinations of ${project.name}`}
      description="Where this project's card data may be sent: POST /proxy/transaction and its merchants' http processors. Private addresses stay refused either way."
      onOpen={() => {
        setRestricted(project.allowed_proxy_hosts !== null);
        setText((project.allowed_proxy_hosts ?? []).join('\n'));
        setFieldError(undefined);
        setFormError(undefined);
      }}
      save={save}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-strong">Allowed hosts</legend>
        <label className="flex items-center gap-2 text-sm text-fg">
          <input type="radio" name={`allow-${project.id}`} checked={!restricted} onChange={() => setRestricted(false)} />
          {project.production ? 'No list: card data goes nowhere' : 'Any public host'}
        </label>
        <label className="flex items-center gap-2 text-sm text-fg">
          <input type="radio" name={`allow-${project.id}`} checked={restricted} onChange={() => setRestricted(true)} />
          Only the hosts listed
        </label>
      </fieldset>
      {restricted && (
        <FormField id={`hosts-${project.id}`} label="Hosts, one a line" hint={`${hostRule} An empty list allows no host.`} error={fieldError}>
          <textarea className={`${inputClass} min-h-28 font-mono`} value={text} onChange={(event) => setText(event.target.value)} spellCheck={false} placeholder="api.psp.example" />
        </FormField>
      )}
      <FormError message={formError} />
    </ProjectSettingDialog>
  );
}
