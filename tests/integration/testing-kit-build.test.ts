// vault/testing's committed build (testing/dist/) is what its sources build to, and the package exports it
// with its types; @playwright/test is an optional peer (the kit needs it for its types only: no run-time
// import of it, so `import 'vault/testing'` works in plain Node too).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTesting } from '../../scripts/build-testing.mjs';

const DIST = join('testing', 'dist');

describe('vault/testing build', () => {
  it('testing/dist/ holds exactly what testing/src/ builds to (run `node scripts/build-testing.mjs`)', async () => {
    const built = await buildTesting();
    expect(readdirSync(DIST).sort()).toEqual(Object.keys(built).sort());
    for (const [file, text] of Object.entries(built)) expect(readFileSync(join(DIST, file), 'utf8'), file).toBe(text);
  });

  it('is exported as ./testing with its types, with @playwright/test an optional peer and no run-time import of it', async () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.exports['./testing']).toEqual({ types: './testing/dist/index.d.ts', default: './testing/dist/index.js' });
    expect(pkg.peerDependencies['@playwright/test']).toBe('>=1.40.0');
    expect(pkg.peerDependenciesMeta['@playwright/test']).toEqual({ optional: true });
    for (const file of readdirSync(DIST).filter((name) => name.endsWith('.js'))) {
      expect(readFileSync(join(DIST, file), 'utf8'), file).not.toMatch(/from ["'](?!\.\/)/);
    }
  });
});
