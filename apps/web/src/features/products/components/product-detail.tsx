import { can, type Product } from '@brewcommand/domain'
import { ChevronRight } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Section } from '@/components/item-cards.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useProductWrites } from '../api/use-product-writes.ts'
import {
  AttributesSection,
  PackagingSection,
  TastingNotesSection,
  type Confirm,
} from './product-item-sections.tsx'
import { Description, InlineName } from './product-text.tsx'
import { CANNOT_BE_UNDONE } from '../messages.ts'

/**
 * /secure/products/{id}: everything about one product (docs/product/02-products.md §2 "Product detail"). The page composes
 * what other features show here: the recipes section and the media assets.
 */
export function ProductDetail({
  productId,
  recipes,
  media,
}: {
  productId: string
  /** The Recipes section's content. */
  recipes: (product: Product, confirm: Confirm) => ReactNode
  /** The Media Assets section's content. */
  media: (product: Product, canManage: boolean) => ReactNode
}) {
  const { currentEntity } = useAppState()
  const writes = useProductWrites()
  const [confirming, setConfirming] = useState<{ title: string; run: () => void } | null>(null)
  const product = currentEntity?.products.find((p) => p.id === productId)
  if (!product) {
    return (
      <div className="grid gap-4">
        <p role="alert" className="text-lg font-semibold">
          Product not found!
        </p>
        <Link to="/secure/products" className="text-primary underline">
          Back to Products
        </Link>
      </div>
    )
  }
  const role = currentEntity?.role
  const canManage = can(role, 'manageProducts')
  const canEditRecipes = can(role, 'editRecipes')
  const confirm: Confirm = (title, run) => setConfirming({ title, run })

  return (
    <div className="grid gap-8">
      <nav aria-label="Breadcrumb" className="min-w-0">
        <ol className="flex min-w-0 items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to="/secure/products" className="hover:text-foreground hover:underline">
              Products
            </Link>
          </li>
          <ChevronRight aria-hidden="true" className="size-4" />
          <li
            aria-current="page"
            dir="auto"
            title={product.name}
            className="min-w-0 truncate text-foreground"
          >
            {product.name}
          </li>
        </ol>
      </nav>
      <InlineName
        product={product}
        canEdit={canManage}
        onSave={(name) => writes.renameProduct(product.id, name)}
      />

      <Section title="Description">
        <Description
          product={product}
          canEdit={canManage}
          onSave={(text) => writes.describeProduct(product.id, text)}
        />
      </Section>

      <Section title="Recipes">{recipes(product, confirm)}</Section>

      <PackagingSection
        product={product}
        packagingTypes={currentEntity?.packagingTypes ?? []}
        canManage={canManage}
        confirm={confirm}
      />

      <Section title="Media Assets">{media(product, canManage)}</Section>

      <AttributesSection product={product} canManage={canManage} confirm={confirm} />
      <TastingNotesSection product={product} canEdit={canEditRecipes} confirm={confirm} />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(isOpen) => !isOpen && setConfirming(null)}
        title={confirming?.title ?? ''}
        description={CANNOT_BE_UNDONE}
        onConfirm={() => confirming?.run()}
      />
    </div>
  )
}
