import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeLocalhostCertificate } from '@/tests/helpers/self-signed';
import { checkCaBundle, checkCaCertificates } from './check-ca-certs';

const DAY = 86_400_000;
const oneDay = makeLocalhostCertificate(1).cert;
const oneYear = makeLocalhostCertificate(365).cert;
const now = new Date();
const dir = mkdtempSync(join(tmpdir(), 'vault-doctor-ca-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('checkCaBundle', () => {
  it('ok: every certificate valid for more than 30 days, with the first expiry', () => {
    const result = checkCaBundle('ca.pem', oneYear, now);
    expect(result.status).toBe('ok');
    expect(result.detail).toMatch(/^1 valid certificate\(s\) in ca\.pem, the first to expire on \d{4}-\d{2}-\d{2}$/);
  });

  it('warn: the first to expire does so within 30 days', () => {
    expect(checkCaBundle('ca.pem', `${oneYear}\n${oneDay}`, now)).toMatchObject({ status: 'warn', detail: expect.stringContaining('2 valid certificate(s) in ca.pem') });
    expect(checkCaBundle('ca.pem', oneDay, now).detail).toMatch(/\(within 30 days\)$/);
  });

  it('FAIL: the only certificate has expired, or is not valid yet', () => {
    const expired = checkCaBundle('ca.pem', oneDay, new Date(now.getTime() + 2 * DAY));
    expect(expired.status).toBe('fail');
    expect(expired.detail).toMatch(/^no certificate in ca\.pem is valid now \(CN=localhost, valid \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\)$/);
    expect(expired.fix).toContain('restart the vault');
    expect(checkCaBundle('ca.pem', oneDay, new Date(now.getTime() - 2 * DAY)).status).toBe('fail');
  });

  it('warn, not FAIL: a bundle with some expired certificates among valid ones (as system bundles have)', () => {
    const result = checkCaBundle('ca.pem', `${oneDay}\n${oneYear}`, new Date(now.getTime() + 2 * DAY));
    expect(result.status).toBe('warn');
    expect(result.detail).toMatch(/^1 valid certificate\(s\) in ca\.pem, the first to expire on .*; 1 not valid now, ignored by TLS \(CN=localhost, /);
  });

  it('FAIL: no PEM block, or a block that does not parse', () => {
    expect(checkCaBundle('ca.der', 'binary junk', now)).toMatchObject({ status: 'fail', detail: 'NODE_EXTRA_CA_CERTS=ca.der holds no PEM certificate' });
    const broken = `${oneYear}\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`;
    expect(checkCaBundle('ca.pem', broken, now)).toMatchObject({ status: 'fail', detail: 'certificate 2 of 2 in ca.pem does not parse' });
  });
});

describe('checkCaCertificates', () => {
  it('unset: ok, system CAs only', () => {
    expect(checkCaCertificates(undefined)).toEqual({ name: 'CA certificates', status: 'ok', detail: 'NODE_EXTRA_CA_CERTS not set: PSP and webhook TLS trust the system CAs only' });
  });

  it('a missing file: FAIL naming it, with the fix', () => {
    const missing = join(dir, 'missing.pem');
    expect(checkCaCertificates(missing)).toEqual({
      name: 'CA certificates',
      status: 'fail',
      detail: `NODE_EXTRA_CA_CERTS=${missing} does not exist: Node ignores it and PSPs signed by that CA are refused`,
      fix: "point it at the CA's PEM file, readable by the vault's user, then restart the vault (Node reads NODE_EXTRA_CA_CERTS only at start)",
    });
  });

  it('a file on disk is read and checked', () => {
    const file = join(dir, 'ca.pem');
    writeFileSync(file, oneYear);
    expect(checkCaCertificates(file, now).status).toBe('ok');
  });
});
