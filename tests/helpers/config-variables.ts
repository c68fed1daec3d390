// The deploy manifests (Dockerfile, docker-compose.yml, deploy/helm/vault) are written to the configuration
// the tests use: every environment variable they give the vault must be one lib/config.ts reads.
import { CONFIG_VARIABLES } from '../../lib/config';

/**
 * Read by the vault once issue 14's metrics work (another branch) adds them to lib/config.ts; only the
 * chart's metrics option sets them. Delete this list when they are there (a test says so).
 */
export const PENDING_CONFIG_VARIABLES = ['METRICS_PORT'];

/** The names among `names` that the vault does not read. */
export function unknownVariables(names: Iterable<string>): string[] {
  return [...new Set(names)].filter((name) => !CONFIG_VARIABLES.includes(name) && !PENDING_CONFIG_VARIABLES.includes(name)).sort();
}
