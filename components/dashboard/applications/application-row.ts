// One application as the applications page hands it to its client components: the API's view
// (presentApplication: with previous_key_expires_at and previous_key_uses while a rotation's grace period
// runs), and the calls per day made with its key over the last 30 days (oldest first) for the sparkline.
import type { z } from 'zod';
import type { ZApplicationView } from '@/lib/applications/schemas';

export type ApplicationRowView = z.output<typeof ZApplicationView> & { usage?: number[] };

/** The permission names an application holds, in the API's order. */
export function permissionNames(application: Pick<ApplicationRowView, 'permissions'>): string[] {
  return (['tokenization', 'detokenize', 'provisioning', 'search'] as const).filter((name) => application.permissions[name].allowed);
}
