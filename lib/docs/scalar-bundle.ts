// The API reference renderer: Scalar's browser bundle, served first-party from the installed npm package
// (the production image keeps dependencies' node_modules), never from a CDN. Its URL carries the version,
// so it is cached for a year and a new version is a new URL.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { projectRoot } from '../paths';

/** The pinned @scalar/api-reference version (package.json); tests/integration/docs.test.ts checks they agree. */
export const SCALAR_VERSION = '1.46.4';
export const SCALAR_SCRIPT_PATH = `/docs/scalar-${SCALAR_VERSION}.js`;

export const SCALAR_BUNDLE_FILE = join(projectRoot, 'node_modules', '@scalar', 'api-reference', 'dist', 'browser', 'standalone.js');

/**
 * zod, inside the bundle, probes whether `new Function` works to pick its compiled fast path. Under the
 * page's policy (no 'unsafe-eval') the probe throws, is caught, and zod takes its plain path, but the
 * browser still reports a CSP violation. The probe's answer is written in as "no": the same behaviour
 * without the report. Exactly one occurrence is expected; another version must be looked at again.
 */
const EVAL_PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

export function withoutEvalProbe(source: string): string {
  const at = source.indexOf(EVAL_PROBE);
  if (at < 0 || source.includes(EVAL_PROBE, at + 1)) throw new Error(`Scalar bundle: expected zod's eval probe exactly once (${SCALAR_BUNDLE_FILE})`);
  return source.slice(0, at) + 'return!1' + source.slice(at + EVAL_PROBE.length);
}

export type ScalarBundle = { plain: Buffer; gzipped: Buffer };

let loading: Promise<ScalarBundle> | undefined;

/** The bundle (3.5 MB) and its gzip (about 1 MB), read and compressed once per process, when first asked for. */
export function loadScalarBundle(): Promise<ScalarBundle> {
  loading ??= (async () => {
    const plain = Buffer.from(withoutEvalProbe(await readFile(SCALAR_BUNDLE_FILE, 'utf8')));
    return { plain, gzipped: await promisify(gzip)(plain) };
  })();
  // A failed read (a broken install) is retried on the next request rather than remembered.
  loading.catch(() => (loading = undefined));
  return loading;
}
