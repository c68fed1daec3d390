// A tiny argument reader on node:util parseArgs: strict, so a typo is an error, not a silent default.
import { parseArgs } from 'node:util';

export function parseAppCreateArgs(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      name: { type: 'string' },
      production: { type: 'boolean', default: false },
      provisioning: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const name = values.name?.trim() ?? '';
  if (name.length < 3 || name.length > 50) throw new Error('--name is required: 3 to 50 characters');
  return { name, production: values.production, provisioning: values.provisioning, json: values.json };
}
