export * from './contacts.ts'
