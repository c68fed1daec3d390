// Documentation shared by the projects routes' definitions.
import { OTHER_ACCOUNT_404, error } from '../../core/openapi-shapes';

export const projectNotFound = { 404: error(`\`Project not found\`. ${OTHER_ACCOUNT_404}`) };
