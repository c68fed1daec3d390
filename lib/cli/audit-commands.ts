// `vault audit verify [--full] [--anchor <index>:<mac>]` and `vault audit anchor`: the operator's view of the
// audit chain (lib/audit). verify seals what is finished first, then checks from the last checkpoint (or
// from the start with --full, or with an anchor); with AUDIT_ANCHOR_FILE it also checks the newest anchor
// published there, by itself. Exit 1 when anything is broken.
import { readPublishedAnchors } from '../audit/anchor-file';
import { anchorOf, chainHead, sealAuditLog } from '../audit/audit-chain';
import { parseAnchor, verifyAuditChain } from '../audit/verify-audit-chain';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { withCommandRuntime } from './with-runtime';
import { parseAuditAnchorArgs, parseAuditVerifyArgs } from './args';

export async function runAuditVerify(argv: string[], config: Config, logger: Logger): Promise<number> {
  const values = parseAuditVerifyArgs(argv);
  const anchor = values.anchor === undefined ? undefined : parseAnchor(values.anchor);
  if (anchor === null) throw new Error('--anchor must be <seal index>:<64 hex characters>, as `vault audit anchor` prints it');
  return withCommandRuntime({ config, logger }, async (runtime) => {
    await sealAuditLog(runtime);
    const published = config.AUDIT_ANCHOR_FILE ? await readPublishedAnchors(config.AUDIT_ANCHOR_FILE) : [];
    const result = await verifyAuditChain(runtime, { full: values.full, anchor, publishedAnchors: published });
    const scope = values.full || anchor ? 'from the start' : 'since the last verified seal';
    process.stdout.write(
      result.valid
        ? `Audit chain intact: ${result.checked} rows in ${result.seals} seals checked (${scope}).${result.head ? ` Head: ${result.head.seal_index}:${result.head.mac} (${result.head.row_count} rows).` : ''}${anchor ? ' Anchor found unchanged.' : ''}${published[0] ? ` Published anchor ${published[0].sealIndex} found unchanged.` : ''}\n`
        : `Audit chain BROKEN: ${result.reason}.${result.first_broken_id ? ` First broken row: ${result.first_broken_id}.` : ''}\n`,
    );
    return result.valid ? 0 : 1;
  });
}

export async function runAuditAnchor(argv: string[], config: Config, logger: Logger): Promise<number> {
  const values = parseAuditAnchorArgs(argv);
  return withCommandRuntime({ config, logger }, async (runtime) => {
    await sealAuditLog(runtime);
    const head = await chainHead(runtime.db.sql);
    if (!head) {
      process.stderr.write('vault: the audit chain has no seal yet\n');
      return 1;
    }
    const anchor = anchorOf(head);
    process.stdout.write(values.json ? `${JSON.stringify(anchor)}\n` : `${anchor.seal_index}:${anchor.mac} ${anchor.row_count}\n`);
    return 0;
  });
}
