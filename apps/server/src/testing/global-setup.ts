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
    /** The name of a migrated PostgreSQL database to copy (`create database … template`), or ''. */
    postgresTemplate: string
  }
}

/**
 * Runs once per `vitest run`: migrates one PGlite and dumps it (a fresh PGlite costs seconds, a load
 * from the dump well under one), and when DATABASE_URL is set creates a database of this run's own so
 * that parallel runs never collide; it is dropped at the end.
 *
 * Every test file loads the dump at least once (about 160 loads a run), so it is kept small: 1 MB WAL segments
 * instead of 16, and no template databases (PGlite runs one backend on the database `postgres` and never
 * creates another). Its tar was 40 MB and is under 15; with the product's buffer size (32 MB, not
 * PostgreSQL's 128 MB, which every start zeroes) a load costs about a third of what it did (ADR 424).
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'brewcommand-test-'))
  const client = await PGlite.create({
    initDbStartParams: ['--wal-segsize=1'],
    // Two segments kept past a checkpoint, not 80: the dump carries the WAL it holds.
    startParams: [...PGlite.defaultStartParams, '-c', 'min_wal_size=2MB', '-c', 'max_wal_size=4MB'],
  })
  const template = await openDatabase({ kind: 'pglite', client })
  await createCatalogRepository(template.db).seed()
  for (const name of ['template0', 'template1']) {
    await client.exec(`alter database ${name} with is_template false`)
    await client.exec(`drop database ${name}`)
  }
  await client.exec('checkpoint')
  const dump = await client.dumpDataDir('gzip')
  await template.close()
  const templatePath = path.join(folder, 'template.tar.gz')
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', templatePath)

  let dropDatabases = async () => {}
  const adminUrl = process.env.DATABASE_URL
  if (adminUrl) {
    const name = `brewcommand_test_${process.pid}_${Date.now()}`
    // The run's shared database, and a template no one connects to after this: a file that needs a database of
    // its own (openPrivatePostgres) gets a copy of it in a fraction of a second, migrated and with the catalogue.
    const names = [name, `${name}_template`]
    for (const database of names) await createMigratedDatabase(adminUrl, database)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    project.provide('postgresUrl', url.toString())
    project.provide('postgresTemplate', names[1])
    dropDatabases = async () => {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      for (const database of names) await client.query(`drop database if exists "${database}" with (force)`)
      await client.end()
    }
  } else {
    project.provide('postgresUrl', '')
    project.provide('postgresTemplate', '')
  }

  return async () => {
    await dropDatabases()
    rmSync(folder, { recursive: true, force: true })
  }
}

/** A new PostgreSQL database named `name`, migrated and with the catalogue. */
async function createMigratedDatabase(adminUrl: string, name: string) {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database "${name}"`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: url.toString() })
  await createCatalogRepository(database.db).seed()
  await database.close()
}
