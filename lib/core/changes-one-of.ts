// An update body must change something: at least one of its optional fields present. For zod's refine:
// `.refine(...changesOneOf('role', 'name'))` → 400 `role or name is required` on an empty body.
export function changesOneOf<K extends string>(...keys: K[]) {
  return [(body: Partial<Record<K, unknown>>) => keys.some((key) => body[key] !== undefined), { message: `${keys.join(' or ')} is required` }] as const;
}
