// Documentation shared by the applications routes' definitions.
import { OTHER_ACCOUNT_404, error } from '../../core/openapi-shapes';

export const applicationNotFound = { 404: error(`\`Application not found\`. ${OTHER_ACCOUNT_404}`) };
