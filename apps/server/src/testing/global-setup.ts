import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client.ts'
import { createCatalogRepository } from '../modules/catalog/catalog.repository.ts'
import { databaseUrl, runAsAdmin } from './postgres-admin.ts'

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
 * from the dump well under one), and when DATABASE_URL is set creates databases of this run's own so
 * that parallel runs never collide; they are dropped at the end.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(path.join(tmpdir(), 'brewcommand-test-'))
  const adminUrl = process.env.DATABASE_URL
  // PGlite's migrations run in this process, PostgreSQL's in the database server: side by side.
  const [templatePath, postgres] = await Promise.all([
    pgliteTemplate(folder),
    adminUrl ? postgresDatabases(adminUrl) : undefined,
  ])
  project.provide('pgliteTemplate', templatePath)
  project.provide('postgresUrl', postgres?.url ?? '')
  project.provide('postgresTemplate', postgres?.template ?? '')

  return async () => {
    await postgres?.drop()
    rmSync(folder, { recursive: true, force: true })
  }
}

/**
 * Every test file loads the dump at least once (about 160 loads a run), so it is kept small: 1 MB WAL segments
 * instead of 16, and no template databases (PGlite runs one backend on the database `postgres` and never
 * creates another). Its tar was 40 MB and is under 15; with the product's buffer size (32 MB, not
 * PostgreSQL's 128 MB, which every start zeroes) a load costs about a third of what it did (ADR 424).
 */
async function pgliteTemplate(folder: string): Promise<string> {
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
  return templatePath
}

/**
 * A migrated template with the catalogue that no one connects to after this, and the run's shared database copied
 * from it. A file that needs a database of its own (openPrivatePostgres) gets another copy in a fraction of a
 * second.
 */
async function postgresDatabases(adminUrl: string) {
  const name = `brewcommand_test_${process.pid}_${Date.now()}`
  const template = `${name}_template`
  const admin = (statement: string) => runAsAdmin(adminUrl, statement)
  await admin(`create database "${template}"`)
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, template) })
  await createCatalogRepository(database.db).seed()
  await database.close()
  await admin(`create database "${name}" template "${template}"`)
  return {
    url: databaseUrl(adminUrl, name),
    template,
    drop: async () => {
      for (const database of [name, template])
        await admin(`drop database if exists "${database}" with (force)`)
    },
  }
}
