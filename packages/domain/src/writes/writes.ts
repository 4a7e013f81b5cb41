import { z } from 'zod'
import type { Permission } from '../access/roles.ts'
import { makeEnvelope, type Envelope, type EnvelopeType } from '../envelope.ts'
import { NewProductSchema, ProductChangeSchema, type Product } from '../products/product.schema.ts'
import { productObjectUri } from '../realtime/realtime.ts'
import type { Recipe } from '../recipes/recipe.schema.ts'
import {
  PRODUCT_COLLECTION_NAMES,
  PRODUCT_COLLECTIONS,
  type ProductCollection,
  type ProductItem,
} from './product-collections.ts'
import { productionDefinition, ProductionWriteSchema, type ProductionWrite } from './production-writes.ts'

/**
 * A queued write as a typed intent (docs/decisions/150-writes-are-typed-intents.md): what the person
 * did, in plain serialisable data. Everything else about it — method, path, envelope, permission, data
 * schema, its local change and how a person reads it — is derived from it here, once, for the browser
 * (the live page and a reload alike) and the server.
 */
export type ProductWrite =
  | {
      kind: 'product:create'
      product: { id: string; name: string; description: string; recipes: Recipe[] }
    }
  | { kind: 'product:rename'; productId: string; name: string }
  | { kind: 'product:describe'; productId: string; description: string }
  | { kind: 'product:delete'; productId: string }

type ItemWriteOf<C extends ProductCollection> =
  | {
      kind: 'item:add'
      productId: string
      collection: C
      item: ProductItem[C]
      /** Shown on this page only, never sent nor stored (a file's local preview until the server's link). */
      local?: { previewUrl?: string }
    }
  | {
      kind: 'item:change'
      productId: string
      collection: C
      /** The whole item, or for a file its new name and description. */
      item: { id: string } & Partial<ProductItem[C]>
    }
  | { kind: 'item:delete'; productId: string; collection: C; itemId: string }

/** A write to one of a product's sub-collections (product-collections.ts). */
export type ItemWrite = { [C in ProductCollection]: ItemWriteOf<C> }[ProductCollection]

/** Every write: the products' and the production side's (production-writes.ts). */
export type Write = ProductWrite | ItemWrite | ProductionWrite
export type WriteKind = Exclude<Write, ProductionWrite>['kind']

/** What a local applier changes: the brewery with its products (the bootstrap entity, or a part of it). */
export type WriteState = { entityId: string; products: Product[] }

export type WriteMethod = 'POST' | 'PUT' | 'DELETE'

/** The HTTP request of a write, as the request queue sends it (docs/decisions/050–054). */
export type WriteRequest = {
  method: WriteMethod
  uri: string
  data?: Envelope<EnvelopeType, unknown>
}

/** How a queued write reads in the save status list ("New product “Hazy”", "Delete packaging"). */
export const WRITE_TEXTS = {
  POST: (noun: string, name: string) => `New ${noun}${name}`,
  PUT: (noun: string, name: string) => `Change to ${noun}${name}`,
  DELETE: (noun: string) => `Delete ${noun}`,
} as const

type Definition<W extends Write> = {
  method: WriteMethod
  path: (write: W) => string
  permission: (write: W) => Permission
  /** The envelope's type and data schema (the server validates with it); none for a DELETE. */
  envelope: ((write: W) => { type: EnvelopeType; schema: z.ZodType }) | null
  /** The envelope's `data`. */
  body: ((write: W) => unknown) | null
  objectUri: (write: W) => string
  noun: (write: W) => string
  /** The pure local change: the same function serves the live page, a remote merge and a reload. */
  apply: (state: WriteState, write: W) => WriteState
}

type Of<K extends WriteKind> = Extract<Write, { kind: K }>

const onProduct = (state: WriteState, productId: string, change: (product: Product) => Product) =>
  state.products.some((p) => p.id === productId)
    ? { ...state, products: state.products.map((p) => (p.id === productId ? change(p) : p)) }
    : state

type WithId = { id: string }
const itemsOf = (product: Product, collection: ProductCollection) =>
  (product[PRODUCT_COLLECTIONS[collection].field] ?? []) as WithId[]
const withItems = (product: Product, collection: ProductCollection, items: WithId[]): Product => ({
  ...product,
  [PRODUCT_COLLECTIONS[collection].field]: items,
})

/** Adds the item, or replaces the one with its id. */
function upsert(state: WriteState, productId: string, collection: ProductCollection, record: WithId) {
  return onProduct(state, productId, (product) => {
    const items = itemsOf(product, collection)
    return withItems(
      product,
      collection,
      items.some((i) => i.id === record.id)
        ? items.map((i) => (i.id === record.id ? { ...i, ...record } : i))
        : [...items, record],
    )
  })
}

