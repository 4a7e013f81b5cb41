import { ImportRecipeButton } from '@/features/interchange/components/import-recipe-button.tsx'
import { ProductsList } from '@/features/products/components/products-list.tsx'

/**
 * /secure/products, the app's first page: the product cards, with Import Recipe from interchange. A module of
 * its own, so it does not bring the other screens with it (docs/decisions/173-first-page-loads-what-it-shows.md).
 */
export function ProductsPage() {
  return <ProductsList importButton={<ImportRecipeButton />} />
}
