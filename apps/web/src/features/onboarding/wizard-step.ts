export type WizardStep = 1 | 2 | 3 | 4

/**
 * Where the wizard starts (docs/product/01-access.md §4): step 4 when a payment returns with `session_id`, except in
 * automated-test mode where that is step 2; step 2 when the sign-up redirect comes back
 * (`callback=true`); step 1 otherwise.
 */
export function startingStep(search: string, isAutomatedTest: boolean): WizardStep {
  const params = new URLSearchParams(search)
  if (params.get('session_id')) return isAutomatedTest ? 2 : 4
  if (params.get('callback') === 'true') return 2
  return 1
}

/**
 * The step to show once the caller is known: a signed-in user with a plan moves past step 1; one whose
 * brewery exists moves past step 2; a brewery with an active subscription is done.
 */
export function resumeStep(
  start: WizardStep,
  state: { isSignedIn: boolean; hasPlan: boolean; hasBrewery: boolean; isSubscribed: boolean },
): WizardStep {
  if (start === 4) return 4
  if (state.isSubscribed) return 4
  if (state.hasBrewery && state.hasPlan) return 3
  if (state.isSignedIn && state.hasPlan) return Math.max(start, 2) as WizardStep
  return 1
}
