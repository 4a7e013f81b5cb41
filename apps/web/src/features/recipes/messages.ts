/** The recipe screens' texts a person reads (spec 02 §8 where the spec gives them). */
export const PRODUCT_NOT_FOUND = 'Product not found!'
export const NO_CATALOG = 'No catalog data loaded'
export const RECIPE_NOT_FOUND = 'Recipe not found.'
export const YEAST_PICKER = {
  placeholder: 'Select Yeast',
  searchPlaceholder: 'Search Yeast',
  emptyText: 'No matching yeast',
}
