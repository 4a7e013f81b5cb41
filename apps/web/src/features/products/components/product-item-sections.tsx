import type { Attribute, Package, PackagingType, Product, TastingNote } from '@brewcommand/domain'
import { Pencil, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { AddCard, IconAction, ItemCard, Section } from '@/components/item-cards.tsx'
import { useProductWrites } from '../api/use-product-writes.ts'
import { AttributeDialog, PackageDialog, TastingNoteDialog } from './item-dialogs.tsx'
import { UpcBarcode } from './upc-barcode.tsx'
import { confirmDeleteTitle, DELETE_TASTING_NOTE } from '../messages.ts'

type Editing<T> = { item: T | null; key: number } | null
/** Asks before something is deleted (the page's one confirmation dialog). */
export type Confirm = (title: string, run: () => void) => void

let opened = 0
/** The state of an item's dialog: closed, or open on an item (null: a new one) with a fresh key. */
function useEditing<T>() {
  const [editing, setEditing] = useState<Editing<T>>(null)
  return {
    editing,
    open: (item: T | null) => setEditing({ item, key: ++opened + Date.now() }),
    close: () => setEditing(null),
  }
}

/** Packaging Options: type, SKU and UPC barcode per option (docs/product/02-products.md §2). */
export function PackagingSection({
  product,
  packagingTypes,
  canManage,
  confirm,
}: {
  product: Product
  packagingTypes: PackagingType[]
  canManage: boolean
  confirm: Confirm
}) {
  const writes = useProductWrites()
  const { editing, open, close } = useEditing<Package>()
  return (
    <Section title="Packaging Options">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {product.packagingTypes.map((pkg) => (
          <ItemCard
            key={pkg.id}
            actions={
              canManage && (
                <>
                  <IconAction label={`Edit ${pkg.type}`} onClick={() => open(pkg)}>
                    <Pencil aria-hidden="true" />
                  </IconAction>
                  <IconAction
                    label={`Delete ${pkg.type}`}
                    onClick={() =>
                      confirm(confirmDeleteTitle(pkg.type), () =>
                        writes.deleteItem('packages', product.id, pkg.id),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </IconAction>
                </>
              )
            }
          >
            <p className="font-medium wrap-anywhere">{pkg.type}</p>
            <p className="mb-2 text-sm wrap-anywhere text-muted-foreground">SKU: {pkg.sku || '—'}</p>
            <UpcBarcode upc={pkg.upc} />
          </ItemCard>
        ))}
        {canManage && (
          <li>
            <AddCard label="Add Packaging" onClick={() => open(null)} />
          </li>
        )}
      </ul>
      {editing && (
        <PackageDialog
          key={editing.key}
          item={editing.item}
          open
          onOpenChange={(isOpen) => !isOpen && close()}
          packagingTypes={packagingTypes}
          onSave={(pkg) => writes.saveItem('packages', product.id, pkg, editing.item === null)}
        />
      )}
    </Section>
  )
}

/** Attributes: name and value (docs/product/02-products.md §2). */
export function AttributesSection({
  product,
  canManage,
  confirm,
}: {
  product: Product
  canManage: boolean
  confirm: Confirm
}) {
  const writes = useProductWrites()
  const { editing, open, close } = useEditing<Attribute>()
  return (
    <Section title="Attributes">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {product.attributes.map((attribute) => (
          <ItemCard
            key={attribute.id}
            actions={
              canManage && (
                <>
                  <IconAction label={`Edit ${attribute.attribute}`} onClick={() => open(attribute)}>
                    <Pencil aria-hidden="true" />
                  </IconAction>
                  <IconAction
                    label={`Delete ${attribute.attribute}`}
                    onClick={() =>
                      confirm(confirmDeleteTitle(attribute.attribute), () =>
                        writes.deleteItem('attributes', product.id, attribute.id),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </IconAction>
                </>
              )
            }
          >
            <p className="text-sm text-muted-foreground">{attribute.attribute}</p>
            <p dir="auto" className="font-medium wrap-anywhere">
              {attribute.value}
            </p>
          </ItemCard>
        ))}
        {canManage && (
          <li>
            <AddCard label="Add Attribute" onClick={() => open(null)} />
          </li>
        )}
      </ul>
      {editing && (
        <AttributeDialog
          key={editing.key}
          item={editing.item}
          open
          onOpenChange={(isOpen) => !isOpen && close()}
          onSave={(attribute) => writes.saveItem('attributes', product.id, attribute, editing.item === null)}
        />
      )}
    </Section>
  )
}

/** Tasting Notes: category and notes (docs/product/02-products.md §2); a Brewer may write them. */
export function TastingNotesSection({
  product,
  canEdit,
  confirm,
}: {
  product: Product
  canEdit: boolean
  confirm: Confirm
}) {
  const writes = useProductWrites()
  const { editing, open, close } = useEditing<TastingNote>()
  return (
    <Section title="Tasting Notes">
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {product.tastingNotes.map((note) => (
          <ItemCard
            key={note.id}
            actions={
              canEdit && (
                <>
                  <IconAction label={`Edit ${note.category} note`} onClick={() => open(note)}>
                    <Pencil aria-hidden="true" />
                  </IconAction>
                  <IconAction
                    label={`Delete ${note.category} note`}
                    onClick={() =>
                      confirm(DELETE_TASTING_NOTE, () =>
                        writes.deleteItem('tastingNotes', product.id, note.id),
                      )
                    }
                  >
                    <Trash2 aria-hidden="true" />
                  </IconAction>
                </>
              )
            }
          >
            <p className="text-sm text-muted-foreground">{note.category}</p>
            <p dir="auto" className="wrap-anywhere whitespace-pre-line">
              {note.notes}
            </p>
          </ItemCard>
        ))}
        {canEdit && (
          <li>
            <AddCard label="Add Tasting Note" onClick={() => open(null)} />
          </li>
        )}
      </ul>
      {editing && (
        <TastingNoteDialog
          key={editing.key}
          item={editing.item}
          open
          onOpenChange={(isOpen) => !isOpen && close()}
          onSave={(note) => writes.saveItem('tastingNotes', product.id, note, editing.item === null)}
        />
      )}
    </Section>
  )
}
