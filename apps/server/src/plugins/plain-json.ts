/**
 * A route-level serializer for large responses assembled field by field from data validated on its way
 * in: plain JSON.stringify instead of re-encoding the whole body through the route's zod response
 * schema, which took about 20 times longer than the stringify on a brewery of 100 products × 3 recipes
 * (ADR 091). The schema stays on the route for its types.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data)
