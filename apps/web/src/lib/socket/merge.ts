/** True for a plain object (not an array, not null). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Deep merge of a remote change (docs/product/02-products.md §4): nested objects are merged, arrays and scalars replaced. */
export function deepMerge<T>(target: T, change: Record<string, unknown>): T {
  if (!isPlainObject(target)) return change as T
  const result: Record<string, unknown> = { ...target }
  for (const [key, value] of Object.entries(change)) {
    result[key] = isPlainObject(value) && isPlainObject(result[key]) ? deepMerge(result[key], value) : value
  }
  return result as T
}
