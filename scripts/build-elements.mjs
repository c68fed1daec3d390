// Builds the Vault Elements browser files (components/elements/) into public/: the SDK as an ES module
// (elements.js) and as a classic script defining window.VaultElements (elements.global.js), the field
// frames' script (elements-field.js, served at /elements/field.js) and the React wrapper (elements-react.js). The outputs are committed, so
// `vault/elements` works from a checkout without a build; tests/integration/elements-assets.test.ts fails
// when they differ from a fresh build. Run after changing components/elements/ or what it imports:
// `node scripts/build-elements.mjs`.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const BANNER = '// Vault Elements — built from components/elements/ by scripts/build-elements.mjs; do not edit.';

const bundles = [
  { file: 'elements.js', entry: 'components/elements/elements-sdk.ts', format: 'esm' },
  { file: 'elements.global.js', entry: 'components/elements/elements-sdk.ts', format: 'iife', globalName: 'VaultElementsSDK', footer: 'window.VaultElements=VaultElementsSDK.VaultElements;' },
  { file: 'elements-field.js', entry: 'components/elements/field-frame.ts', format: 'iife' },
  // `vault/react`: React stays the application's own (external); the SDK is bundled in.
  { file: 'elements-react.js', entry: 'components/elements/react.tsx', format: 'esm', external: ['react'], banner: `'use client';\n${BANNER}` },
];

/** Each bundle's text, as the build makes it now. */
export async function buildElements() {
  const outputs = {};
  for (const bundle of bundles) {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [bundle.entry],
      bundle: true,
      write: false,
      platform: 'browser',
      format: bundle.format,
      globalName: bundle.globalName,
      target: 'es2020',
      minify: true,
      legalComments: 'none',
      banner: { js: bundle.banner ?? BANNER },
      external: bundle.external,
      footer: bundle.footer ? { js: bundle.footer } : undefined,
      logLevel: 'warning',
    });
    outputs[bundle.file] = result.outputFiles[0].text;
  }
  return outputs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [file, text] of Object.entries(await buildElements())) writeFileSync(join(root, 'public', file), text);
}
