// The user-agent of webhook requests: the product and its version (package.json's, read once at start),
// so receivers can tell and allow-list them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../paths';

const version = (JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { version: string }).version;

export const USER_AGENT = `Vault-Webhooks/${version}`;
