/** The recipe screens' texts a person reads (docs/product/02-products.md §8 where the spec gives them). */
export const PRODUCT_NOT_FOUND = 'Product not found!'
export const NO_CATALOG = 'No catalog data loaded'
export const RECIPE_NOT_FOUND = 'Recipe not found.'
export const YEAST_PICKER = {
  placeholder: 'Select Yeast',
  searchPlaceholder: 'Search Yeast',
  emptyText: 'No matching yeast',
}

/** Texts of the ingredient tables (docs/product/02-products.md §2). */
export const NO_INGREDIENTS = 'No Ingredients.'
export const NOT_APPLICABLE = 'Not Applicable'
export const GRAIN_PICKER = {
  placeholder: 'Select Grain',
  searchPlaceholder: 'Search Grains',
  emptyText: 'No matching grains',
}
export const HOP_PICKER = {
  placeholder: 'Select Hops',
  searchPlaceholder: 'Search Hops',
  emptyText: 'No matching hops',
}
export const OTHER_PICKER = {
  placeholder: 'Select Ingredients',
  searchPlaceholder: 'Search Ingredients',
  emptyText: 'No matching ingredients',
}
