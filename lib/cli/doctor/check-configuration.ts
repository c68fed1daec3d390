// The environment parses as the server would parse it (lib/config.ts): every problem ConfigError names.
import { ConfigError, type Config } from '../../config';
import { fail, ok, type CheckResult } from './check-result';
import { maskUrl } from './mask-url';

export function checkConfiguration(readConfig: () => Config): { config: Config | null; result: CheckResult } {
  try {
    const config = readConfig();
    const database = config.DATABASE_URL ? `PostgreSQL ${maskUrl(config.DATABASE_URL)}` : `embedded PGlite in ${config.VAULT_DATA_DIR}`;
    const store = config.REDIS_URL ? `Redis ${maskUrl(config.REDIS_URL)}` : 'in-process store';
    return { config, result: ok('configuration', `NODE_ENV=${config.NODE_ENV ?? '(unset)'}; ${database}; ${store}`) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return {
      config: null,
      result: fail('configuration', error.problems.join('; '), 'set or correct the variables named (docs/production.md, the configuration table); nothing else can be checked until it parses'),
    };
  }
}
