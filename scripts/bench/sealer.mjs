// The audit chain sealer's cost: two servers, each on its own database, identical but for AUDIT_SEALER
// (on / off), tokenize rounds interleaved on, off, on, off, … Separate databases, because a running sealer
// would otherwise seal the paused server's rows during its rounds. Before every round the sealing server
// is let catch up, so no backlog from one round spills into the next (on either side).
import pg from 'pg';
import { load, rounds } from './load.mjs';
import { figure } from './report.mjs';
import { scratchDatabase, scratchRedisPrefix } from './scratch.mjs';
import { card, CONNECTIONS, redisUrl, WARMUP } from './settings.mjs';
import { startVault } from './vault-server.mjs';

async function waitUntilSealed(client) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await client.query(
      'SELECT (SELECT coalesce(max(seq), 0) FROM audit_logs) AS written, (SELECT coalesce(max(last_seq), 0) FROM audit_seals) AS sealed',
    );
    if (BigInt(rows[0].sealed) >= BigInt(rows[0].written)) return;
    if (Date.now() > deadline) return console.log('(the sealer did not catch up within 120 s; going on)');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The switch really paused it: nothing sealed the paused server's rows (else the ratio means nothing). */
async function checkPaused(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT (SELECT count(*) FROM audit_seals)::int AS seals, (SELECT count(*) FROM audit_logs)::int AS written');
    console.log(`paused server's database: ${rows[0].written} audit rows, ${rows[0].seals} seals`);
    if (rows[0].seals > 0) throw new Error('the server started with AUDIT_SEALER=off sealed rows: the sealer was not paused');
  } finally {
    await client.end();
  }
}

export async function benchSealer(masterKey) {
  console.log(`\n## Audit sealer: tokenize with the sealer running vs paused (AUDIT_SEALER=off), ${CONNECTIONS} connections`);
  const servers = [];
  const onDatabase = await scratchDatabase('sealer_on');
  const offDatabase = await scratchDatabase('sealer_off');
  const watcher = new pg.Client({ connectionString: onDatabase });
  try {
    for (const [name, databaseUrl, sealer] of [['sealer-on', onDatabase, 'on'], ['sealer-off', offDatabase, 'off']]) {
      servers.push(await startVault(name, { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, REDIS_KEY_PREFIX: scratchRedisPrefix(name), VAULT_MASTER_KEY: masterKey, AUDIT_SEALER: sealer }));
    }
    await watcher.connect();
    const [on, off] = servers.map((server) => ({ url: `${server.url}/tokenize`, method: 'POST', headers: server.headers, body: card }));
    await load('warm-up: sealer on', { ...on, duration: WARMUP });
    await load('warm-up: sealer off', { ...off, duration: WARMUP });
    const [running, paused] = await rounds(
      [
        { title: 'tokenize — sealer running', options: on },
        { title: 'tokenize — sealer paused', options: off },
      ],
      { before: () => waitUntilSealed(watcher) },
    );
    await checkPaused(offDatabase);
    const ratio = running.rps / paused.rps;
    return [figure('tokenize, sealer running ÷ paused', `${ratio.toFixed(3)} (${running.rps.toFixed(0)} ÷ ${paused.rps.toFixed(0)})`, '≥ 0.9', '≥ 0.97', ratio >= 0.9, ratio >= 0.97)];
  } finally {
    await watcher.end().catch(() => {});
    for (const server of servers) await server.stop();
  }
}
