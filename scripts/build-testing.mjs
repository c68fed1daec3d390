// Builds vault/testing (testing/src/, TypeScript) into testing/dist/: each source file becomes a readable
// ES module (esbuild, types stripped, imports kept) and its declarations (TypeScript's per-file
// transpileDeclaration, so the .d.ts is derived from the source, never written twice). The outputs are
// committed, so `vault/testing` works from a checkout without a build; tests/integration/testing-kit-build.test.ts
// fails when they differ from a fresh build. Run after changing testing/src/: `node scripts/build-testing.mjs`.
import { transform } from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = join(root, 'testing', 'src');
const OUT = join(root, 'testing', 'dist');
const BANNER = '// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.\n';

/** Each output's text (file name in testing/dist/ → content), as a fresh build makes it. */
export async function buildTesting() {
  const outputs = {};
  for (const file of readdirSync(SOURCE).filter((name) => name.endsWith('.ts')).sort()) {
    const source = readFileSync(join(SOURCE, file), 'utf8');
    const base = file.replace(/\.ts$/, '');
    const js = await transform(source, { loader: 'ts', format: 'esm', target: 'es2022', sourcefile: file, legalComments: 'inline' });
    outputs[`${base}.js`] = BANNER + js.code;
    const declaration = ts.transpileDeclaration(source, {
      fileName: file,
      reportDiagnostics: true,
      compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, strict: true },
    });
    if (declaration.diagnostics?.length) {
      const text = declaration.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')).join('\n');
      throw new Error(`testing/src/${file}: declarations need explicit types (isolated declarations):\n${text}`);
    }
    outputs[`${base}.d.ts`] = BANNER + declaration.outputText;
  }
  return outputs;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outputs = await buildTesting();
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  for (const [file, text] of Object.entries(outputs)) writeFileSync(join(OUT, file), text);
}
