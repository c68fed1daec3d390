// Management API routes: tokens. Kept in their own table so each area grows without touching the others.
import type { Route } from './types';

export const tokensRoutes: Route[] = [];
