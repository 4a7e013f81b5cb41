import { exportBeerJson, exportBeerXml, type Recipe } from '@brewcommand/domain'
import { Download } from 'lucide-react'
import { Button } from '@/components/ui/button.tsx'
import { downloadText, fileNameFor } from '../lib/download.ts'

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
        onClick={() => downloadText(fileNameFor(productName, 'xml'), exportBeerXml(entry), 'application/xml')}
      >
        <Download aria-hidden="true" className="size-4" />
        Export as BeerXML
      </Button>
      <Button
        type="button"
        variant="outline"
        size={size}
        onClick={() =>
          downloadText(fileNameFor(productName, 'json'), exportBeerJson(entry), 'application/json')
        }
      >
        <Download aria-hidden="true" className="size-4" />
        Export as BeerJSON
      </Button>
    </div>
  )
}
