// Mash/process step list operations (docs/product/02-products.md §4). Pure: each returns a new array and never mutates.

/** Anything kept in a 1-based order, such as a mash step. */
export type OrderedStep = { id: string; order: number }

const byOrder = <T extends OrderedStep>(steps: readonly T[]): T[] =>
  [...steps].sort(
    (a, b) => (Number.isFinite(a.order) ? a.order : 0) - (Number.isFinite(b.order) ? b.order : 0),
  )

const renumber = <T extends OrderedStep>(steps: readonly T[]): T[] =>
  steps.map((step, index) => (step.order === index + 1 ? step : { ...step, order: index + 1 }))

/** The order a new step gets: the highest existing order plus 1, or 1 when there are none. */
export function nextMashStepOrder(steps: readonly OrderedStep[]): number {
  let highest = 0
  for (const step of steps) if (Number.isFinite(step.order) && step.order > highest) highest = step.order
  return Math.floor(highest) + 1
}

/** Appends a step with order = highest existing order + 1 (or 1). */
export function addMashStep<T extends OrderedStep>(steps: readonly T[], step: Omit<T, 'order'>): T[] {
  return [...steps, { ...step, order: nextMashStepOrder(steps) } as T]
}

/** Replaces the step with the same id, keeping its order; unknown ids change nothing. */
export function updateMashStep<T extends OrderedStep>(steps: readonly T[], step: Omit<T, 'order'>): T[] {
  return steps.map((current) => (current.id === step.id ? ({ ...step, order: current.order } as T) : current))
}

/** Steps sorted by order and renumbered from 1. */
export function normaliseMashSteps<T extends OrderedStep>(steps: readonly T[]): T[] {
  return renumber(byOrder(steps))
}

/** Moves a step one place up or down, then renumbers from 1; the first up, the last down or an unknown id change nothing. */
export function moveMashStep<T extends OrderedStep>(
  steps: readonly T[],
  id: string,
  direction: 'up' | 'down',
): T[] {
  const sorted = byOrder(steps)
  const from = sorted.findIndex((step) => step.id === id)
  const to = direction === 'up' ? from - 1 : from + 1
  if (from === -1 || to < 0 || to >= sorted.length) return [...steps]
  ;[sorted[from], sorted[to]] = [sorted[to], sorted[from]]
  return renumber(sorted)
}

/** Moves a step one place up (see moveMashStep). */
export function moveMashStepUp<T extends OrderedStep>(steps: readonly T[], id: string): T[] {
  return moveMashStep(steps, id, 'up')
}

/** Moves a step one place down (see moveMashStep). */
export function moveMashStepDown<T extends OrderedStep>(steps: readonly T[], id: string): T[] {
  return moveMashStep(steps, id, 'down')
}

/** Removes a step and renumbers the rest from 1 in their order. */
export function deleteMashStep<T extends OrderedStep>(steps: readonly T[], id: string): T[] {
  return renumber(byOrder(steps).filter((step) => step.id !== id))
}
