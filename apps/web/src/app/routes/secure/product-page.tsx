import { useParams } from 'react-router'
import { ExportRecipeButtons } from '@/features/interchange/components/export-recipe-buttons.tsx'
import { ImportRecipeButton } from '@/features/interchange/components/import-recipe-button.tsx'
import { PlanBatchButton } from '@/features/batches/components/plan-batch-dialog.tsx'
import { MediaAssets } from '@/features/media/components/media-assets.tsx'
import { ProductDetail } from '@/features/products/components/product-detail.tsx'
import { ProductRecipes } from '@/features/recipes/components/product-recipes.tsx'

/** /secure/products/{id}: the product, composed with its recipes, their import and export, and its media. */
export function ProductPage() {
  const { productId = '' } = useParams()
  return (
    <ProductDetail
      key={productId}
      productId={productId}
      recipes={(product, confirm) => (
        <ProductRecipes
          product={product}
          confirm={confirm}
          header={<ImportRecipeButton product={{ id: product.id, name: product.name }} />}
          recipeActions={(recipe) => (
            <div className="grid gap-2">
              <PlanBatchButton product={{ id: product.id, name: product.name }} recipe={recipe} />
              <ExportRecipeButtons
                productName={product.name}
                description={product.description}
                recipe={recipe}
              />
            </div>
          )}
        />
      )}
      media={(product, canManage) => <MediaAssets product={product} canManage={canManage} />}
    />
  )
}
