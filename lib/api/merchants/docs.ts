// Documentation shared by the merchant routes' definitions.
import { z } from 'zod';
import { ZMerchantView } from '../../merchants/schemas';
import { OTHER_ACCOUNT_404, dataResponse, error } from '../../core/openapi-shapes';

/** `{id}` path parameter. */
export const merchantIdParam = z.object({ id: z.string().meta({ description: 'Merchant id (UUID).' }) });

export const merchantNotFound = { 404: error(`\`Merchant not found\`. ${OTHER_ACCOUNT_404}`) };

/** `{success:true, data: merchant}` (get, update). */
export const ZMerchantResponse = dataResponse('MerchantResponse', ZMerchantView);

export const PROCESSOR_RULES =
  'The processor is `{type:"sandbox"}` (test projects only: a production project answers 400 naming `processor.type`) or `{type:"http", …}`, a PSP request template charged through the same pipeline as POST /proxy/transaction. Its configuration is sealed at rest (AES-256-GCM under the project\'s data key); every response shows header values as "********". An http processor\'s URL must pass the project\'s `allowed_proxy_hosts` (PUT /api/projects/{id}) when the merchant is saved and again at every charge.';

/** 400s of a saved processor (besides the body's validation_error). */
export const processorRefused = {
  400: error(
    '`validation_error` naming the field; `proxy_host_not_allowed` (`Invalid proxy URL: <host> is not in this project\'s allowed_proxy_hosts`, field `processor.url`) when the project\'s `allowed_proxy_hosts` does not list the URL\'s host, or a production project (any project with PROXY_REQUIRE_ALLOW_LIST=true) has no list.',
  ),
};
