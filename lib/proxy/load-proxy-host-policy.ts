// A project's destination policy, read from the database on every proxy call and charge (one primary-key
// read), so a list tightened in the dashboard applies at once on every node.
import type { Runtime } from '../runtime';
import { readAllowedProxyHosts, type ProxyHostPolicy } from './proxy-host-allow-list';

export async function loadProxyHostPolicy(runtime: Pick<Runtime, 'db'>, projectId: string): Promise<ProxyHostPolicy> {
  const project = await runtime.db.prisma.project.findUniqueOrThrow({ where: { id: projectId }, select: { environment: true, allowedProxyHosts: true } });
  return { environment: project.environment, allowedProxyHosts: readAllowedProxyHosts(project.allowedProxyHosts) };
}
