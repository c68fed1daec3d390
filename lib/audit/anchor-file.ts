// Published anchors (AUDIT_ANCHOR_FILE): the sealer appends one line per new seal, `<ISO time> <seal
// index>:<MAC hex>` (e.g. `2026-11-27T16:00:00.000Z 42:ab12…`), and `vault audit verify` checks the newest
// line by itself. The file is meant to leave the machine (tail -F | logger, or object storage with a
// retention lock), so someone who deletes the newest rows and seals in the database cannot also take back
// the anchors already published. Several processes may seal into one file: each line is one write on a
// descriptor opened with O_APPEND, so lines never interleave.
import { open } from 'node:fs/promises';

export type AnchorClaim = { sealIndex: bigint; mac: string };
type PublishedAnchor = { seal_index: string; mac: string };

/** Parses `<seal index>:<MAC hex>`; null when it is not one. */
export function parseAnchor(text: string): AnchorClaim | null {
  const match = /^([1-9]\d{0,18}):([0-9a-f]{64})$/i.exec(text.trim());
  return match ? { sealIndex: BigInt(match[1]!), mac: match[2]!.toLowerCase() } : null;
}

export const anchorLine = (anchor: PublishedAnchor, at: Date) => `${at.toISOString()} ${anchor.seal_index}:${anchor.mac}\n`;

/** Appends one line per anchor, each in a single write. */
export async function publishAnchors(path: string, anchors: PublishedAnchor[], at = new Date()): Promise<void> {
  const file = await open(path, 'a', 0o640);
  try {
    for (const anchor of anchors) await file.write(anchorLine(anchor, at));
  } finally {
    await file.close();
  }
}

const TAIL_BYTES = 64 * 1024;

/**
 * The newest well-formed anchor in the file (its last whole line that parses), or null when there is none
 * yet. A missing file is null too: the sealer creates it with its first seal.
 */
export async function readPublishedAnchor(path: string): Promise<(AnchorClaim & { line: string }) | null> {
  let file;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await file.stat();
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    await file.read(buffer, 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    // The last element follows the last newline: a line still being written, never trusted.
    for (let index = lines.length - 2; index >= 0; index--) {
      const [, claim] = lines[index]!.split(' ');
      const anchor = claim ? parseAnchor(claim) : null;
      if (anchor) return { ...anchor, line: lines[index]! };
    }
    return null;
  } finally {
    await file.close();
  }
}
