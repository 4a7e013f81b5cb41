// The three ingredient tables of the recipe screen: one generic table (ingredient-table.tsx) with a kind each.
export { GrainTable } from './grain-table.tsx'
export { HopsTable } from './hops-table.tsx'
export { OtherIngredientsTable } from './other-ingredients-table.tsx'
export { NO_INGREDIENTS, NOT_APPLICABLE, GRAIN_PICKER, HOP_PICKER, OTHER_PICKER } from '../messages.ts'
