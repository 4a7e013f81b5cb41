/** The product screens' texts a person reads (docs/product/02-products.md §2 and §9 where the spec gives them). */

/** The product's description when there is none. */
export const NO_DESCRIPTION = 'No product description supplied'
export const ADD_DESCRIPTION = 'Click to add a description'

/** The packaging card's barcode. */
export const NO_UPC = 'No UPC'
export const NOT_READY_MESSAGE = 'Barcode image is not ready yet. Please try again shortly.'
export const UPC_NOT_DRAWABLE = 'This UPC cannot be drawn as a UPC-A barcode.'

/** Confirming a deletion. */
export const DELETE_PRODUCT = {
  title: 'Delete product?',
  description: (name: string | undefined) =>
    `${name ?? 'This product'} and all its recipes, packaging, attributes and tasting notes will be deleted.`,
}
export const confirmDeleteTitle = (name: string) => `Delete ${name}?`
export const DELETE_TASTING_NOTE = 'Delete this tasting note?'
export const CANNOT_BE_UNDONE = 'This cannot be undone.'
