// `vault import cards`: see lib/imports (placeholder until the command lands).
import type { Config } from '../config';
import type { Logger } from '../logger';

export async function runImportCards(_argv: string[], _config: Config, _logger: Logger): Promise<number> {
  process.stderr.write('vault: import cards is not available yet\n');
  return 1;
}
