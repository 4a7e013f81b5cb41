import { PRODUCT_COLLECTIONS, type ProductCollection } from '@brewcommand/domain'
import type { Attribute, NewProductData, Package, Product, Recipe, TastingNote } from '@brewcommand/domain'
import { and, asc, eq, inArray, sql, type Placeholder } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { namedStatement, type Db } from '../../db/client.ts'
import {
  listProductFiles,
  toProductFile,
  type FileUrl,
  type ProductFileRow,
} from '../media/media.repository.ts'
import { productFiles } from '../../db/schema/product-files.ts'
import { packagingTypes } from '../../db/schema/entities.ts'
import {
  productAttributes,
  productPackages,
  products,
  recipes,
  tastingNotes,
} from '../../db/schema/products.ts'

/** The sub-collections of a product that share one shape of storage: rows with a position. */
/**
 * Where the sub-collections of the domain's one table (PRODUCT_COLLECTIONS) that live in their own rows are
 * stored; their field on the product comes from that table. Recipes and files have repositories of their own.
 */
export const COLLECTIONS = {
  packages: { table: productPackages, field: PRODUCT_COLLECTIONS.packages.field },
  tastingNotes: { table: tastingNotes, field: PRODUCT_COLLECTIONS.tastingNotes.field },
  attributes: { table: productAttributes, field: PRODUCT_COLLECTIONS.attributes.field },
} as const satisfies Partial<Record<ProductCollection, unknown>>
export type CollectionName = keyof typeof COLLECTIONS
type CollectionItem = { packages: Package; tastingNotes: TastingNote; attributes: Attribute }

function pick<T extends Record<string, unknown>>(row: T, keys: readonly string[]) {
  return Object.fromEntries(keys.map((k) => [k, row[k]]))
}
const FIELDS: Record<CollectionName, readonly string[]> = {
  packages: ['id', 'type', 'typeId', 'sku', 'upc'],
  tastingNotes: ['id', 'category', 'notes'],
  attributes: ['id', 'attribute', 'value'],
}

type Columns = Record<string, { name: string }>
/** The rows of a raw `execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows
/** A statement's value: given, or a placeholder of a statement built once. */
type Value = string | Placeholder

/**
 * Adds an item at the end of the product's list (`insertItem`), one statement per collection built once
 * (ADR 222): nothing when the brewery has no such product or the id is taken.
 */
const insertStatements = Object.fromEntries(
  (Object.keys(FIELDS) as CollectionName[]).map((collection) => {
    const { table } = COLLECTIONS[collection]
    const fields = FIELDS[collection].filter((field) => field !== 'id')
    const columns = fields.map((field) => sql.identifier((table as unknown as Columns)[field].name))
    const values = fields.map((field) => sql.placeholder(`f_${field}`))
    const entityId = sql.placeholder('entityId')
    const productId = sql.placeholder('productId')
    const statement = namedStatement(
      `product_item_insert_${collection}`,
      () => sql`insert into ${table} (id, entity_id, product_id, position, ${sql.join(columns, sql`, `)})
        select ${sql.placeholder('id')}::uuid, ${products.entityId}, ${products.id}, coalesce(
            (select max(${table.position}) + 1 from ${table}
              where ${table.entityId} = ${entityId} and ${table.productId} = ${productId}), 0),
          ${sql.join(values, sql`, `)}
        from ${products}
        where ${products.entityId} = ${entityId} and ${products.id} = ${productId}
        on conflict do nothing
        returning id`,
    )
    return [collection, { statement, fields }]
  }),
) as Record<CollectionName, { statement: ReturnType<typeof namedStatement>; fields: string[] }>

/**
 * A rename and a new description, each one statement built once (ADR 222): the product's change and the
 * product as it now is, as `find` gives it.
 */
