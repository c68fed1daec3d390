// The layer rule (docs/architecture.md): imports point one way, core → infrastructure → runtime types →
// domains (in their order) → runtime → transport → api auth → api → entry points, and nothing in lib/, app/
// or components/ imports itself in a circle. The table lives in scripts/import-graph.mjs; this test is the
// rule. A violation names the file, the line and both layers.
import { describe, expect, it } from 'vitest';
import { importCycles, layerOf, readImportGraph, ruleBroken, upwardImports, type ImportEdge } from '../../scripts/import-graph.mjs';

type Imports = ImportEdge[];
const graph = readImportGraph();

describe('the import graph of lib/, app/ and components/', () => {
  it('reads every kind of import, relative and @/', () => {
    expect(graph.size).toBeGreaterThan(600);
    // `import type`, `export … from`, `@/` and a dynamic import() with a literal are all edges.
    expect(graph.get('lib/runtime/shared.ts')!.map((edge) => edge.to)).toContain('lib/runtime/create-runtime.ts');
    expect(graph.get('lib/server/entry.ts')!.map((edge) => edge.to)).toContain('lib/telemetry/start-tracing.ts');
    expect(graph.get('lib/runtime/types.ts')!.map((edge) => edge.to)).toContain('lib/db/connect.ts');
  });

  it('has no import from a lower layer to a higher one', () => {
    expect(upwardImports(graph)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(importCycles(graph)).toEqual([]);
  });
});

describe('the rule itself', () => {
  // Small graphs of their own, so these cases do not depend on the real graph being clean.
  const check = (files: Record<string, Imports>) => upwardImports(new Map(Object.entries(files)));

  it('names the file, the line and both layers of an upward import', () => {
    const imports = [{ to: 'lib/checkout/pay-checkout-session.ts', line: 7, specifier: '../checkout/pay-checkout-session' }];
    expect(check({ 'lib/vault/get-token.ts': imports })).toEqual([
      'lib/vault/get-token.ts:7 imports lib/checkout/pay-checkout-session.ts: domain "vault" may not import domain "checkout", which comes after it',
    ]);
  });

  it('keeps transport free of domains, and domains free of transport', () => {
    const transport = [{ to: 'lib/vault/get-token.ts', line: 3, specifier: '../vault/get-token' }];
    const domain = [{ to: 'lib/http/respond.ts', line: 9, specifier: '../http/respond' }];
    expect(check({ 'lib/http/respond.ts': transport, 'lib/tokens/list-tokens.ts': domain })).toEqual([
      'lib/http/respond.ts:3 imports lib/vault/get-token.ts: transport may import only core, infrastructure, runtime types, not domain "vault"',
      'lib/tokens/list-tokens.ts:9 imports lib/http/respond.ts: domain "tokens" may not import transport, a higher layer',
    ]);
  });

  it('finds a cycle, type-only imports included', () => {
    const cyclic = new Map<string, Imports>([
      ['lib/core/errors.ts', [{ to: 'lib/core/uuid.ts', line: 1, specifier: './uuid' }]],
      ['lib/core/uuid.ts', [{ to: 'lib/core/errors.ts', line: 1, specifier: './errors' }]],
      ['lib/core/cursor.ts', [{ to: 'lib/core/uuid.ts', line: 2, specifier: './uuid' }]],
    ]);
    expect(importCycles(cyclic)).toEqual([['lib/core/errors.ts', 'lib/core/uuid.ts']]);
  });

  it('places every layer as docs/architecture.md describes', () => {
    const layer = (file: string) => layerOf(file)?.label;
    expect(layer('lib/core/errors.ts')).toBe('core');
    expect(layer('lib/config.ts')).toBe('core');
    expect(layer('lib/db/connect.ts')).toBe('infrastructure "db"');
    expect(layer('lib/runtime/types.ts')).toBe('runtime types');
    expect(layer('lib/runtime/create-runtime.ts')).toBe('runtime');
    expect(layer('lib/http/define-route.ts')).toBe('transport');
    expect(layer('lib/api/auth/session-route.ts')).toBe('api auth');
    expect(layer('lib/api/tokens/list-tokens.ts')).toBe('api');
    expect(layer('components/ui/dialog.tsx')).toBe('entry point');
    expect(ruleBroken(layerOf('lib/cards/card-rules.ts'), layerOf('lib/vault/get-token.ts'))).toBe('domain "cards" may not import domain "vault", which comes after it');
    expect(ruleBroken(layerOf('lib/vault/get-token.ts'), layerOf('lib/cards/card-rules.ts'))).toBeNull();
  });
});
