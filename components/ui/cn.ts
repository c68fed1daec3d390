// Joins class names, skipping falsy ones (conditional classes without a dependency).
export function cn(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
