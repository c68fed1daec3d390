// `vault tokens purge --project ID --before YYYY-MM-DD [--dry-run]`: the operator's bulk erasure of a
// project's tokens created before that UTC day (the work is lib/tokens/purge-tokens.ts). Prints progress per
// batch and finally `N tokens`; never a token value. Bad arguments print the usage and exit 2.
import type { Config } from '../config';
import type { Logger } from '../logger';
import { PurgeError, purgeTokens } from '../tokens/purge-tokens';
import { withCommandRuntime } from './with-runtime';
import { UsageError, parseTokensPurgeArgs } from './args';

export const TOKENS_PURGE_USAGE = 'vault tokens purge --project ID --before YYYY-MM-DD [--dry-run]';

export async function runTokensPurge(argv: string[], config: Config, logger: Logger): Promise<number> {
  let args: ReturnType<typeof parseTokensPurgeArgs>;
  try {
    args = parseTokensPurgeArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`vault: ${error.message}\nUsage: ${TOKENS_PURGE_USAGE}\n`);
    return 2;
  }
  return withCommandRuntime({ config, logger }, async (runtime) => {
    const scope = `tokens of project ${args.projectId} created before ${args.beforeDay} (UTC)`;
    process.stdout.write(args.dryRun ? `Dry run: counting the ${scope}; nothing is changed.\n` : `Erasing the ${scope}.\n`);
    try {
      const result = await purgeTokens(runtime, {
        projectId: args.projectId,
        before: args.before,
        dryRun: args.dryRun,
        onBatch: (erased, total) => process.stdout.write(`  ${erased} erased (${total} so far)\n`),
      });
      process.stdout.write(`${result.tokens} tokens\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof PurgeError)) throw error;
      process.stderr.write(`vault: ${error.message}\n`);
      return 1;
    }
  });
}
