import { can, truncateDescription, type Product } from '@brewcommand/domain'
import { Beer, EllipsisVertical } from 'lucide-react'
import { lazy, useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { DeferredPopup, OnceOpened } from '@/components/deferred.tsx'
import { Button } from '@/components/ui/button.tsx'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useProductWrites } from '../api/use-product-writes.ts'
import { AddCard } from '@/components/item-cards.tsx'
import { DELETE_PRODUCT } from '../messages.ts'

// The card menus and the dialogs are fetched on first use, so the products page, the app's first page,
// loads only what it shows (docs/decisions/173-first-page-loads-what-it-shows.md).
const loadCardMenu = () => import('./product-card-menu.tsx')
const NewProductDialog = lazy(async () => ({
  default: (await import('./new-product-dialog.tsx')).NewProductDialog,
}))
const ConfirmDialog = lazy(async () => ({
  default: (await import('@/components/ui/confirm-dialog.tsx')).ConfirmDialog,
}))

function ProductCard({
  product,
  canDelete,
  onDelete,
}: {
  product: Product
  canDelete: boolean
  onDelete: () => void
}) {
  const trigger = (
    <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${product.name}`}>
      <EllipsisVertical aria-hidden="true" />
    </Button>
  )
  return (
    <li className="relative flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-5 shadow-xs transition-shadow focus-within:ring-[3px] focus-within:ring-ring/40 hover:shadow-md">
      <h2 className="pr-8 font-semibold wrap-anywhere">
        <Link
          to={`/secure/products/${product.id}`}
          dir="auto"
          className="outline-none after:absolute after:inset-0"
        >
          {product.name}
        </Link>
      </h2>
      {product.description ? (
        <p dir="auto" className="text-sm wrap-anywhere text-muted-foreground">
          {truncateDescription(product.description)}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground italic">No product description supplied</p>
      )}
      {canDelete && (
        <div className="absolute top-3 right-3 z-10">
          <DeferredPopup
            load={loadCardMenu}
            haspopup="menu"
            trigger={trigger}
            popup={({ ProductCardMenu }, openOnMount) => (
              <ProductCardMenu trigger={trigger} defaultOpen={openOnMount} onDelete={onDelete} />
            )}
          />
        </div>
      )}
    </li>
  )
}

/** /secure/products: one card per product, the Add Product card, or the empty state (docs/product/02-products.md §2). */
/** `importButton`: what the page adds beside the heading (Import Recipe, from interchange). */
export function ProductsList({ importButton }: { importButton?: ReactNode }) {
  const { currentEntity } = useAppState()
  const writes = useProductWrites()
  const navigate = useNavigate()
  const [isCreating, setIsCreating] = useState(false)
  const [toDelete, setToDelete] = useState<Product | null>(null)
  const products = currentEntity?.products ?? []
  const canDelete = can(currentEntity?.role, 'manageProducts')

  const create = (values: { name: string; description: string }) => {
    const id = writes.createProduct(values)
    void navigate(`/secure/products/${id}`)
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Products</h1>
        {importButton}
      </div>
      {products.length === 0 ? (
        <>
          <section className="flex flex-col items-center gap-3 rounded-xl border bg-card px-6 py-16 text-center shadow-xs">
            <Beer aria-hidden="true" className="size-10 text-primary" />
            <h2 className="text-xl font-semibold">Let&apos;s Create Your Products!</h2>
            <p className="text-muted-foreground">Don&apos;t Worry, It&apos;s Easy...</p>
            {/* The product with its first recipe, in the recipe editor's onboarding mode (docs/product/02-products.md §2). */}
            <Button onClick={() => void navigate('/secure/products/editrecipe')}>
              Create Your First Product
            </Button>
          </section>
          {/* A product without a recipe yet, from the dialog as on the full list (ADR 022). */}
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <li>
              <AddCard label="Add Product" onClick={() => setIsCreating(true)} />
            </li>
          </ul>
        </>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {products.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              canDelete={canDelete}
              onDelete={() => setToDelete(product)}
            />
          ))}
          <li>
            <AddCard label="Add Product" onClick={() => setIsCreating(true)} />
          </li>
        </ul>
      )}
      <OnceOpened open={isCreating}>
        <NewProductDialog open={isCreating} onOpenChange={setIsCreating} onCreate={create} />
      </OnceOpened>
      <OnceOpened open={toDelete !== null}>
        <ConfirmDialog
          open={toDelete !== null}
          onOpenChange={(open) => !open && setToDelete(null)}
          title={DELETE_PRODUCT.title}
          description={DELETE_PRODUCT.description(toDelete?.name)}
          onConfirm={() => toDelete && writes.deleteProduct(toDelete.id)}
        />
      </OnceOpened>
    </div>
  )
}
