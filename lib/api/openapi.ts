// GET /openapi.json — the OpenAPI 3.1 description of the vault API.
import { openApiJson } from '../openapi/document';

export async function GET(): Promise<Response> {
  return new Response(openApiJson(), { headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' } });
}
