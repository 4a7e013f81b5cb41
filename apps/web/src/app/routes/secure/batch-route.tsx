import { lazy, Suspense } from 'react'
import { useParams } from 'react-router'
import { BatchPage } from '@/features/batches/components/batch-page.tsx'

// The cellar's part of a batch loads on its own (its chart library is large): the page shows at once.
const BatchFermentation = lazy(async () => ({
  default: (await import('@/features/cellar/components/batch-fermentation.tsx')).BatchFermentation,
}))

/**
 * /secure/operations/batches/{id}: the batch (its snapshot, volume plan and brew day) composed with its
 * Fermentation from the cellar: the chart of gravity and temperature against the expected FG, the readings, the
 * ledger and the yield.
 */
export function BatchRoute() {
  const { batchId = '' } = useParams()
  return (
    <div className="grid gap-8">
      <BatchPage />
      <Suspense fallback={null}>
        <BatchFermentation batchId={batchId} />
      </Suspense>
    </div>
  )
}
