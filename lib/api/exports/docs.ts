// Documentation shared by the export routes' definitions (issue 26).
import { z } from 'zod';
import { OTHER_ACCOUNT_404, dataResponse, error } from '../../core/openapi-shapes';
import { messages } from '../../core/errors';
import { ZExportView } from '../../exports/schemas';

export const exportIdParam = z.object({ id: z.string().meta({ description: 'Export id (UUID).' }) });
export const exportNotFound404 = { 404: error(`\`Export not found\`. ${OTHER_ACCOUNT_404}`) };
export const ZExportResponse = dataResponse('ExportResponse', ZExportView);

export const TWO_PERSON_RULE =
  'Two-person rule: an export is requested by one owner and approved by **another** owner (or, in an account with a single owner, by the operator with `vault export approve ID`) before anything is decrypted; both sessions must be MFA-verified. An unapproved request expires 24 h after it was made, an approved one 24 h after its approval. At most one export per project is in flight (pending approval, or approved and not downloaded).';

export const OWNER_MFA =
  `Owners only (others 403 \`Insufficient permissions\`), signed in with MFA: an owner without MFA turned on gets 403 \`mfa_required\` (\`${messages.mfaRequired}\`). Every attempt, refusals included, is written to the audit log.`;

/** The 403s of a route for MFA-verified owners. */
export const ownerMfa403 = (more = '') =>
  error(`\`Insufficient permissions\`: the signed-in user is not an owner. \`mfa_required\`: the owner has not turned MFA on.${more ? ` ${more}` : ''}`);

