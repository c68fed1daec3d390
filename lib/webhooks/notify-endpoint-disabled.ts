// An endpoint failing for WEBHOOK_DISABLE_AFTER_SECONDS has just been disabled: the account's owners are
// told by mail (which endpoint, why, how to turn it back on). A mail that cannot be sent is logged; the
// endpoint stays disabled either way.
import type { Runtime } from '../runtime/types';
import { describeDuration } from '../core/durations';

export async function notifyEndpointDisabled(runtime: Pick<Runtime, 'db' | 'mailer' | 'config' | 'logger'>, endpointId: string): Promise<void> {
  const rows = await runtime.db.sql.query<{ email: string; url: string; project_id: string; project_name: string }>(
    `SELECT u.email, e.url, p.id AS project_id, p.name AS project_name
     FROM webhook_endpoints e JOIN projects p ON p.id = e.project_id JOIN users u ON u.account_id = p.account_id AND u.role = 'owner'
     WHERE e.id = $1::uuid`,
    [endpointId],
  );
  // The configured span, not the default's "5 days": an operator who set another one is told the truth.
  const span = describeDuration(runtime.config.WEBHOOK_DISABLE_AFTER_SECONDS);
  for (const row of rows) {
    const link = `${runtime.config.APP_URL}/dashboard/p/${row.project_id}/webhooks`;
    await runtime.mailer
      .send({
        to: row.email,
        subject: `Vault: a webhook endpoint was disabled after ${span} of failures`,
        text: [
          `The webhook endpoint ${row.url} of project "${row.project_name}" has failed every delivery attempt for ${span}, so Vault has disabled it.`,
          '',
          'Events are still recorded. Fix the receiver, enable the endpoint again, then replay the failed deliveries:',
          link,
        ].join('\n'),
      })
      .catch((error: unknown) => runtime.logger.error({ err: error, endpointId }, 'mailing the owners about a disabled webhook endpoint failed'));
  }
}
