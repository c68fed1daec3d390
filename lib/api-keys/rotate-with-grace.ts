// Rotating a key (an application's API key, a merchant's service key): the current key becomes the previous
// one, accepted until the grace period ends (none: it stops at once), and an older previous key is dropped.
// A compare-and-set on the current hash, so two rotations at once cannot both keep "the" old key: the one
// that lost reads the new current key and tries again.
const ATTEMPTS = 5;

export type KeySwap<Key> = {
  key: Key;
  /** The hash the swap must still find, else another rotation won. */
  currentHash: string;
  /** The current hash while the grace period lasts, else null. */
  previousKeyHash: string | null;
  previousKeyExpiresAt: Date | null;
};

export async function rotateWithGrace<Key>(options: {
  gracePeriodSeconds: number;
  /** The current key's hash; throws when the owner is gone. */
  currentHash(): Promise<string>;
  newKey(): Key;
  /** Writes the new key if the current hash is unchanged; false when another rotation came first. */
  swap(swap: KeySwap<Key>): Promise<boolean>;
  /** Runs after every attempt, won or lost (a cache to forget). */
  afterAttempt?(): void;
}): Promise<{ key: Key; previousKeyExpiresAt: Date | null }> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const currentHash = await options.currentHash();
    const key = options.newKey();
    const previousKeyExpiresAt = options.gracePeriodSeconds > 0 ? new Date(Date.now() + options.gracePeriodSeconds * 1000) : null;
    const swapped = await options.swap({ key, currentHash, previousKeyHash: previousKeyExpiresAt ? currentHash : null, previousKeyExpiresAt });
    options.afterAttempt?.();
    if (swapped) return { key, previousKeyExpiresAt };
  }
  throw new Error('key rotation kept racing with another rotation');
}
