// The import key routes (issue 26), in the order they are documented.
import type { DefinedRoute } from '../../http/define-route';
import { POST as createImportKey } from './create-import-key';
import { GET as listImportKeys } from './list-import-keys';
import { POST as revokeImportKey } from './revoke-import-key';

export const importKeysRoutes: DefinedRoute[] = [listImportKeys, createImportKey, revokeImportKey];
