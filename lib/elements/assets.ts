// The Elements browser files, built from components/elements/ by scripts/build-elements.mjs into public/
// (committed, so `vault/elements` works without a build; tests/integration/elements-assets.test.ts checks
// they match their sources): the SDK as an ES module and as a classic script, and the field frames' script.
// Read and gzipped once per process, when first asked for.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { projectRoot } from '../paths';

export const ELEMENTS_ASSETS = {
  '/elements.js': 'elements.js',
  '/elements.global.js': 'elements.global.js',
  '/elements/field.js': 'elements-field.js',
} as const;
export type ElementsAssetPath = keyof typeof ELEMENTS_ASSETS;

export type ElementsAsset = { plain: Buffer; gzipped: Buffer };

const loading = new Map<ElementsAssetPath, Promise<ElementsAsset>>();

export function loadElementsAsset(path: ElementsAssetPath): Promise<ElementsAsset> {
  let asset = loading.get(path);
  if (!asset) {
    asset = (async () => {
      const plain = await readFile(join(projectRoot, 'public', ELEMENTS_ASSETS[path]));
      return { plain, gzipped: await promisify(gzip)(plain, { level: 9 }) };
    })();
    // A failed read is retried on the next request rather than remembered.
    asset.catch(() => loading.delete(path));
    loading.set(path, asset);
  }
  return asset;
}
