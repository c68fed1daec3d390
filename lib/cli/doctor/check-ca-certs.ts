// NODE_EXTRA_CA_CERTS, the extra CAs PSP and webhook TLS trust: Node reads the file once at start and only
// warns when it cannot, so a wrong path or an expired CA shows up as refused PSP calls. Checked here instead.
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fail, ok, warn, type CheckResult } from './check-result';

const NAME = 'CA certificates';
const EXPIRY_WARNING_DAYS = 30;
const PEM_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const RESTART = 'then restart the vault (Node reads NODE_EXTRA_CA_CERTS only at start)';

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The bundle's certificates: FAIL when one does not parse or none is valid now; warn when some are expired
 * (TLS ignores those: a system bundle copied in often holds a few) or the first valid one to expire does so
 * within EXPIRY_WARNING_DAYS. `now` for tests.
 */
export function checkCaBundle(file: string, pem: string, now: Date): CheckResult {
  const blocks = pem.match(PEM_BLOCK) ?? [];
  if (!blocks.length) return fail(NAME, `NODE_EXTRA_CA_CERTS=${file} holds no PEM certificate`, `convert it to PEM (\`openssl x509 -inform DER -in ca.der -out ca.pem\`), ${RESTART}`);
  const certificates: X509Certificate[] = [];
  for (const [index, block] of blocks.entries()) {
    try {
      certificates.push(new X509Certificate(block));
    } catch {
      return fail(NAME, `certificate ${index + 1} of ${blocks.length} in ${file} does not parse`, `replace it with the CA's PEM certificate, ${RESTART}`);
    }
  }
  const describe = (certificate: X509Certificate) => `${certificate.subject.replace(/\n/g, ', ')}, valid ${day(new Date(certificate.validFrom))} to ${day(new Date(certificate.validTo))}`;
  const valid = certificates.filter((certificate) => new Date(certificate.validFrom) <= now && now < new Date(certificate.validTo));
  const invalid = certificates.filter((certificate) => !valid.includes(certificate));
  if (!valid.length) {
    return fail(NAME, `no certificate in ${file} is valid now (${describe(certificates[0]!)}${certificates.length > 1 ? ', …' : ''})`, `replace it with the CA's current certificate (or check this machine's clock), ${RESTART}`);
  }
  const earliest = valid.reduce((first, certificate) => (new Date(certificate.validTo) < new Date(first.validTo) ? certificate : first));
  const summary = `${valid.length} valid certificate(s) in ${file}, the first to expire on ${day(new Date(earliest.validTo))}`;
  if (invalid.length) {
    return warn(NAME, `${summary}; ${invalid.length} not valid now, ignored by TLS (${describe(invalid[0]!)}${invalid.length > 1 ? ', …' : ''})`, `remove them from the file if the PSP you need is not among the valid ones, ${RESTART}`);
  }
  if (new Date(earliest.validTo).getTime() - now.getTime() <= EXPIRY_WARNING_DAYS * 86_400_000) {
    return warn(NAME, `${summary} (within ${EXPIRY_WARNING_DAYS} days)`, `add the CA's renewed certificate to the file, ${RESTART}`);
  }
  return ok(NAME, summary);
}

export function checkCaCertificates(file: string | undefined, now = new Date()): CheckResult {
  if (!file) return ok(NAME, 'NODE_EXTRA_CA_CERTS not set: PSP and webhook TLS trust the system CAs only');
  if (!existsSync(file)) return fail(NAME, `NODE_EXTRA_CA_CERTS=${file} does not exist: Node ignores it and PSPs signed by that CA are refused`, `point it at the CA's PEM file, readable by the vault's user, ${RESTART}`);
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (error) {
    return fail(NAME, `NODE_EXTRA_CA_CERTS=${file} cannot be read (${(error as NodeJS.ErrnoException).code})`, `make it readable by the vault's user, ${RESTART}`);
  }
  return checkCaBundle(file, pem, now);
}
