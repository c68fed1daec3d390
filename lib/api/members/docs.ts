// Documentation shared by the members routes' definitions.
import { OTHER_ACCOUNT_404, error } from '../../core/openapi-shapes';

export const memberNotFound = { 404: error(`\`Member not found\`. ${OTHER_ACCOUNT_404}`) };
export const lastOwner = { 409: error('`conflict`: the account must keep at least one owner.') };
export const OWNER_RULE = 'Only an owner grants, changes or removes the owner role (an admin doing so gets 403).';
