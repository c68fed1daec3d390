'use client';
// The four permission checkboxes of the create and edit forms, named like the API body
// (`permissions.<name>.allowed`) so the API's field errors land on them.
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { CheckboxField } from '../../ui/form-field';

const PERMISSIONS = [
  ['tokenization', 'Tokenization', 'Tokenize, proxy to processors, CVC sessions, test tokens, delete tokens.'],
  ['detokenize', 'Detokenize (reveal)', 'Lets this key read card numbers back with POST /detokenize. Leave it off for servers that only charge cards.'],
  ['provisioning', 'Provisioning', 'Create projects (POST /internal/provision).'],
  ['search', 'Search', 'Search this project\'s tokens by fingerprint, card fields and searchable metadata (POST /tokens/search). Masked data only.'],
] as const;

export function PermissionFields<T extends FieldValues>({ idPrefix, register }: { idPrefix: string; register: UseFormRegister<T> }) {
  return (
    <fieldset className="space-y-2.5">
      <legend className="mb-1 text-sm font-medium text-strong">Permissions</legend>
      {PERMISSIONS.map(([name, label, hint]) => (
        <CheckboxField key={name} id={`${idPrefix}-${name}`} label={label} hint={hint} {...register(`permissions.${name}.allowed` as Path<T>)} />
      ))}
    </fieldset>
  );
}
