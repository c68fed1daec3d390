// Import files as a real sender makes them (issue 26): GnuPG 2.2 in a throw-away home, encrypting to the
// project's import key (and signing with a sender key of its own when asked).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

export type Sender = {
  home: string;
  /** The sender's signing key: its fingerprint (uppercase hex as gpg prints it, lowercased) and armored public key. */
  signer: { fingerprint: string; publicKey: string };
  encrypt(plaintext: string | Buffer, recipientPublicKey: string, options?: { sign?: boolean }): Buffer;
  close(): void;
};

const gpg = (home: string, args: string[], input?: string | Buffer) =>
  execFileSync('/usr/bin/gpg', ['--homedir', home, '--batch', '--quiet', '--no-tty', '--trust-model', 'always', ...args], { input, maxBuffer: 1 << 30 });

export function makeSender(name = 'Sender'): Sender {
  const home = mkdtempSync(join(tmpdir(), 'vault-gpg-'));
  gpg(home, ['--passphrase', '', '--pinentry-mode', 'loopback', '--quick-gen-key', `${name} <${name.toLowerCase()}@sender.test>`, 'ed25519', 'sign', 'never']);
  const listing = gpg(home, ['--with-colons', '--list-keys']).toString();
  const fingerprint = listing.split('\n').find((line) => line.startsWith('fpr:'))!.split(':')[9]!.toLowerCase();
  const publicKey = gpg(home, ['--armor', '--export', fingerprint]).toString();
  return {
    home,
    signer: { fingerprint, publicKey },
    encrypt(plaintext, recipientPublicKey, options = {}) {
      const recipient = join(home, `recipient-${Math.random().toString(36).slice(2)}.asc`);
      writeFileSync(recipient, recipientPublicKey);
      const args = ['--recipient-file', recipient, ...(options.sign ? ['--local-user', fingerprint, '--sign'] : []), '--encrypt'];
      return gpg(home, args, plaintext);
    },
    close: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** The bytes as a fresh stream each pass. */
export const bytesSource = (bytes: Buffer) => () => Readable.from([bytes]);

/** A Luhn-valid 16-digit Visa test-range number for `index` (distinct per index). */
export function cardNumberFor(index: number): string {
  const body = `400000${String(index).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A CSV of `rows` distinct cards with external ids `ext-<n>`. */
export function cardsCsv(rows: number, from = 1): string {
  const lines = ['external_id,card_number,exp_month,exp_year,cardholder_name'];
  for (let n = from; n < from + rows; n++) lines.push(`ext-${n},${cardNumberFor(n)},${String((n % 12) + 1).padStart(2, '0')},2030,Holder ${n}`);
  return `${lines.join('\n')}\n`;
}
