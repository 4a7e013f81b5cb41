// Public surface of @brewcommand/domain. Import from here; every export is pure (no I/O).
export * from './errors.ts'
export * from './envelope.ts'
export * from './contacts/contact.schema.ts'
export * from './config/app-config.schema.ts'
