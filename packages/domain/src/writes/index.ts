export * from './product-collections.ts'
export * from './writes.ts'
export * from './legacy.ts'
export * from './production-writes.ts'