const productPath = (productId: string) => `/api/products/${productId}`
const itemPath = (productId: string, collection: ProductCollection, itemId?: string) =>
  `${productPath(productId)}/${collection}${itemId === undefined ? '' : `/${itemId}`}`

const productChange: Definition<Of<'product:rename'> | Of<'product:describe'>>['envelope'] = () => ({
  type: 'product',
  schema: ProductChangeSchema,
})

/** A production write's definition: its row of PRODUCTION_WRITES; it changes no product locally. */
function productionWrite(write: ProductionWrite): Definition<ProductionWrite> {
  const row = productionDefinition(write)
  return {
    method: row.method,
    path: ({ uri }) => uri,
    permission: () => row.permission,
    envelope: row.schema ? () => ({ type: row.envelopeType, schema: row.schema as z.ZodType }) : null,
    body: row.schema ? ({ data }) => data ?? {} : null,
    objectUri: ({ uri }) => uri,
    noun: () => row.noun,
    apply: (state) => state,
  }
}

const DEFINITIONS: { [K in WriteKind]: Definition<Of<K>> } = {
  'product:create': {
    method: 'POST',
    path: () => '/api/products',
    permission: () => 'createProductWithRecipe',
    envelope: () => ({ type: 'product', schema: NewProductSchema }),
    body: ({ product }) => ({
      id: product.id,
      name: product.name,
      description: product.description,
      recipes: product.recipes,
    }),
    objectUri: ({ product }) => productObjectUri(product.id),
    noun: () => 'product',
    apply: (state, { product }) =>
      state.products.some((p) => p.id === product.id)
        ? state
        : {
            ...state,
            products: [
              ...state.products,
              {
                id: product.id,
                entityId: state.entityId,
                name: product.name,
                description: product.description,
                recipes: product.recipes,
                files: [],
                packagingTypes: [],
                tastingNotes: [],
                attributes: [],
              },
            ],
          },
  },
  'product:rename': {
    method: 'PUT',
    path: ({ productId }) => productPath(productId),
    permission: () => 'manageProducts',
    envelope: productChange,
    body: ({ name }) => ({ name }),
    objectUri: ({ productId }) => productObjectUri(productId),
    noun: () => 'product',
    apply: (state, { productId, name }) => onProduct(state, productId, (p) => ({ ...p, name })),
  },
  'product:describe': {
    method: 'PUT',
    path: ({ productId }) => productPath(productId),
    permission: () => 'manageProducts',
    envelope: productChange,
    body: ({ description }) => ({ description }),
    objectUri: ({ productId }) => productObjectUri(productId),
    noun: () => 'product',
    apply: (state, { productId, description }) => onProduct(state, productId, (p) => ({ ...p, description })),
  },
  'product:delete': {
    method: 'DELETE',
    path: ({ productId }) => productPath(productId),
    permission: () => 'manageProducts',
    envelope: null,
    body: null,
    objectUri: ({ productId }) => productObjectUri(productId),
    noun: () => 'product',
    apply: (state, { productId }) =>
      state.products.some((p) => p.id === productId)
        ? { ...state, products: state.products.filter((p) => p.id !== productId) }
        : state,
  },
  'item:add': {
    method: 'POST',
    path: ({ productId, collection }) => itemPath(productId, collection),
    permission: ({ collection }) => PRODUCT_COLLECTIONS[collection].permission,
    envelope: ({ collection }) => ({
      type: PRODUCT_COLLECTIONS[collection].envelopeType,
      schema: PRODUCT_COLLECTIONS[collection].newSchema,
    }),
    body: ({ item }) => item,
    objectUri: ({ productId, collection, item }) => productObjectUri(productId, collection, item.id),
    noun: ({ collection }) => PRODUCT_COLLECTIONS[collection].noun,
    apply: (state, { productId, collection, item, local }) =>
      upsert(state, productId, collection, {
        ...item,
        ...(collection === 'files' && local?.previewUrl ? { url: local.previewUrl } : {}),
      }),
  },
  'item:change': {
    method: 'PUT',
    path: ({ productId, collection, item }) => itemPath(productId, collection, item.id),
    permission: ({ collection }) => PRODUCT_COLLECTIONS[collection].permission,
    envelope: ({ collection }) => ({
      type: PRODUCT_COLLECTIONS[collection].envelopeType,
      schema: PRODUCT_COLLECTIONS[collection].changeSchema,
    }),
    body: ({ item }) => item,
    objectUri: ({ productId, collection, item }) => productObjectUri(productId, collection, item.id),
    noun: ({ collection }) => PRODUCT_COLLECTIONS[collection].noun,
    apply: (state, { productId, collection, item }) =>
      // A file's change is its name and description: it changes a file that is there, never adds one.
      collection === 'files'
        ? onProduct(state, productId, (product) =>
            withItems(
              product,
              collection,
              itemsOf(product, collection).map((i) => (i.id === item.id ? { ...i, ...item } : i)),
            ),
          )
        : upsert(state, productId, collection, item),
  },
  'item:delete': {
    method: 'DELETE',
    path: ({ productId, collection, itemId }) => itemPath(productId, collection, itemId),
    permission: ({ collection }) => PRODUCT_COLLECTIONS[collection].permission,
    envelope: null,
    body: null,
    objectUri: ({ productId, collection, itemId }) => productObjectUri(productId, collection, itemId),
    noun: ({ collection }) => PRODUCT_COLLECTIONS[collection].noun,
    apply: (state, { productId, collection, itemId }) =>
      onProduct(state, productId, (product) =>
        withItems(
          product,
          collection,
          itemsOf(product, collection).filter((i) => i.id !== itemId),
        ),
      ),
  },
}