const changeStatements = {
  name: namedStatement('product_change_name', () =>
    productQuery(sql.placeholder('entityId'), sql.placeholder('productId'), {
      name: sql.placeholder('value'),
    }),
  ),
  description: namedStatement('product_change_description', () =>
    productQuery(sql.placeholder('entityId'), sql.placeholder('productId'), {
      description: sql.placeholder('value'),
    }),
  ),
}
type ProductQueryRow = Omit<Product, 'files'> & {
  files: Pick<ProductFileRow, 'id' | 'name' | 'description' | 's3Key' | 'fileType' | 'sizeBytes'>[]
}

/**
 * One product with its sub-collections as JSON, ordered as `assemble` orders them. With a change, the
 * same statement first updates the product (a rename reads back what it wrote in one round trip).
 */
function productQuery(entityId: Value, productId: Value, change?: { name?: Value; description?: Value }) {
  const owned = (table: { entityId: AnyPgColumn; productId: AnyPgColumn }) =>
    sql`${table.entityId} = p.entity_id and ${table.productId} = p.id`
  const items = (collection: CollectionName) => {
    const { table } = COLLECTIONS[collection]
    const pairs = FIELDS[collection].map(
      (field) => sql`${field}::text, ${(table as unknown as Record<string, AnyPgColumn>)[field]}`,
    )
    return sql`coalesce((select json_agg(json_build_object(${sql.join(pairs, sql`, `)}) order by ${table.position})
      from ${table} where ${owned(table)}), '[]')`
  }
  const scope = sql`${products.entityId} = ${entityId} and ${products.id} = ${productId}`
  const columns = sql`${products.id}, ${products.entityId}, ${products.name}, ${products.description}`
  const assignments = Object.entries(change ?? {}).map(
    ([field, value]) => sql`${sql.identifier(products[field as 'name' | 'description'].name)} = ${value}`,
  )
  const source = change
    ? sql`with p as (update ${products} set ${sql.join(assignments, sql`, `)}, updated_at = now()
        where ${scope} returning ${columns})`
    : sql`with p as (select ${columns} from ${products} where ${scope})`
  const f = productFiles
  return sql`${source}
    select p.id as "id", p.entity_id as "entityId", p.name as "name", p.description as "description",
      coalesce((select json_agg(${recipes.document} order by ${recipes.position}, ${recipes.createdAt})
        from ${recipes} where ${owned(recipes)}), '[]') as "recipes",
      coalesce((select json_agg(json_build_object('id', ${f.id}, 'name', ${f.name},
          'description', ${f.description}, 's3Key', ${f.s3Key}, 'fileType', ${f.fileType},
          'sizeBytes', ${f.sizeBytes}) order by ${f.position}, ${f.createdAt})
        from ${f} where ${owned(f)}), '[]') as "files",
      ${items('packages')} as "packagingTypes",
      ${items('tastingNotes')} as "tastingNotes",
      ${items('attributes')} as "attributes"
    from p`
}

