import JsBarcode from 'jsbarcode'
import { Download } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { NO_UPC, NOT_READY_MESSAGE, UPC_NOT_DRAWABLE } from '../messages.ts'

/** Barcode defaults of docs/product/02-products.md §9: UPC format, bar width 2, height 80 (50 on the card), margin 0. */
export const BARCODE_OPTIONS = { format: 'UPC', width: 2, height: 80, margin: 0, displayValue: true } as const
export const CARD_BARCODE_HEIGHT = 50
export { NOT_READY_MESSAGE } from '../messages.ts'

/** A PNG of the barcode at the download size, or null when it cannot be drawn. */
export function renderBarcodePng(upc: string): string | null {
  try {
    const canvas = document.createElement('canvas')
    JsBarcode(canvas, upc, BARCODE_OPTIONS)
    const url = canvas.toDataURL('image/png')
    return url.startsWith('data:image/png') ? url : null
  } catch {
    return null
  }
}

/**
 * The packaging card's UPC drawn as a UPC-A barcode, with a Download button that saves it as
 * barcode_{upc}.png; "No UPC" when there is none (docs/product/02-products.md §2).
 */
export function UpcBarcode({ upc }: { upc: string }) {
  const svgRef = useRef<SVGSVGElement>(null)
  const [isReady, setIsReady] = useState(false)
  const [isInvalid, setIsInvalid] = useState(false)

  useEffect(() => {
    if (!upc || !svgRef.current) return
    try {
      JsBarcode(svgRef.current, upc, { ...BARCODE_OPTIONS, height: CARD_BARCODE_HEIGHT })
      setIsReady(true)
      setIsInvalid(false)
    } catch {
      setIsReady(false)
      setIsInvalid(true)
    }
  }, [upc])

  if (!upc) return <p className="text-sm text-muted-foreground">{NO_UPC}</p>

  const download = () => {
    const png = isReady ? renderBarcodePng(upc) : null
    if (!png) {
      toast.error(NOT_READY_MESSAGE)
      return
    }
    const link = document.createElement('a')
    link.href = png
    link.download = `barcode_${upc}.png`
    document.body.append(link)
    link.click()
    link.remove()
  }

  return (
    <div className="grid gap-2">
      {isInvalid ? (
        <p className="text-sm text-destructive">{UPC_NOT_DRAWABLE}</p>
      ) : (
        <svg ref={svgRef} role="img" aria-label={`UPC barcode ${upc}`} className="h-auto max-w-full" />
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={download}
        disabled={isInvalid}
      >
        <Download aria-hidden="true" />
        Download
      </Button>
    </div>
  )
}