const definitionOf = <W extends Write>(write: W) =>
  (write.kind === 'production' ? productionWrite(write) : DEFINITIONS[write.kind]) as unknown as Definition<W>

/** The write's local change applied to `state` (a new object when something changed; `state` itself otherwise). */
export function applyWrite<S extends WriteState>(state: S, write: Write): S {
  return definitionOf(write).apply(state, write) as S
}

/** The permission (access/roles.ts) a write needs. */
export const permissionOf = (write: Write): Permission => definitionOf(write).permission(write)

/** The envelope type and the schema its `data` must satisfy; null for a DELETE. */
export const envelopeOfWrite = (write: Write) => definitionOf(write).envelope?.(write) ?? null

/** The request the queue sends for `write`: method, path and a fresh change envelope. */
export function requestOf(
  write: Write,
  options: { correlationIdentifier?: string; now?: Date } = {},
): WriteRequest {
  const definition = definitionOf(write)
  const method = definition.method
  const uri = definition.path(write)
  const envelope = definition.envelope?.(write)
  if (!envelope || !definition.body) return { method, uri }
  return {
    method,
    uri,
    data: makeEnvelope(envelope.type, definition.body(write), {
      objectUri: definition.objectUri(write),
      ...options,
    }),
  }
}

/** The write as a person reads it: "New product “Hazy Daze”", "Change to recipe", "Delete packaging". */
export function describeWrite(write: Write): string {
  const definition = definitionOf(write)
  const body = definition.body?.(write) as { name?: unknown } | undefined
  const name = write.kind === 'production' ? write.name : body?.name
  return describeChange(definition.method, definition.noun(write), name)
}

/** The texts of WRITE_TEXTS for a method, a noun and the written record's name, if it has one. */
export function describeChange(method: WriteMethod, noun: string, name: unknown): string {
  const named = typeof name === 'string' && name.trim() ? ` “${name.trim()}”` : ''
  return method === 'DELETE' ? WRITE_TEXTS.DELETE(noun) : WRITE_TEXTS[method](noun, named)
}

const Id = z.string().min(1).max(200)
const Collection = z.enum(PRODUCT_COLLECTION_NAMES as [ProductCollection, ...ProductCollection[]])
const Item = z.looseObject({ id: Id })

/**
 * The shape of a stored write (a browser's localStorage is input from outside): the kind, the ids and a
 * known collection. The server checks the data itself with the envelope schema when it is sent.
 */
export const WriteSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('product:create'),
    product: z.looseObject({
      id: Id,
      name: z.string(),
      description: z.string(),
      recipes: z.array(Item),
    }),
  }),
  z.object({ kind: z.literal('product:rename'), productId: Id, name: z.string() }),
  z.object({ kind: z.literal('product:describe'), productId: Id, description: z.string() }),
  z.object({ kind: z.literal('product:delete'), productId: Id }),
  z.object({
    kind: z.literal('item:add'),
    productId: Id,
    collection: Collection,
    item: Item,
    local: z.object({ previewUrl: z.string().optional() }).optional(),
  }),
  z.object({ kind: z.literal('item:change'), productId: Id, collection: Collection, item: Item }),
  z.object({ kind: z.literal('item:delete'), productId: Id, collection: Collection, itemId: Id }),
  ProductionWriteSchema,
])

/** A stored write, or null when it is not one this version knows. */
export function parseWrite(value: unknown): Write | null {
  const parsed = WriteSchema.safeParse(value)
  return parsed.success ? (parsed.data as Write) : null
}

/** The write without what only this page may see (`local`): what the queue stores. */
export function storableWrite(write: Write): Write {
  if (write.kind !== 'item:add' || write.local === undefined) return write
  const { local: _local, ...rest } = write
  return rest
}
