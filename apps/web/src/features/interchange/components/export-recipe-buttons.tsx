import type { Recipe } from '@brewcommand/domain'
import { Download } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { downloadText, fileNameFor } from '../lib/download.ts'

// The writers load on first use: their module brings the XML parser, which no page needs up front.
const writers = () => import('@brewcommand/domain/interchange/index.ts')

/** Export as BeerXML / Export as BeerJSON: download the recipe in a file BrewCommand imports back. */
export function ExportRecipeButtons({
  productName,
  description = '',
  recipe,
  size = 'sm',
}: {
  productName: string
  description?: string
  recipe: Recipe
  size?: 'sm' | 'default'
}) {
  const entry = [{ name: productName, description, recipe }]
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        type="button"
        variant="outline"
        size={size}
        onClick={() =>
          void writers().then(({ exportBeerXml }) =>
            downloadText(fileNameFor(productName, 'xml'), exportBeerXml(entry), 'application/xml'),
          )
        }
      >
        <Download aria-hidden="true" className="size-4" />
        Export as BeerXML
      </Button>
      <Button
        type="button"
        variant="outline"
        size={size}
        onClick={() =>
          void writers().then(({ exportBeerJson }) =>
            downloadText(fileNameFor(productName, 'json'), exportBeerJson(entry), 'application/json'),
          )
        }
      >
        <Download aria-hidden="true" className="size-4" />
        Export as BeerJSON
      </Button>
    </div>
  )
}