// Every method takes the brewery first: a query without it would look wrong at a glance.
// `fileUrl` signs each file's read link (the media module's storage); without it files carry no `url`.
export function createProductRepository(db: Db, { fileUrl }: { fileUrl?: FileUrl } = {}) {
  async function assemble(entityId: string, ids: string[] | null): Promise<Product[]> {
    const scope = ids
      ? and(eq(products.entityId, entityId), inArray(products.id, ids))
      : eq(products.entityId, entityId)
    const productRows = await db
      .select()
      .from(products)
      .where(scope)
      .orderBy(asc(products.createdAt), asc(products.name))
    if (productRows.length === 0) return []
    const productIds = productRows.map((p) => p.id)
    const owned = (table: { entityId: AnyPgColumn; productId: AnyPgColumn }) =>
      and(eq(table.entityId, entityId), inArray(table.productId, productIds))
    // One after another: inside a transaction they share one connection.
    const recipeRows = await db
      .select()
      .from(recipes)
      .where(owned(recipes))
      .orderBy(asc(recipes.position), asc(recipes.createdAt))
    const packageRows = await db
      .select()
      .from(productPackages)
      .where(owned(productPackages))
      .orderBy(asc(productPackages.position))
    const noteRows = await db
      .select()
      .from(tastingNotes)
      .where(owned(tastingNotes))
      .orderBy(asc(tastingNotes.position))
    const attributeRows = await db
      .select()
      .from(productAttributes)
      .where(owned(productAttributes))
      .orderBy(asc(productAttributes.position))
    const fileRows = await listProductFiles(db, entityId, productIds)
    const byProduct = <R extends { productId: string }>(rows: R[], productId: string) =>
      rows.filter((r) => r.productId === productId)
    return productRows.map((p) => ({
      id: p.id,
      entityId: p.entityId,
      name: p.name,
      description: p.description,
      recipes: byProduct(recipeRows, p.id).map((r) => r.document as Recipe),
      files: byProduct(fileRows, p.id).map((f) => toProductFile(f, fileUrl)),
      packagingTypes: byProduct(packageRows, p.id).map((r) => pick(r, FIELDS.packages) as Package),
      tastingNotes: byProduct(noteRows, p.id).map((r) => pick(r, FIELDS.tastingNotes) as TastingNote),
      attributes: byProduct(attributeRows, p.id).map((r) => pick(r, FIELDS.attributes) as Attribute),
    }))
  }

  function productOf(result: unknown): Product | null {
    const [row] = rowsOf<ProductQueryRow>(result)
    if (!row) return null
    return {
      id: row.id,
      entityId: row.entityId,
      name: row.name,
      description: row.description,
      recipes: row.recipes,
      files: row.files.map((f) => toProductFile(f, fileUrl)),
      packagingTypes: row.packagingTypes,
      tastingNotes: row.tastingNotes,
      attributes: row.attributes,
    }
  }

  return {
    list: (entityId: string) => assemble(entityId, null),

    /**
     * One product as `list` gives it, in a single query (the answer of a write reads it inside the
     * write's transaction: one round trip, not six).
     */
    async find(entityId: string, productId: string): Promise<Product | null> {
      return productOf(await db.execute(productQuery(entityId, productId)))
    },

    /**
     * Renames or describes a product and answers it as `find` does, in one statement; null when the
     * brewery has no such product.
     */
    async changeProduct(
      entityId: string,
      productId: string,
      change: { name: string } | { description: string },
    ): Promise<Product | null> {
      const [statement, value] =
        'name' in change
          ? [changeStatements.name, change.name]
          : [changeStatements.description, change.description]
      return productOf(await statement(db, { entityId, productId, value }))
    },

    /** True when the brewery has this product: one indexed lookup, for the checks before a write. */
    async exists(entityId: string, productId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.entityId, entityId), eq(products.id, productId)))
      return row !== undefined
    },

    /** A product's recipes as `find` gives them (a broadcast sends the whole array, not the product). */
    async recipesOf(entityId: string, productId: string): Promise<Recipe[]> {
      const rows = await db
        .select({ document: recipes.document })
        .from(recipes)
        .where(and(eq(recipes.entityId, entityId), eq(recipes.productId, productId)))
        .orderBy(asc(recipes.position), asc(recipes.createdAt))
      return rows.map((r) => r.document as Recipe)
    },

    /** One sub-collection of a product as `find` gives it, for the same reason. */
    async collectionOf<C extends CollectionName>(
      entityId: string,
      productId: string,
      collection: C,
    ): Promise<CollectionItem[C][]> {
      const { table } = COLLECTIONS[collection]
      const rows = await db
        .select()
        .from(table)
        .where(and(eq(table.entityId, entityId), eq(table.productId, productId)))
        .orderBy(asc(table.position))
      return rows.map((r) => pick(r, FIELDS[collection]) as CollectionItem[C])
    },

    /** True when the id is taken anywhere (ids are UUIDs from the browser; a clash is a 409). */
    async idTaken(table: 'products' | 'recipes' | CollectionName, id: string): Promise<boolean> {
      const target =
        table === 'products' ? products : table === 'recipes' ? recipes : COLLECTIONS[table].table
      const [row] = await db.select({ id: target.id }).from(target).where(eq(target.id, id))
      return row !== undefined
    },

    async insertProduct(entityId: string, input: NewProductData) {
      await db
        .insert(products)
        .values({ id: input.id, entityId, name: input.name, description: input.description })
      for (const recipe of input.recipes) await this.insertRecipe(entityId, recipe)
    },

    async deleteProduct(entityId: string, productId: string) {
      await db.delete(products).where(and(eq(products.entityId, entityId), eq(products.id, productId)))
    },

    async insertRecipe(entityId: string, recipe: Recipe) {
      const [{ next } = { next: 0 }] = await db
        .select({ next: sql<number>`coalesce(max(${recipes.position}), -1) + 1` })
        .from(recipes)
        .where(and(eq(recipes.entityId, entityId), eq(recipes.productId, recipe.productId)))
      await db.insert(recipes).values({
        id: recipe.id,
        entityId,
        productId: recipe.productId,
        document: recipe,
        position: Number(next),
      })
    },

    async updateRecipe(entityId: string, recipe: Recipe) {
      const updated = await db
        .update(recipes)
        .set({ document: recipe, updatedAt: new Date() })
        .where(
          and(
            eq(recipes.entityId, entityId),
            eq(recipes.productId, recipe.productId),
            eq(recipes.id, recipe.id),
          ),
        )
        .returning({ id: recipes.id })
      return updated.length > 0
    },

    async deleteRecipe(entityId: string, productId: string, recipeId: string) {
      const deleted = await db
        .delete(recipes)
        .where(
          and(eq(recipes.entityId, entityId), eq(recipes.productId, productId), eq(recipes.id, recipeId)),
        )
        .returning({ id: recipes.id })
      return deleted.length > 0
    },

    /**
     * Adds an item at the end of the product's list, in one statement. False when nothing was added:
     * the brewery has no such product, or the id is taken (`idTaken` tells which).
     */
    async insertItem<C extends CollectionName>(
      entityId: string,
      productId: string,
      collection: C,
      item: CollectionItem[C],
    ): Promise<boolean> {
      const { statement, fields } = insertStatements[collection]
      const values: Record<string, unknown> = { id: item.id, entityId, productId }
      for (const field of fields) values[`f_${field}`] = (item as Record<string, unknown>)[field] ?? null
      const inserted = await statement(db, values)
      return rowsOf(inserted).length > 0
    },

    async updateItem<C extends CollectionName>(
      entityId: string,
      productId: string,
      collection: C,
      item: CollectionItem[C],
    ) {
      const { table } = COLLECTIONS[collection]
      const { id, ...fields } = item
      const updated = await db
        .update(table)
        .set({ ...fields, updatedAt: new Date() })
        .where(and(eq(table.entityId, entityId), eq(table.productId, productId), eq(table.id, id)))
        .returning({ id: table.id })
      return updated.length > 0
    },

    async deleteItem(entityId: string, productId: string, collection: CollectionName, id: string) {
      const { table } = COLLECTIONS[collection]
      const deleted = await db
        .delete(table)
        .where(and(eq(table.entityId, entityId), eq(table.productId, productId), eq(table.id, id)))
        .returning({ id: table.id })
      return deleted.length > 0
    },

    async packagingTypeIds(entityId: string): Promise<Map<string, string>> {
      const rows = await db
        .select({ id: packagingTypes.id, name: packagingTypes.packageType })
        .from(packagingTypes)
        .where(eq(packagingTypes.entityId, entityId))
      return new Map(rows.map((r) => [r.id, r.name]))
    },
  }
}
export type ProductRepository = ReturnType<typeof createProductRepository>
