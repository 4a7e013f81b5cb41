/** The recipe import and export texts a person reads (ADR 070). */

export const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

/** A chosen file that could not be read at all. */
export const FILE_UNREADABLE = 'The file could not be read'

/** What a recipe of the file named that the catalogue does not know. */
export const UNMATCHED_KIND_LABEL = {
  fermentable: 'Fermentable',
  hop: 'Hop',
  other: 'Other ingredient',
  yeast: 'Yeast',
  style: 'Style',
} as const
export const styleNotInList = (name: string) =>
  `Style: ${name} is not in the style list; the recipe has no style until one is chosen`

/** A file none of whose recipes can be imported. */
export const cannotBeImported = (fileName: string) => `${fileName} cannot be imported`
export const NOTHING_CREATED = 'Nothing was created.'

/** The end of the preview's first sentence: where the recipes go. */
export const previewOutcome = (count: number, productName: string | undefined) =>
  productName !== undefined
    ? `will be added to ${productName}.`
    : count === 1
      ? 'will be created as a new product.'
      : 'will be created as new products.'

/** The confirm button, and the toast once the writes are queued. */
export const IMPORT = 'Import'
export const confirmImportLabel = (count: number, toProduct: boolean) =>
  toProduct ? `Add ${plural(count, 'recipe')}` : `Create ${plural(count, 'product')}`
export const importedToast = (count: number, productName: string | undefined) =>
  productName !== undefined
    ? `Added ${plural(count, 'recipe')} to ${productName}`
    : `Imported ${plural(count, 'recipe')} as new products`
