// Reads a Dockerfile into its instructions, stage by stage (comments dropped, `\` continuations joined), for
// structural tests of the image (no container daemon on these machines).
import { readFileSync } from 'node:fs';

export type Instruction = { stage: number; keyword: string; args: string };

export function readDockerfile(path: string): Instruction[] {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*#/.test(line));
  const joined = lines.join('\n').replace(/\\\n/g, ' ');
  let stage = -1;
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
      if (keyword.toUpperCase() === 'FROM') stage += 1;
      return { stage, keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, ' ') };
    });
}

/** `ENV A=1 B=2` instructions of a stage as one map. */
export function stageEnv(instructions: Instruction[], stage: number): Record<string, string> {
  return Object.fromEntries(
    instructions
      .filter((instruction) => instruction.stage === stage && instruction.keyword === 'ENV')
      .flatMap((instruction) => [...instruction.args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)].map(([, name, value]) => [name!, value!.replace(/^"|"$/g, '')])),
  );
}
