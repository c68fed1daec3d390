'use client';
// A project's token settings (PUT /api/projects/{id}): the metadata keys searches may filter on (one a
// line) and how many days an unused token is kept (empty: until its own expiry, if any). The API checks
// both; its message for a field (`searchable_metadata_keys.N` read as "Line N+1") is shown under it.
import { useState } from 'react';
import type { PresentedProject } from '@/lib/projects/present-project';
import { MAX_SEARCHABLE_METADATA_KEYS, MAX_TOKEN_RETENTION_DAYS, ZTokenRetentionDaysSchema } from '@/lib/projects/token-settings-schemas';
import { FormError, FormField, inputClass } from '../../ui/form-field';
import { useApiAction } from '../../ui/use-api-action';
import { ProjectSettingDialog, fieldMessage } from './project-setting-dialog';

/** The settings in a few words, for the projects table. */
export function tokenSettingsSummary(project: Pick<PresentedProject, 'searchable_metadata_keys' | 'metadata_keys_indexing' | 'token_retention_days'>): string {
  const keys = project.searchable_metadata_keys.length;
  const searchable = keys === 0 ? 'No searchable keys' : `${keys} searchable key${keys === 1 ? '' : 's'}`;
  const indexing = project.metadata_keys_indexing.length ? ' (indexing)' : '';
  const kept = project.token_retention_days === null ? 'kept until expiry' : `kept ${project.token_retention_days} days unused`;
  return `${searchable}${indexing} · ${kept}`;
}

export function TokenSettingsDialog({ project }: { project: PresentedProject }) {
  const run = useApiAction();
  const [keys, setKeys] = useState('');
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<{ keys?: string; days?: string; form?: string }>({});

  async function save(): Promise<boolean> {
    // The API's own rule for the days (the field holds digits or anything else); the keys it checks itself.
    const typed = days.trim();
    const retention = ZTokenRetentionDaysSchema.safeParse(typed === '' ? null : /^\d+$/.test(typed) ? Number(typed) : typed);
    if (!retention.success) {
      setErrors({ days: retention.error.issues[0]?.message });
      return false;
    }
    const body = { searchable_metadata_keys: keys.split('\n').map((line) => line.trim()).filter(Boolean), token_retention_days: retention.data };
    const result = await run('updateProject', { params: { id: project.id }, body }, { success: 'Token settings saved' });
    if (result.ok) return true;
    const fields = { keys: fieldMessage(result.fields, 'searchable_metadata_keys'), days: fieldMessage(result.fields, 'token_retention_days') };
    setErrors({ ...fields, form: fields.keys || fields.days ? undefined : result.message });
    return false;
  }

  return (
    <ProjectSettingDialog
      label="Token settings"
      ariaLabel={`Token settings of ${project.name}`}
      title={`Token settings of ${project.name}`}
      description="Which metadata keys searches may filter on, and how long tokens nobody uses are kept."
      onOpen={() => {
        setKeys(project.searchable_metadata_keys.join('\n'));
        setDays(project.token_retention_days === null ? '' : String(project.token_retention_days));
        setErrors({});
      }}
      save={save}
    >
      <FormField
        id={`searchable-keys-${project.id}`}
        label="Searchable metadata keys, one a line"
        hint={`At most ${MAX_SEARCHABLE_METADATA_KEYS}, each 1 to 40 of a-z, 0-9 and _. Only these get a search index entry (a keyed hash, never the value). A key added is indexed for the existing tokens first; until then a search on it says so.`}
        error={errors.keys}
      >
        <textarea className={`${inputClass} min-h-24 font-mono`} value={keys} onChange={(event) => {
            setKeys(event.target.value);
            // A message about the text before this edit no longer describes it.
            setErrors((current) => ({ ...current, keys: undefined, form: undefined }));
          }}
          spellCheck={false} placeholder="customer_id" />
      </FormField>
      <FormField
        id={`retention-${project.id}`}
        label="Token retention (days unused)"
        hint={`1 to ${MAX_TOKEN_RETENTION_DAYS}. Tokens not tokenized, detokenized or proxied for this long expire, and their card data is destroyed. Empty: kept until their own expiry, if any.`}
        error={errors.days}
      >
        <input className={inputClass} inputMode="numeric" value={days} onChange={(event) => {
            setDays(event.target.value);
            setErrors((current) => ({ ...current, days: undefined, form: undefined }));
          }}
          placeholder="Keep forever" autoComplete="off" />
      </FormField>
      <FormError message={errors.form} />
    </ProjectSettingDialog>
  );
}
