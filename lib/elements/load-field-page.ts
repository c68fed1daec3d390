// What GET /elements/field needs from the query and the session: the field page's configuration, or the
// API's error for why it cannot be shown (unknown or ended session, a field the session does not collect,
// bad options), answered as JSON with the request id like every other error.
import { findCollectSession, collectStatus } from '../collect/read-collect-session';
import { VaultError, messages } from '../core/errors';
import { randomBase62 } from '../crypto/random';
import { brandingStyleDefaults } from '../merchants/branding-theme';
import { readBrandingStyle } from '../merchants/present-branding';
import type { Runtime } from '../runtime/types';
import { checkFieldOptions, INSTANCE_PATTERN, type FieldName } from './field-options';
import { isFieldName, type FieldPageConfig } from './field-page';
import { StyleError } from './style-rules';

/** Vault's own focus and invalid colours (the merchant's brand colour replaces focus when set). */
export const DEFAULT_FIELD_COLORS = { focus: '#4f46e5', invalid: '#c62828' };


function decodeOptions(encoded: string | null): unknown {
  if (!encoded) return undefined;
  if (encoded.length > 200_000) throw new StyleError('o', 'options are too large');
  try {
    return JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw new StyleError('o', 'o must be base64url JSON');
  }
}

/** The merchant's branding colours for the fields (focus: its brand colour kept at 3:1 on a light page). */
async function merchantColors(runtime: Pick<Runtime, 'db'>, merchantId: string): Promise<Partial<FieldPageConfig['colors']>> {
  const merchant = await runtime.db.prisma.merchant.findUnique({ where: { id: merchantId }, select: { branding: true } });
  const style = readBrandingStyle(merchant?.branding ?? null);
  if (!style) return {};
  const defaults = brandingStyleDefaults(style);
  return { focus: defaults.focusColor, invalid: defaults.invalidColor };
}

/** The page's configuration; throws VaultError (404 unknown session, 410 ended, 400 naming the bad query field). */
export async function loadFieldPage(runtime: Pick<Runtime, 'db'>, query: URLSearchParams): Promise<FieldPageConfig> {
  const session = await findCollectSession(runtime, query.get('session') ?? '');
  if (!session) throw new VaultError('not_found', messages.collectSessionNotFound);
  if (collectStatus(session) !== 'open') throw new VaultError('collect_session_expired', messages.collectSessionExpired);
  const field = query.get('field') ?? '';
  if (!isFieldName(field) || !session.fields.includes(field)) throw VaultError.validation([{ path: 'field', message: 'field must be one of the fields of this collect session' }]);
  // elements.js names its instance; a page opened as the issue names it (session and field only) gets its
  // own, which pairs it with no SDK and no other frame.
  const instance = query.get('instance') ?? randomBase62(24);
  if (!INSTANCE_PATTERN.test(instance)) throw VaultError.validation([{ path: 'instance', message: 'instance must be 16 to 64 letters or digits' }]);
  let options;
  try {
    options = checkFieldOptions(decodeOptions(query.get('o')), session.parentOrigin);
  } catch (error) {
    if (error instanceof StyleError) throw VaultError.validation([{ path: `o.${error.path}`, message: error.message }]);
    throw error;
  }
  const colors = { ...DEFAULT_FIELD_COLORS, ...(session.merchantId ? await merchantColors(runtime, session.merchantId) : {}) };
  return { sessionId: session.id, field, instance, parentOrigin: session.parentOrigin, fields: session.fields as FieldName[], options, colors };
}
