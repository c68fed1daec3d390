// One application of the caller's account as its view shows it: with the previous key's uses while a
// rotation's grace period runs. 404 as getApplicationOrThrow.
import type { Runtime } from '../runtime/types';
import { withPreviousKeyUses } from './count-previous-key-uses';
import { getApplicationOrThrow } from './get-application-or-throw';
import type { ApplicationViewRow } from './present-application';

export async function getApplicationView(runtime: Pick<Runtime, 'db'>, options: { accountId: string; applicationId: string }): Promise<ApplicationViewRow> {
  const { environment: _environment, ...application } = await getApplicationOrThrow(runtime, options);
  const [row] = await withPreviousKeyUses(runtime, [application]);
  return row!;
}
