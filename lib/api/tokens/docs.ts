// Documentation shared by the tokens routes' definitions.
import { z } from 'zod';

/** `{token}` path parameter. */
export const tokenParam = z.object({ token: z.string().meta({ description: 'The token (`tok_…`).' }) });
