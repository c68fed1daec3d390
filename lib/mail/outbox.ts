// The development mail sink: without SMTP_URL each message is a real RFC 5322 file in <dataDir>/outbox.
// Bodies hold reset tokens and codes, so the folder is owner-only and each file 0600.
import { chmod, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseEml, type ParsedMail } from './parse-eml';

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

let lastStamp = 0;

/** Milliseconds, strictly increasing within the process, so file names sort in sending order. */
function nextStamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/** Writes one message as `<timestamp>-<id>.eml` and returns its path. */
export async function writeOutboxMessage(dataDir: string, id: string, message: Buffer): Promise<string> {
  const dir = outboxDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700); // also when it existed with looser permissions
  const stamp = new Date(nextStamp()).toISOString().replace(/[:.]/g, '-');
  const file = join(dir, `${stamp}-${id}.eml`);
  // Written under a name readOutbox ignores, then renamed: a reader never sees half a message.
  const temporary = join(dir, `.${stamp}-${id}.tmp`);
  await writeFile(temporary, message, { mode: 0o600, flag: 'wx' });
  await rename(temporary, file);
  return file;
}

/** Every message in the outbox, oldest first; none when the folder does not exist yet. */
export async function readOutbox(dataDir: string): Promise<(ParsedMail & { file: string })[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = join(dir, name);
      return { file, ...parseEml(await readFile(file, 'utf8')) };
    }),
  );
}
