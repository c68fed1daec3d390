// The data of `audit.chain_broken`: which row (null when the break is a seal or the tail, not a row), the
// verifier's reason (row and seal numbers only, never a row's contents) and when the watch found it.
export function auditChainBrokenData(found: { first_broken_id: string | null; reason: string | null }, detectedAt: Date) {
  return { first_broken_id: found.first_broken_id, reason: found.reason, detected_at: detectedAt.toISOString() };
}
