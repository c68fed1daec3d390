// Management API routes: account-auth. Kept in their own table so each area grows without touching the others.
import type { Route } from './types';

export const accountAuthRoutes: Route[] = [];
