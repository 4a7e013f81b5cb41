import type { Catalog } from '@brewcommand/domain'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button.tsx'
import type { useCatalog } from '../api/use-catalog.ts'
import { NO_CATALOG } from '../messages.ts'
import { CollapsibleSection } from './collapsible-section.tsx'
import { GrainTable, HopsTable, OtherIngredientsTable } from './ingredient-tables.tsx'
import { MashTable } from './mash-table.tsx'
import type { RecipeDraft } from './use-recipe-draft.ts'

/** Grain bill, hops bill, other ingredients and mash steps, each in its collapsible section. */
export function RecipeIngredientSections({ draft }: { draft: RecipeDraft }) {
  const { catalog, lists, listActions, isReadOnly } = draft
  return (
    <div className="grid gap-4 lg:col-start-1">
      <CatalogSection title="Grain Bill" catalog={catalog}>
        {(data) => (
          <GrainTable
            rows={lists.grainBill}
            catalogue={data.fermentables}
            readOnly={isReadOnly}
            addLabel="Add Grains"
            {...listActions.grainBill}
          />
        )}
      </CatalogSection>
      <CatalogSection title="Hops Bill" catalog={catalog}>
        {(data) => (
          <HopsTable
            rows={lists.hopsBill}
            catalogue={data.hops}
            readOnly={isReadOnly}
            addLabel="Add Hops"
            {...listActions.hopsBill}
          />
        )}
      </CatalogSection>
      <CatalogSection title="Other Ingredients" catalog={catalog}>
        {(data) => (
          <OtherIngredientsTable
            rows={lists.otherIngredients}
            catalogue={data.otherIngredients}
            readOnly={isReadOnly}
            addLabel="Add Other Ingredients"
            {...listActions.otherIngredients}
          />
        )}
      </CatalogSection>
      <CatalogSection title="Mash Steps" catalog={catalog}>
        {() => (
          <MashTable
            steps={lists.process}
            readOnly={isReadOnly}
            addLabel="Add Mash Step"
            {...listActions.process}
          />
        )}
      </CatalogSection>
    </div>
  )
}

/** A collapsible section that shows Loading... until the catalogue is in (docs/product/02-products.md §2). */
function CatalogSection({
  title,
  catalog,
  children,
}: {
  title: string
  catalog: ReturnType<typeof useCatalog>
  children: (catalog: Catalog) => ReactNode
}) {
  return (
    <CollapsibleSection title={title}>
      {catalog.data ? (
        children(catalog.data)
      ) : catalog.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-destructive">{NO_CATALOG}</span>
          <Button type="button" size="sm" variant="outline" onClick={() => void catalog.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Loading...
        </p>
      )}
    </CollapsibleSection>
  )
}
