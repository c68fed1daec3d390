// One application as the applications page hands it to its client components: the API's view
// (presentApplication), with the grace fields the view has while a rotation's grace period runs, and the
// project's calls per day made with its key (oldest first) for the sparkline.
import type { z } from 'zod';
import type { ZApplicationView } from '../../../lib/applications/schemas';

export type ApplicationRowView = z.output<typeof ZApplicationView> & {
  previous_key_expires_at?: string | null;
  previous_key_uses?: number | null;
  usage?: number[];
};

/** The permission names an application holds, in the API's order. */
export function permissionNames(application: Pick<ApplicationRowView, 'permissions'>): string[] {
  return (['tokenization', 'detokenize', 'provisioning'] as const).filter((name) => application.permissions[name].allowed);
}
