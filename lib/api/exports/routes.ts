// The export routes (issue 26), in the order they are documented.
import type { DefinedRoute } from '../../http/define-route';
import { POST as approveExport } from './approve-export';
import { POST as createExport } from './create-export';
import { GET as downloadExport } from './download-export';
import { GET as getExport } from './get-export';
import { GET as listExports } from './list-exports';

export const exportsRoutes: DefinedRoute[] = [listExports, createExport, getExport, approveExport, downloadExport];
