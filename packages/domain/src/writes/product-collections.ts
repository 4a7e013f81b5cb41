import type { z } from 'zod'
import type { Permission } from '../access/roles.ts'
import type { EnvelopeType } from '../envelope.ts'
import { NewProductFileSchema, ProductFileChangeSchema } from '../media/media.schema.ts'
import {
  AttributeSchema,
  PackageSchema,
  TastingNoteSchema,
  type Attribute,
  type Package,
  type Product,
  type ProductFile,
  type TastingNote,
} from '../products/product.schema.ts'
import { RecipeSchema, type Recipe } from '../recipes/recipe.schema.ts'

/**
 * The one table of a product's sub-collections: the name in the URI (`/api/products/{id}/{collection}`)
 * and in object URIs, the product field that holds them, the envelope type of their writes, the
 * permission a write needs (access/roles.ts), the data schemas of POST (new) and PUT (change), and the
 * word a person reads ("New tasting note"). Everything that lists the sub-collections imports this.
 */
export const PRODUCT_COLLECTIONS = {
  recipes: {
    field: 'recipes',
    envelopeType: 'recipe',
    permission: 'editRecipes',
    newSchema: RecipeSchema,
    changeSchema: RecipeSchema,
    noun: 'recipe',
  },
  packages: {
    field: 'packagingTypes',
    envelopeType: 'product:package',
    permission: 'manageProducts',
    newSchema: PackageSchema,
    changeSchema: PackageSchema,
    noun: 'packaging',
  },
  tastingNotes: {
    field: 'tastingNotes',
    envelopeType: 'product:tastingNote',
    permission: 'editRecipes',
    newSchema: TastingNoteSchema,
    changeSchema: TastingNoteSchema,
    noun: 'tasting note',
  },
  attributes: {
    field: 'attributes',
    envelopeType: 'product:attribute',
    permission: 'manageProducts',
    newSchema: AttributeSchema,
    changeSchema: AttributeSchema,
    noun: 'attribute',
  },
  files: {
    field: 'files',
    envelopeType: 'product:file',
    permission: 'manageProducts',
    newSchema: NewProductFileSchema,
    changeSchema: ProductFileChangeSchema,
    noun: 'file',
  },
} as const satisfies Record<
  string,
  {
    field: keyof Product
    envelopeType: EnvelopeType
    permission: Permission
    newSchema: z.ZodType
    changeSchema: z.ZodType
    noun: string
  }
>

export type ProductCollection = keyof typeof PRODUCT_COLLECTIONS
export const PRODUCT_COLLECTION_NAMES = Object.keys(PRODUCT_COLLECTIONS) as ProductCollection[]

/** The item each sub-collection holds, as the product carries it. */
export type ProductItem = {
  recipes: Recipe
  packages: Package
  tastingNotes: TastingNote
  attributes: Attribute
  files: ProductFile
}

/** True when `name` is one of the product's sub-collections. */
export const isProductCollection = (name: string): name is ProductCollection =>
  Object.hasOwn(PRODUCT_COLLECTIONS, name)
