import { PlanIdSchema, type PlanId } from '@brewcommand/domain'

const KEY = 'selectedPlan'

/** The plan chosen on step 1, kept in session storage across the sign-up popup or redirect (docs/product/01-access.md §3). */
export function readSelectedPlan(storage: Storage = sessionStorage): PlanId | null {
  try {
    const parsed = PlanIdSchema.safeParse(storage.getItem(KEY))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

export function storeSelectedPlan(plan: PlanId, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(KEY, plan)
  } catch {
    // Without storage the choice lives only in this page's state.
  }
}
