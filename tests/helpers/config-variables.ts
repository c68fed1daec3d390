// The deploy manifests (Dockerfile, docker-compose.yml, deploy/helm/vault) are written to the configuration
// the tests use: every environment variable they give the vault must be one lib/config.ts reads.
import { CONFIG_VARIABLES } from '../../lib/config';

/** The names among `names` that the vault does not read. */
export function unknownVariables(names: Iterable<string>): string[] {
  return [...new Set(names)].filter((name) => !CONFIG_VARIABLES.includes(name)).sort();
}
