// The audit log's filters: a plain GET form, so they live in the URL (shareable, back works) and the
// server applies them through the API's own query schema. autoComplete="off": on back, the browser would
// otherwise restore the fields typed before submitting, showing filters the URL (and the rows) no longer have.
import { DateRangeFields, FilterActions } from '../../ui/filter-form';
import { FormField, inputClass } from '../../ui/form-field';

export type AuditFilterValues = Partial<Record<'project' | 'actor' | 'action' | 'outcome' | 'from' | 'to', string>>;
type Option = { id: string; label: string };

// Common actions to pick from (any action name may be typed).
const ACTIONS = ['tokenize', 'detokenize', 'proxy.transaction', 'test_token.create', 'token.delete', 'auth.login', 'auth.logout', 'application.create', 'application.rotate_key', 'member.invite', 'member.update', 'merchant.create', 'checkout.session.create', 'audit.list', 'audit.export', 'audit.verify'];

export function AuditFilters({ basePath, values, projects, currentProjectId, members, applications }: { basePath: string; values: AuditFilterValues; projects: Array<{ id: string; name: string }>; currentProjectId: string; members: Option[]; applications: Option[] }) {
  return (
    <form method="get" autoComplete="off" action={basePath} aria-label="Filter audit rows" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
      <FormField id="audit-project" label="Project">
        <select name="project" defaultValue={values.project ?? currentProjectId} className={inputClass}>
          {projects.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
          <option value="all">All projects</option>
        </select>
      </FormField>
      <FormField id="audit-actor" label="Actor">
        <select name="actor" defaultValue={values.actor ?? ''} className={inputClass}>
          <option value="">Anyone</option>
          <optgroup label="Members">
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {member.label}
              </option>
            ))}
          </optgroup>
          <optgroup label="Applications">
            {applications.map((application) => (
              <option key={application.id} value={application.id}>
                {application.label}
              </option>
            ))}
          </optgroup>
        </select>
      </FormField>
      <FormField id="audit-action" label="Action">
        <input name="action" list="audit-actions" defaultValue={values.action} placeholder="Any" className={`${inputClass} font-mono`} autoComplete="off" spellCheck={false} />
      </FormField>
      <datalist id="audit-actions">
        {ACTIONS.map((action) => (
          <option key={action} value={action} />
        ))}
      </datalist>
      <FormField id="audit-outcome" label="Outcome">
        <select name="outcome" defaultValue={values.outcome ?? ''} className={inputClass}>
          <option value="">Any</option>
          <option value="success">Success</option>
          <option value="failure">Failure</option>
        </select>
      </FormField>
      <DateRangeFields from={{ id: 'audit-from', name: 'from', label: 'From (UTC)', value: values.from }} to={{ id: 'audit-to', name: 'to', label: 'To (UTC)', value: values.to }} />
      <FilterActions clearHref={basePath} />
    </form>
  );
}
