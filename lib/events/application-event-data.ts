// The data of the application events: the application's id and name, and for a rotation the new key's
// prefix (what listings show) and when the previous key stops working. Never a key or a key's hash.
export function applicationKeyRotatedData(application: { id: string; name: string }, key: { prefix: string; previousKeyExpiresAt: Date | null }) {
  return { application_id: application.id, name: application.name, key_prefix: key.prefix, previous_key_expires_at: key.previousKeyExpiresAt?.toISOString() ?? null };
}

export function applicationDeletedData(application: { id: string; name: string }) {
  return { application_id: application.id, name: application.name };
}
