// Locates the project root (the folder holding package.json and prisma/) from wherever this module runs:
// source under tsx/vitest, the esbuild bundle in dist/, or Next's compiled server chunks in .next/.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findProjectRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && existsSync(join(dir, 'prisma', 'schema.prisma'))) {
      const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name;
      if (name === 'vault') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

// import.meta.url first: Next's bundler replaces __dirname with a placeholder path, but keeps the real
// module URL at run time.
function currentDir(): string {
  try {
    return dirname(fileURLToPath(import.meta.url));
  } catch {
    return typeof __dirname === 'string' ? __dirname : process.cwd();
  }
}

const here = currentDir();

export const projectRoot = findProjectRoot(here);
export const migrationsDir = join(projectRoot, 'prisma', 'migrations');
export const schemaPath = join(projectRoot, 'prisma', 'schema.prisma');
