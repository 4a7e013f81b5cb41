import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client.ts'
import { createCatalogRepository } from '../modules/catalog/catalog.repository.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data dir (gzipped tar) that each test file loads in well under a second. */
    pgliteTemplate: string
    /** This run's own PostgreSQL database, migrated, or '' when DATABASE_URL is not set. */
    postgresUrl: string
  }
}

/**
 * Runs once per `vitest run`: migrates one PGlite and dumps it (a fresh PGlite costs seconds, a load
 * from the dump well under one), and when DATABASE_URL is set creates a database of this run's own so
 * that parallel runs never collide; it is dropped at the end.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'brewcommand-test-'))
  const client = await PGlite.create()
  const template = await openDatabase({ kind: 'pglite', client })
  await createCatalogRepository(template.db).seed()
  const dump = await client.dumpDataDir('gzip')
  await template.close()
  const templatePath = path.join(folder, 'template.tar.gz')
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', templatePath)

  let dropDatabase = async () => {}
  const adminUrl = process.env.DATABASE_URL
  if (adminUrl) {
    const name = `brewcommand_test_${process.pid}_${Date.now()}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database "${name}"`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    const database = await openDatabase({ kind: 'postgres', url: url.toString() })
    await createCatalogRepository(database.db).seed()
    await database.close()
    project.provide('postgresUrl', url.toString())
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`drop database if exists "${name}" with (force)`)
      await client.end()
    }
  } else {
    project.provide('postgresUrl', '')
  }

  return async () => {
    await dropDatabase()
    rmSync(folder, { recursive: true, force: true })
  }
}
