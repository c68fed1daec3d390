'use client';
// Live service status: rendered on the server from the runtime, then refreshed from GET /ready.
import { useEffect, useState } from 'react';

export type Check = 'ok' | 'unavailable';
export type ServiceStatus = {
  api: Check;
  database: Check;
  store: Check;
  databaseKind: string;
  storeKind: string;
  checkedAt: string;
};

const REFRESH_MS = 15_000;

export function StatusPanel({ initial }: { initial: ServiceStatus }) {
  const status = useReadiness(initial);
  const allOk = status.api === 'ok' && status.database === 'ok' && status.store === 'ok';
  const rows: [string, string, Check][] = [
    ['API', 'Process up, answering requests', status.api],
    ['Database', status.databaseKind, status.database],
    ['Store', status.storeKind, status.store],
  ];
  return (
    <section aria-labelledby="status-title" className="rounded-2xl border border-white/10 bg-white/[0.03] p-6 shadow-2xl shadow-black/40 backdrop-blur">
      <div className="flex items-center justify-between">
        <h2 id="status-title" className="text-sm font-semibold text-white">
          System status
        </h2>
        <span
          className={`inline-flex items-center gap-2 rounded-full px-2.5 py-1 text-xs font-medium ${allOk ? 'bg-emerald-400/10 text-emerald-300' : 'bg-amber-400/10 text-amber-300'}`}
        >
          <Dot check={allOk ? 'ok' : 'unavailable'} />
          {allOk ? 'All systems ready' : 'Degraded'}
        </span>
      </div>
      <ul className="mt-5 divide-y divide-white/5">
        {rows.map(([name, detail, check]) => (
          <li key={name} className="flex items-center justify-between py-3">
            <div>
              <p className="text-sm font-medium text-zinc-100">{name}</p>
              <p className="text-xs text-zinc-500">{detail}</p>
            </div>
            <span className={`inline-flex items-center gap-2 text-xs font-medium ${check === 'ok' ? 'text-emerald-300' : 'text-amber-300'}`}>
              <Dot check={check} />
              {check === 'ok' ? 'Operational' : 'Unavailable'}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex items-center justify-between border-t border-white/5 pt-4 text-xs text-zinc-500">
        <span>
          Checked <time dateTime={status.checkedAt}>{new Date(status.checkedAt).toISOString().slice(11, 19)} UTC</time>
        </span>
        <span className="flex gap-3">
          <a className="font-mono hover:text-zinc-300" href="/health">/health</a>
          <a className="font-mono hover:text-zinc-300" href="/ready">/ready</a>
        </span>
      </p>
    </section>
  );
}

function Dot({ check }: { check: Check }) {
  const color = check === 'ok' ? 'bg-emerald-400' : 'bg-amber-400';
  return (
    <span className="relative flex size-2">
      {check === 'ok' && <span className={`absolute inline-flex size-full animate-ping rounded-full opacity-60 ${color}`} />}
      <span className={`relative inline-flex size-2 rounded-full ${color}`} />
    </span>
  );
}

function useReadiness(initial: ServiceStatus): ServiceStatus {
  const [status, setStatus] = useState(initial);
  useEffect(() => {
    let cancelled = false;
    async function refresh() {
      const checkedAt = new Date().toISOString();
      try {
        const response = await fetch('/ready', { cache: 'no-store', headers: { accept: 'application/json' } });
        const body = (await response.json()) as { checks?: { database?: Check; store?: Check } };
        if (cancelled) return;
        setStatus((previous) => ({
          ...previous,
          api: 'ok',
          database: body.checks?.database === 'ok' ? 'ok' : 'unavailable',
          store: body.checks?.store === 'ok' ? 'ok' : 'unavailable',
          checkedAt,
        }));
      } catch {
        if (!cancelled) setStatus((previous) => ({ ...previous, api: 'unavailable', database: 'unavailable', store: 'unavailable', checkedAt }));
      }
    }
    const timer = setInterval(refresh, REFRESH_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, []);
  return status;
}
