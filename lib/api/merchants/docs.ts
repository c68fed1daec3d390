// Documentation shared by the merchant routes' definitions.
import { z } from 'zod';
import { ZMerchantView } from '../../merchants/schemas';
import { OTHER_ACCOUNT_404, dataResponse, error } from '../../openapi/shared';

/** `{id}` path parameter. */
export const merchantIdParam = z.object({ id: z.string().meta({ description: 'Merchant id (UUID).' }) });

export const merchantNotFound = { 404: error(`\`Merchant not found\`. ${OTHER_ACCOUNT_404}`) };

/** `{success:true, data: merchant}` (get, update). */
export const ZMerchantResponse = dataResponse('MerchantResponse', ZMerchantView);

export const PROCESSOR_RULES =
  'The processor is `{type:"sandbox"}` (test projects only: a production project answers 400 naming `processor.type`) or `{type:"http", …}`, a PSP request template charged through the same pipeline as POST /proxy/transaction. Its configuration is sealed at rest (AES-256-GCM under the project\'s data key); every response shows header values as "********".';
