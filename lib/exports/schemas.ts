// Request and response schemas of the export routes (issue 26). Messages name the field and the rule, never
// the value. No server-only import: the dashboard's Exports form validates with these schemas in the browser.
import { z } from 'zod';

/** A listed selection is sent in the JSON body (1 MiB at most): beyond this many tokens, export `all`. */
export const MAX_EXPORT_TOKENS = 20_000;
/** An unapproved request lapses this long after it was made; an approved one this long after its approval. */
export const EXPORT_APPROVAL_WINDOW_MS = 24 * 60 * 60 * 1000;
export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export const EXPORT_STATUSES = ['pending_approval', 'approved', 'downloaded', 'expired'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const typeMessage = (name: string, kind: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${name} is required` : `${name} must be ${kind}`;

export const ZCreateExportRequestSchema = z
  .strictObject({
    project_id: z.uuid({ error: typeMessage('project_id', 'a UUID') }).meta({ description: 'The project whose cards are exported.' }),
    recipient_public_key: z
      .string({ error: typeMessage('recipient_public_key', 'a string') })
      .min(1, 'recipient_public_key is required')
      .max(64 * 1024, 'recipient_public_key must be at most 65536 characters')
      .meta({ description: "The recipient's armored OpenPGP public key (`-----BEGIN PGP PUBLIC KEY BLOCK-----`): RSA of 3072 bits or more, or Curve25519. The file is encrypted to this key only." }),
    tokens: z
      .array(z.string({ error: 'tokens must list token values (strings)' }).min(1, 'tokens must not hold an empty string'), { error: typeMessage('tokens', 'an array of token values') })
      .min(1, 'tokens must list at least one token (or send all: true instead)')
      .max(MAX_EXPORT_TOKENS, `tokens must list at most ${MAX_EXPORT_TOKENS} tokens (export all: true for more)`)
      .optional()
      .meta({ description: `The tokens to export (each a token of this project), at most ${MAX_EXPORT_TOKENS}. Exactly one of \`tokens\` and \`all\`.` }),
    all: z.literal(true, { error: 'all must be true (or leave it out and send tokens)' }).optional().meta({ description: 'Export every card of the project. Exactly one of `tokens` and `all`.' }),
    format: z.enum(EXPORT_FORMATS, { error: 'format must be csv or jsonl' }).default('csv').meta({ description: 'The file inside the OpenPGP message: CSV with a header, or JSON Lines.' }),
  })
  .superRefine((body, ctx) => {
    if ((body.tokens === undefined) === (body.all === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['tokens'], message: 'send exactly one of tokens (a list) and all: true' });
    }
  });
export type TCreateExportRequest = z.infer<typeof ZCreateExportRequestSchema>;

export const ZListExportsQuerySchema = z.object({
  project_id: z.uuid({ error: typeMessage('project_id', 'a UUID') }).meta({ description: "The project whose exports are listed (newest first)." }),
});

const at = (description: string) => z.string().nullable().meta({ description });

export const ZExportView = z
  .object({
    id: z.string(),
    project_id: z.string(),
    status: z.enum(EXPORT_STATUSES).meta({
      description:
        '`pending_approval` until a second owner (or the operator, in a one-owner account) approves; `approved`: either owner may download it once; `downloaded`: done; `expired`: not approved within 24 h of the request, or not downloaded within 24 h of the approval.',
    }),
    format: z.enum(EXPORT_FORMATS),
    all: z.boolean().meta({ description: 'Every card of the project (else the listed tokens).' }),
    tokens_count: z.number().int().meta({ description: 'How many tokens were listed (0 with `all`).' }),
    recipient_fingerprint: z.string().meta({ description: "The recipient key's OpenPGP fingerprint (lowercase hex)." }),
    requested_by: z.string().nullable().meta({ description: 'The id of the owner who asked for the export.' }),
    approved_by: z.string().nullable().meta({ description: 'The id of the second owner who approved it (null: not yet, or approved by the operator).' }),
    approved_via: z.enum(['owner', 'operator']).nullable().meta({ description: '`operator`: approved with `vault export approve` (one-owner accounts).' }),
    rows_exported: z.number().int().nullable().meta({ description: 'Cards written to the file, once downloaded.' }),
    created_at: z.string(),
    expires_at: z.string().meta({ description: 'When it expires if it is not approved (or, once approved, not downloaded) by then.' }),
    approved_at: at('When it was approved.'),
    downloaded_at: at('When its download started.'),
  })
  .meta({ id: 'Export' });
export type TExportView = z.output<typeof ZExportView>;
