/** Where a batch's screens are. */
export const OPERATIONS_PATH = '/secure/operations'
export const batchPath = (batchId: string) => `${OPERATIONS_PATH}/batches/${encodeURIComponent(batchId)}`
/** The brew-day screen of a batch (its own feature). */
export const brewDayPath = (batchId: string) => `${batchPath(batchId)}/brew-day`
export const EQUIPMENT_SETTINGS_PATH = '/secure/settings/equipment'
export const PRODUCTS_PATH = '/secure/products'
export const productPath = (productId: string) => `${PRODUCTS_PATH}/${encodeURIComponent(productId)}`
/** Operations → Schedule. */
export const SCHEDULE_PATH = `${OPERATIONS_PATH}/schedule`
