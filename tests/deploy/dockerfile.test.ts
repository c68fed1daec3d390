// The Dockerfile, checked by structure (no container daemon here): multi-stage on node:20-bookworm-slim,
// production dependencies only (`npm ci --omit=dev` after the build), a non-root numeric user, a HEALTHCHECK
// on /health, the data folder as a volume, everything the server needs at run time copied, and only
// variables lib/config.ts reads set, with values it accepts.
import { readFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../lib/config';
import { unknownVariables } from '../helpers/config-variables';
import { readDockerfile, stageEnv } from '../helpers/dockerfile';

const root = join(__dirname, '..', '..');
const instructions = readDockerfile(join(root, 'Dockerfile'));
const runtime = Math.max(...instructions.map((instruction) => instruction.stage));
const inStage = (stage: number, keyword: string) => instructions.filter((instruction) => instruction.stage === stage && instruction.keyword === keyword);
const runs = (stage: number) => inStage(stage, 'RUN').map((instruction) => instruction.args).join(' && ');

describe('Dockerfile', () => {
  it('is multi-stage, every stage FROM node:20-bookworm-slim', () => {
    const froms = instructions.filter((instruction) => instruction.keyword === 'FROM');
    expect(froms.length).toBeGreaterThanOrEqual(2);
    for (const from of froms) expect(from.args).toMatch(/^node:20-bookworm-slim( AS \w+)?$/);
  });

  it('builds with every dependency, then keeps only production ones (`npm ci --omit=dev` after the build)', () => {
    const build = runs(0);
    expect(build).toContain('npm ci');
    const built = build.indexOf('npm run build');
    expect(built).toBeGreaterThan(build.indexOf('npm ci'));
    expect(build.indexOf('npm ci --omit=dev')).toBeGreaterThan(built);
    // The runtime stage installs nothing: it copies the build stage's result.
    expect(runs(runtime)).not.toMatch(/npm (ci|install)/);
    const copied = inStage(runtime, 'COPY').map((instruction) => instruction.args);
    for (const path of ['/app/node_modules', '/app/.next', '/app/dist', '/app/public', '/app/prisma', '/app/package.json', '/app/next.config.mjs', '/app/bin', '/app/README.md', '/app/docs']) {
      expect(copied.some((args) => args.startsWith('--from=build') && args.split(' ').includes(path)), path).toBe(true);
    }
  });

  it('runs the server bundle that `npm run build` writes', () => {
    const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(packageJson.scripts.build).toBe('node scripts/build.mjs');
    expect(readFileSync(join(root, 'scripts', 'build-server.mjs'), 'utf8')).toMatch(/server: 'lib\/server\/entry\.ts'[\s\S]*outdir: 'dist'/);
    expect(inStage(runtime, 'CMD').map((instruction) => instruction.args)).toEqual([`["node", ${SERVER_NODE_FLAGS.map((flag) => `"${flag}"`).join(', ')}, "dist/server.mjs"]`]);
  });

  it('gives the server the same Node flags as `npm start` and the bench', async () => {
    expect(SERVER_NODE_FLAGS).toEqual(['--max-semi-space-size=32']);
    const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(packageJson.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
    expect(readFileSync(join(root, 'scripts', 'bench', 'vault-server.mjs'), 'utf8')).toContain('...SERVER_NODE_FLAGS, ...profile, ...nodeArgs');
  });

  it('runs as a non-root numeric user that owns only the data folder', () => {
    const users = inStage(runtime, 'USER').map((instruction) => instruction.args);
    expect(users).toHaveLength(1);
    const [uid, gid] = users[0]!.split(':').map(Number);
    expect(uid).toBeGreaterThan(0);
    expect(gid).toBeGreaterThan(0);
    // The Helm chart runs the pod as the same user.
    expect(readFileSync(join(root, 'deploy', 'helm', 'vault', 'templates', 'deployment.yaml'), 'utf8')).toContain(`runAsUser: ${uid}`);
    expect(runs(runtime)).toContain(`--uid ${uid}`);
    expect(runs(runtime)).toMatch(/chown vault:vault \/data\b/);
  });

  it('keeps data in a volume (VAULT_DATA_DIR) and checks /health', () => {
    const env = stageEnv(instructions, runtime);
    expect(env.VAULT_DATA_DIR).toBe('/data');
    expect(inStage(runtime, 'VOLUME').map((instruction) => instruction.args)).toEqual(['["/data"]']);
    const [healthcheck] = inStage(runtime, 'HEALTHCHECK').map((instruction) => instruction.args);
    expect(healthcheck).toMatch(/^--interval=\S+ --timeout=\S+ --start-period=\S+ --retries=\d+ CMD \[/);
    expect(healthcheck).toContain("'/health'");
    expect(healthcheck).toContain('process.env.PORT');
  });

  it('sets only variables lib/config.ts reads, with values it accepts', () => {
    const env = stageEnv(instructions, runtime);
    expect(env).toEqual({ NODE_ENV: 'production', PORT: '3000', HOST: '0.0.0.0', VAULT_DATA_DIR: '/data' });
    expect(unknownVariables(Object.keys(env))).toEqual([]);
    expect(parseConfig(env)).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', VAULT_DATA_DIR: '/data', embedded: true });
  });
});

describe('.dockerignore', () => {
  const patterns = readFileSync(join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

  it('leaves out dependencies, builds, secrets and git', () => {
    expect(patterns).toEqual(expect.arrayContaining(['node_modules', '.next', 'dist', '.env', '.env.*', '.git', 'data']));
  });

  it('keeps every source the build reads', () => {
    // tests/ and e2e/ too: `next build` type-checks the whole tsconfig project, and unit tests beside the code
    // (lib/**/*.test.ts) import tests/helpers.
    for (const path of ['app', 'components', 'lib', 'prisma', 'public', 'scripts', 'tests', 'e2e', 'package.json', 'package-lock.json', 'next.config.mjs', 'tsconfig.json', 'postcss.config.mjs', 'prisma.config.ts']) {
      expect(patterns, path).not.toContain(path);
    }
  });
});
