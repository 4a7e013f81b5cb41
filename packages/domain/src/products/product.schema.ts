import { z } from 'zod'
import { envelopeOf } from '../envelope.ts'
import { RecipeSchema } from '../recipes/recipe.schema.ts'

/** True when a 12-digit UPC-A's last digit is the right check digit. */
export function hasValidUpcCheckDigit(upc: string): boolean {
  if (!/^\d{12}$/.test(upc)) return false
  const digits = [...upc].map(Number)
  const odd = digits.slice(0, 11).reduce((sum, d, i) => (i % 2 === 0 ? sum + d : sum), 0)
  const even = digits.slice(0, 11).reduce((sum, d, i) => (i % 2 === 1 ? sum + d : sum), 0)
  return (10 - ((odd * 3 + even) % 10)) % 10 === digits[11]
}

export const UPC_MESSAGES = {
  digits: 'UPC-A needs 12 digits',
  checkDigit: 'The UPC check digit is wrong',
} as const

/** Empty (no UPC), or a 12-digit UPC-A with a correct check digit. */
export const UpcSchema = z
  .string()
  .trim()
  .superRefine((upc, ctx) => {
    if (upc === '') return
    if (!/^\d{12}$/.test(upc)) ctx.addIssue({ code: 'custom', message: UPC_MESSAGES.digits })
    else if (!hasValidUpcCheckDigit(upc)) ctx.addIssue({ code: 'custom', message: UPC_MESSAGES.checkDigit })
  })

/** One of a brewery's packaging types, which packaging options are chosen from (docs/product/02-products.md §3). */
export const PackagingTypeSchema = z.object({
  packageTypeId: z.string().min(1),
  packageType: z.string().min(1),
})
export type PackagingType = z.infer<typeof PackagingTypeSchema>

/** The packaging types a new brewery starts with (docs/product/02-products.md §3). */
export const DEFAULT_PACKAGING_TYPES = ['16oz Cans', '1/6 BBL Keg', '1/2 BBL Keg'] as const

/** A packaging option (docs/product/02-products.md §3); its type is one of the brewery's packaging types. */
export const PackageSchema = z.object({
  id: z.uuid(),
  type: z.string().trim().min(1, 'Choose a packaging type').max(100),
  typeId: z.string().trim().min(1, 'Choose a packaging type').max(100),
  sku: z.string().trim().max(64, 'SKU is at most 64 characters'),
  upc: UpcSchema,
})
export type Package = z.infer<typeof PackageSchema>

/** Attribute choices; the first adds a new attribute name (docs/product/02-products.md §5). */
export const ATTRIBUTE_CHOICES = [
  '[New Attribute]',
  'ABV',
  'Availability',
  'Glassware',
  'Grains',
  'Hops',
  'IBU',
  'Serving Temp',
  'Style',
  'Yeast',
] as const

/**
 * Tasting-note categories as label and stored value (docs/product/02-products.md §5). Yeast Characteristics carries the same
 * stored value as Appearance, as the spec says.
 */
export const TASTING_NOTE_CATEGORIES = [
  { label: '[New Category]', value: '[New Category]' },
  { label: 'Acidity/Tartness', value: 'Acidity/Tartness' },
  { label: 'Aging', value: 'Aging' },
  { label: 'Alcohol Warmth/Presence', value: 'Alcohol Warmth/Presence' },
  { label: 'Appearance', value: 'Appearance' },
  { label: 'Aroma', value: 'Aroma' },
  { label: 'Balance', value: 'Balance' },
  { label: 'Bitterness', value: 'Bitterness' },
  { label: 'Body', value: 'Body' },
  { label: 'Carbonation', value: 'Carbonation' },
  { label: 'Finish', value: 'Finish' },
  { label: 'Flavor', value: 'Flavor' },
  { label: 'Sweetness', value: 'Sweetness' },
  { label: 'Yeast Characteristics', value: 'Appearance' },
] as const

export const TastingNoteSchema = z.object({
  id: z.uuid(),
  category: z.string().trim().min(1, 'Choose a category').max(100),
  notes: z.string().trim().min(1, 'Notes are required').max(5000),
})
export type TastingNote = z.infer<typeof TastingNoteSchema>

export const AttributeSchema = z.object({
  id: z.uuid(),
  attribute: z.string().trim().min(1, 'Choose an attribute').max(100),
  value: z.string().trim().min(1, 'A value is required').max(1000),
})
export type Attribute = z.infer<typeof AttributeSchema>

/**
 * A media file attached to a product (docs/product/02-products.md §3 "File", plus its stored object): `url` is a short-lived
 * signed link of the form {host}/uploads/{s3Key}?… that the server adds on every read.
 */
export const ProductFileSchema = z.looseObject({
  id: z.uuid(),
  name: z.string().max(255),
  description: z.string().max(2000),
  s3Key: z.string().optional(),
  fileType: z.string().optional(),
  size: z.number().optional(),
  url: z.string().optional(),
})
export type ProductFile = z.infer<typeof ProductFileSchema>

export const ProductNameSchema = z.string().trim().min(1, 'Product Name is required.').max(200)
export const ProductDescriptionSchema = z.string().trim().max(5000)

/** A product as the API answers it (docs/product/02-products.md §3). */
export const ProductSchema = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  name: ProductNameSchema,
  description: z.string(),
  recipes: z.array(RecipeSchema),
  files: z.array(ProductFileSchema),
  packagingTypes: z.array(PackageSchema),
  tastingNotes: z.array(TastingNoteSchema),
  attributes: z.array(AttributeSchema),
})
export type Product = z.infer<typeof ProductSchema>

/** `POST /api/products` data: a product with an empty recipes list, or one embedded recipe (onboarding). */
export const NewProductSchema = z.object({
  id: z.uuid(),
  name: ProductNameSchema,
  description: ProductDescriptionSchema.default(''),
  recipes: z.array(RecipeSchema).max(1).default([]),
})
export type NewProduct = z.input<typeof NewProductSchema>
export type NewProductData = z.output<typeof NewProductSchema>

/** `PUT /api/products/{id}` data: a new name or a new description. */
export const ProductChangeSchema = z.union([
  z.object({ name: ProductNameSchema }).strict(),
  z.object({ description: ProductDescriptionSchema }).strict(),
])

export const ProductEnvelopeSchema = envelopeOf('product', NewProductSchema)
export const ProductChangeEnvelopeSchema = envelopeOf('product', ProductChangeSchema)
export const PackageEnvelopeSchema = envelopeOf('product:package', PackageSchema)
export const TastingNoteEnvelopeSchema = envelopeOf('product:tastingNote', TastingNoteSchema)
export const AttributeEnvelopeSchema = envelopeOf('product:attribute', AttributeSchema)
export const RecipeEnvelopeSchema = envelopeOf('recipe', RecipeSchema)

/** Cuts a product description for its card: 170 characters and an ellipsis (docs/product/02-products.md §9). */
export function truncateDescription(description: string, max = 170): string {
  return description.length > max ? `${description.slice(0, max)}...` : description
}
