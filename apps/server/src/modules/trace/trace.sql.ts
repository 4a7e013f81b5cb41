import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { productPackages, products } from '../../db/schema/products.ts'

// The SQL pieces trace's reads share.

/** A LIKE pattern that matches `q` literally anywhere (its % and _ escaped). */
export const containing = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows
/**
 * The ids as one `uuid[]` parameter (an array literal), so a statement's text does not change with how many ids
 * it is given and PostgreSQL can keep its plan (ADR 408).
 */
export const uuidArray = (ids: readonly string[]): SQL =>
  sql`${`{${ids.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::uuid[]`

/** A common table expression a statement's reads share: computed once however many reads use it (ADR 418). */
export type Cte = { name: string; sql: SQL }
/**
 * Ids a read is given: a list, or a `uuid[]` found in the same statement by the common table expressions `with`
 * (a backward trace reads its batches' records beside the walk's first read, ADR 418).
 */
export type Ids = readonly string[] | { ids: SQL; with: Cte[] }
export const idsSql = (ids: Ids): SQL => ('ids' in ids ? ids.ids : uuidArray(ids))
export const withOf = (ids: Ids): Cte[] | undefined => ('ids' in ids ? ids.with : undefined)
export const noIds = (ids: Ids) => !('ids' in ids) && ids.length === 0

/** The brewery's packaging options that `filter` names, with their product's name (labels and the SKU search). */
export const packagesWhere = (db: Db, entityId: string, filter: SQL | undefined) =>
  db
    .select({
      id: productPackages.id,
      type: productPackages.type,
      sku: productPackages.sku,
      upc: productPackages.upc,
      productName: products.name,
    })
    .from(productPackages)
    .innerJoin(products, eq(products.id, productPackages.productId))
    .where(and(eq(productPackages.entityId, entityId), filter))
