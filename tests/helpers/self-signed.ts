// A throw-away certificate for localhost (DNS and loopback IPs), made with openssl for each test run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function makeLocalhostCertificate(days = 1): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vault-cert-'));
  try {
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', String(days),
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A throw-away certificate authority and a server certificate it signed for localhost (DNS and loopback
 * IPs): what a TLS test hands the vault as NODE_EXTRA_CA_CERTS (the CA) and the server (cert + key).
 */
export function makeSignedLocalhostCertificate(days = 1): { ca: string; cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vault-ca-'));
  const file = (name: string) => join(dir, name);
  try {
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', String(days),
      '-subj', '/CN=Vault test CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout', file('ca-key.pem'), '-out', file('ca.pem'),
    ], { stdio: 'ignore' });
    // prettier-ignore
    execFileSync('openssl', [
      'req', '-new', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-subj', '/CN=localhost',
      '-keyout', file('key.pem'), '-out', file('server.csr'),
    ], { stdio: 'ignore' });
    writeFileSync(file('server.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1\nextendedKeyUsage=serverAuth,clientAuth\n');
    // prettier-ignore
    execFileSync('openssl', [
      'x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca-key.pem'), '-CAcreateserial',
      '-days', String(days), '-extfile', file('server.ext'), '-out', file('cert.pem'),
    ], { stdio: 'ignore' });
    return { ca: readFileSync(file('ca.pem'), 'utf8'), cert: readFileSync(file('cert.pem'), 'utf8'), key: readFileSync(file('key.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
