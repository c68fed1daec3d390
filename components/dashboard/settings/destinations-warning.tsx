// A project whose card data may go nowhere yet (production, or PROXY_REQUIRE_ALLOW_LIST, with no
// allowed_proxy_hosts): the proxy, its merchants' processors and checkout charges are all refused until the
// list names a host. Shown as a warning with the fix, not an error: nothing is broken, only not yet allowed.
import Link from 'next/link';

export function DestinationsWarning({ projectName, projectsHref, canManage }: { projectName: string; projectsHref: string; canManage: boolean }) {
  return (
    <div role="status" data-testid="destinations-warning" className="rounded-lg border border-warn/40 bg-warn/5 px-4 py-3 text-sm text-warn">
      <p className="font-medium">Card data cannot leave {projectName} yet.</p>
      <p className="mt-1">
        Card data cannot leave this project until <code className="font-mono">allowed_proxy_hosts</code> lists a host: the proxy, merchants&apos; http processors and checkout payments are refused.{' '}
        {canManage ? (
          <>
            Name your PSP&apos;s host under{' '}
            <Link href={projectsHref} className="font-medium underline underline-offset-2">
              Projects → Destinations
            </Link>
            .
          </>
        ) : (
          'An owner or admin can name your PSP\u2019s host under Projects → Destinations.'
        )}
      </p>
    </div>
  );
}
