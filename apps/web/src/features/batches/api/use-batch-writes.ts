import type { BatchChange, PlanBatch } from '@brewcommand/domain'
import { useWrite } from '@/lib/writes/use-write.ts'

export const BATCHES_PATH = '/api/batches'

/** Plan Batch and the change of a planned batch: typed intents queued with useWrite (offline too). */
export function useBatchWrites() {
  const write = useWrite()
  return {
    planBatch: (plan: PlanBatch, productName: string) =>
      write({
        kind: 'production',
        action: 'equipment:plan-batch',
        uri: BATCHES_PATH,
        data: plan,
        name: productName,
      }),
    changeBatch: (batchId: string, number: string, change: BatchChange) =>
      write({
        kind: 'production',
        action: 'equipment:change-batch',
        uri: `${BATCHES_PATH}/${batchId}`,
        data: change,
        name: number,
      }),
  }
}
