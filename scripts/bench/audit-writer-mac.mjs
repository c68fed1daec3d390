// Issue 21: the audit writer's row MAC is one HMAC per row; measured (scripts/bench/writer-mac.ts) against
// the AES-256-GCM card seal every tokenize already does, in the same process and run.
import { spawnSync } from 'node:child_process';
import { root } from './settings.mjs';
import { figure } from './report.mjs';

export function benchWriterMac() {
  console.log('\n## Audit writer MAC: one HMAC-SHA-256 per audit row, against one card seal (AES-256-GCM)');
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench/writer-mac.ts'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`writer-mac.ts exited ${result.status}:\n${result.stderr}`);
  const { writerMacUs, cardSealUs, contentBytes } = JSON.parse(result.stdout.trim().split('\n').at(-1));
  console.log(`writer MAC over a ${contentBytes}-byte row: ${writerMacUs.toFixed(2)} µs; card seal: ${cardSealUs.toFixed(2)} µs`);
  const ratio = writerMacUs / cardSealUs;
  return [figure('audit writer MAC ÷ card seal (per call)', `${ratio.toFixed(2)} (${writerMacUs.toFixed(2)} µs ÷ ${cardSealUs.toFixed(2)} µs)`, '—', '—', null)];
}
