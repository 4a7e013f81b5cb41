import { can, type Attribute, type Package, type Product, type TastingNote } from '@brewcommand/domain'
import { ChevronRight, Pencil, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button.tsx'
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx'
import { Input } from '@/components/ui/input.tsx'
import { Textarea } from '@/components/ui/textarea.tsx'
import { useAppState } from '@/features/app-state/app-state.tsx'
import { MediaAssets } from '@/features/media/components/media-assets.tsx'
import { useProductWrites } from '../api/use-product-writes.ts'
import { AttributeDialog, PackageDialog, TastingNoteDialog } from './item-dialogs.tsx'
import { AddCard } from './new-product-dialog.tsx'
import { UpcBarcode } from './upc-barcode.tsx'
import { ExportRecipeButtons } from '@/features/interchange/components/export-recipe-buttons.tsx'
import { ImportRecipeButton } from '@/features/interchange/components/import-recipe-dialog.tsx'
import { RecipeSummary } from '@/features/recipes/components/recipe-summary.tsx'
import { newRecipePath, recipeEditPath } from '@/features/recipes/lib/navigation.ts'

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function ItemCard({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="min-w-0 flex-1">{children}</div>
      {actions && <div className="flex gap-1">{actions}</div>}
    </li>
  )
}

function IconAction({
  label,
  onClick,
  children,
}: {
  label: string
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Button variant="ghost" size="icon" className="size-8" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  )
}

/** The product's name, edited in place: Enter or leaving the field saves, Escape cancels. */
function InlineName({
  product,
  canEdit,
  onSave,
}: {
  product: Product
  canEdit: boolean
  onSave: (name: string) => void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  if (draft === null) {
    return (
      <div className="flex items-center gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{product.name}</h1>
        {canEdit && (
          <IconAction label="Edit name" onClick={() => setDraft(product.name)}>
            <Pencil aria-hidden="true" />
          </IconAction>
        )}
      </div>
    )
  }
  const commit = () => {
    const name = draft.trim()
    if (name && name !== product.name) onSave(name)
    setDraft(null)
  }
  return (
    <Input
      aria-label="Product name"
      className="h-11 max-w-xl text-xl font-semibold"
      value={draft}
      autoFocus
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit()
        if (e.key === 'Escape') setDraft(null)
      }}
    />
  )
}

function Description({
  product,
  canEdit,
  onSave,
}: {
  product: Product
  canEdit: boolean
  onSave: (text: string) => void
}) {
  const [draft, setDraft] = useState<string | null>(null)
  if (draft !== null) {
    return (
      <form
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          onSave(draft.trim())
          setDraft(null)
        }}
      >
        <Textarea
          aria-label="Description"
          value={draft}
          autoFocus
          onChange={(e) => setDraft(e.target.value)}
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm">
            Save
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={() => setDraft(null)}>
            Cancel
          </Button>
        </div>
      </form>
    )
  }
  if (!canEdit)
    return <p className="text-muted-foreground">{product.description || 'No product description supplied'}</p>
  return (
    <button
      type="button"
      onClick={() => setDraft(product.description)}
      className="rounded-md p-2 text-left text-muted-foreground hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      {product.description || 'Click to add a description'}
    </button>
  )
}

type Editing<T> = { item: T | null; key: number } | null

