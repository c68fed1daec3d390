// The imports routes (issue 26), in the order they are documented.
import type { DefinedRoute } from '../../http/define-route';
import { POST as cancelImport } from './cancel-import';
import { POST as createImport } from './create-import';
import { GET as getImport } from './get-import';
import { GET as getImportMapping } from './get-import-mapping';
import { GET as getImportReport } from './get-import-report';
import { GET as listImports } from './list-imports';

export const importsRoutes: DefinedRoute[] = [listImports, createImport, getImport, cancelImport, getImportReport, getImportMapping];
