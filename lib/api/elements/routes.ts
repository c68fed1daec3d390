// The Vault Elements browser routes: the SDK files and the field pages (served by the checkout origin).
import type { DefinedRoute } from '../../http/define-route';
import { elementsFieldScript, elementsGlobal, elementsModule } from './elements-assets';
import { GET as fieldPage } from './field-page';

export const elementsRoutes: DefinedRoute[] = [fieldPage, elementsModule, elementsGlobal, elementsFieldScript];