/** /secure/products/{id}: everything about one product (docs/product/02-products.md §2 "Product detail"). */
export function ProductDetail({ productId }: { productId: string }) {
  const { currentEntity } = useAppState()
  const writes = useProductWrites()
  const navigate = useNavigate()
  const [editingPackage, setEditingPackage] = useState<Editing<Package>>(null)
  const [editingAttribute, setEditingAttribute] = useState<Editing<Attribute>>(null)
  const [editingNote, setEditingNote] = useState<Editing<TastingNote>>(null)
  const [confirm, setConfirm] = useState<{ title: string; run: () => void } | null>(null)
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
  let opened = 0
  const open = <T,>(set: (value: Editing<T>) => void, item: T | null) =>
    set({ item, key: ++opened + Date.now() })

  return (
    <div className="grid gap-8">
      <nav aria-label="Breadcrumb">
        <ol className="flex items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to="/secure/products" className="hover:text-foreground hover:underline">
              Products
            </Link>
          </li>
          <ChevronRight aria-hidden="true" className="size-4" />
          <li aria-current="page" className="truncate text-foreground">
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

      <Section title="Recipes">
        <div>
          <ImportRecipeButton product={{ id: product.id, name: product.name }} />
        </div>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {product.recipes.map((recipe) => (
            <ItemCard
              key={recipe.id}
              actions={
                canEditRecipes && (
                  <>
                    <Button variant="ghost" size="icon" className="size-8" asChild>
                      <Link to={recipeEditPath(product.id, recipe.id)} aria-label="Edit recipe">
                        <Pencil aria-hidden="true" />
                      </Link>
                    </Button>
                    <IconAction
                      label="Delete recipe"
                      onClick={() =>
                        setConfirm({
                          title: 'Delete this recipe?',
                          run: () => writes.deleteItem('recipes', product.id, recipe.id),
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </IconAction>
                  </>
                )
              }
            >
              <RecipeSummary productId={product.id} recipe={recipe} />
              <div className="mt-3">
                <ExportRecipeButtons
                  productName={product.name}
                  description={product.description}
                  recipe={recipe}
                />
              </div>
            </ItemCard>
          ))}
          {canEditRecipes && (
            <li>
              <AddCard label="Add Recipe" onClick={() => void navigate(newRecipePath(product.id))} />
            </li>
          )}
          {!canEditRecipes && product.recipes.length === 0 && (
            <li className="text-sm text-muted-foreground">No recipes yet.</li>
          )}
        </ul>
      </Section>

      <Section title="Packaging Options">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {product.packagingTypes.map((pkg) => (
            <ItemCard
              key={pkg.id}
              actions={
                canManage && (
                  <>
                    <IconAction label={`Edit ${pkg.type}`} onClick={() => open(setEditingPackage, pkg)}>
                      <Pencil aria-hidden="true" />
                    </IconAction>
                    <IconAction
                      label={`Delete ${pkg.type}`}
                      onClick={() =>
                        setConfirm({
                          title: `Delete ${pkg.type}?`,
                          run: () => writes.deleteItem('packages', product.id, pkg.id),
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </IconAction>
                  </>
                )
              }
            >
              <p className="font-medium">{pkg.type}</p>
              <p className="mb-2 text-sm text-muted-foreground">SKU: {pkg.sku || '—'}</p>
              <UpcBarcode upc={pkg.upc} />
            </ItemCard>
          ))}
          {canManage && (
            <li>
              <AddCard label="Add Packaging" onClick={() => open(setEditingPackage, null)} />
            </li>
          )}
        </ul>
      </Section>

      <Section title="Media Assets">
        <MediaAssets product={product} canManage={canManage} />
      </Section>

      <Section title="Attributes">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {product.attributes.map((attribute) => (
            <ItemCard
              key={attribute.id}
              actions={
                canManage && (
                  <>
                    <IconAction
                      label={`Edit ${attribute.attribute}`}
                      onClick={() => open(setEditingAttribute, attribute)}
                    >
                      <Pencil aria-hidden="true" />
                    </IconAction>
                    <IconAction
                      label={`Delete ${attribute.attribute}`}
                      onClick={() =>
                        setConfirm({
                          title: `Delete ${attribute.attribute}?`,
                          run: () => writes.deleteItem('attributes', product.id, attribute.id),
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </IconAction>
                  </>
                )
              }
            >
              <p className="text-sm text-muted-foreground">{attribute.attribute}</p>
              <p className="font-medium break-words">{attribute.value}</p>
            </ItemCard>
          ))}
          {canManage && (
            <li>
              <AddCard label="Add Attribute" onClick={() => open(setEditingAttribute, null)} />
            </li>
          )}
        </ul>
      </Section>

      <Section title="Tasting Notes">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {product.tastingNotes.map((note) => (
            <ItemCard
              key={note.id}
              actions={
                canEditRecipes && (
                  <>
                    <IconAction
                      label={`Edit ${note.category} note`}
                      onClick={() => open(setEditingNote, note)}
                    >
                      <Pencil aria-hidden="true" />
                    </IconAction>
                    <IconAction
                      label={`Delete ${note.category} note`}
                      onClick={() =>
                        setConfirm({
                          title: 'Delete this tasting note?',
                          run: () => writes.deleteItem('tastingNotes', product.id, note.id),
                        })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </IconAction>
                  </>
                )
              }
            >
              <p className="text-sm text-muted-foreground">{note.category}</p>
              <p className="break-words whitespace-pre-line">{note.notes}</p>
            </ItemCard>
          ))}
          {canEditRecipes && (
            <li>
              <AddCard label="Add Tasting Note" onClick={() => open(setEditingNote, null)} />
            </li>
          )}
        </ul>
      </Section>

      {editingPackage && (
        <PackageDialog
          key={editingPackage.key}
          item={editingPackage.item}
          open
          onOpenChange={(isOpen) => !isOpen && setEditingPackage(null)}
          packagingTypes={currentEntity?.packagingTypes ?? []}
          onSave={(pkg) => writes.saveItem('packages', product.id, pkg, editingPackage.item === null)}
        />
      )}
      {editingAttribute && (
        <AttributeDialog
          key={editingAttribute.key}
          item={editingAttribute.item}
          open
          onOpenChange={(isOpen) => !isOpen && setEditingAttribute(null)}
          onSave={(attribute) =>
            writes.saveItem('attributes', product.id, attribute, editingAttribute.item === null)
          }
        />
      )}
      {editingNote && (
        <TastingNoteDialog
          key={editingNote.key}
          item={editingNote.item}
          open
          onOpenChange={(isOpen) => !isOpen && setEditingNote(null)}
          onSave={(note) => writes.saveItem('tastingNotes', product.id, note, editingNote.item === null)}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(isOpen) => !isOpen && setConfirm(null)}
        title={confirm?.title ?? ''}
        description="This cannot be undone."
        onConfirm={() => confirm?.run()}
      />
    </div>
  )
}
