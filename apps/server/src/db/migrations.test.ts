// Migrations that move data are tested from the schema before them, with rows in it (a user's database is
// never empty): the migrator applies the journal's entries up to one tag, rows go in, then the rest.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { MIGRATIONS_FOLDER } from './client.ts'

type Journal = { entries: { idx: number; tag: string }[] }
const folders: string[] = []

/** A copy of the migrations folder whose journal stops at `tag`. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'brewcommand-migrations-'))
  folders.push(folder)
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true })
  const journalPath = path.join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal
  const end = journal.entries.findIndex((entry) => entry.tag === tag)
  expect(end, `no migration ${tag}`).toBeGreaterThanOrEqual(0)
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, end + 1) }))
  return folder
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** A brewery row as the schema before these migrations wants it. */
const breweryRow = (id: string, extra = '') =>
  `insert into entities (id, name, address, city, state, zip, phone, ein${extra ? ', data_version' : ''})
   values ('${id}', 'Old Co', '1 Lane', 'Portland', 'OR', '97201', '(503) 555-0101', '12-3456789'${extra ? `, ${extra}` : ''});`

describe('0008: the read-cache version into slots (docs/decisions/218-brewery-version-in-slots.md)', () => {
  it("keeps each brewery's version so far as its slot 0, so no version goes back", async () => {
    const client = await PGlite.create()
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: migrationsUpTo('0007_production_model') })
    const [written, fresh] = [crypto.randomUUID(), crypto.randomUUID()]
    await client.exec(breweryRow(written, '41') + breweryRow(fresh))
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
    const { rows } = await client.query(
      `select entity_id, slot, version::int as version from brewery_data_versions where entity_id in ($1, $2)`,
      [written, fresh],
    )
    expect(rows).toEqual([{ entity_id: written, slot: 0, version: 41 }])
    await client.close()
  })
})

describe('0009: par-level alerts into the brewery alerts (docs/decisions/220-par-level-alerts-in-the-bell.md)', () => {
  it('copies the open alerts with their item and time, leaves the resolved ones, and drops the old table', async () => {
    const client = await PGlite.create()
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: migrationsUpTo('0008_brewery_data_version_slots') })
    const entity = crypto.randomUUID()
    const [open, closed] = [crypto.randomUUID(), crypto.randomUUID()]
    await client.exec(`
      ${breweryRow(entity)}
      insert into inventory_items (id, entity_id, name, category, unit)
        values ('${open}', '${entity}', 'Cascade', 'hop', 'kg'), ('${closed}', '${entity}', 'Pils Malt', 'fermentable', 'kg');
      insert into inventory_alerts (entity_id, item_id, available, par_level, raised_at, resolved_at) values
        ('${entity}', '${open}', '1', '2', '2026-11-01T08:00:00Z', null),
        ('${entity}', '${closed}', '10', '20', '2026-10-01T08:00:00Z', '2026-10-02T08:00:00Z');
    `)
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
    const { rows } = await client.query<Record<string, unknown>>(
      `select kind, subject, message, raised_at, mailed, acknowledged_at, resolved_at from cellar_alerts where entity_id = $1`,
      [entity],
    )
    expect(rows).toEqual([
      {
        kind: 'below-par',
        subject: `item:${open}`,
        message: 'Cascade: under its par level',
        raised_at: new Date('2026-11-01T08:00:00Z'),
        mailed: true,
        acknowledged_at: null,
        resolved_at: null,
      },
    ])
    const { rows: tables } = await client.query(`select to_regclass('inventory_alerts') as name`)
    expect(tables).toEqual([{ name: null }])
    await client.close()
  })
})

describe('0029: the superseded flag of ledger events (docs/decisions/420-ledger-superseded-flag-and-hashed-summary.md)', () => {
  it("marks the events a correction of the same brewery names, and no other brewery's", async () => {
    const client = await PGlite.create()
    const db = drizzle(client)
    await migrate(db, { migrationsFolder: migrationsUpTo('0028_liquid_events_corrections_and_adjustments') })
    const [entity, other] = [crypto.randomUUID(), crypto.randomUUID()]
    const [mistake, fix, fixOfFix, plain, foreign, foreignFix] = Array.from({ length: 6 }, () =>
      crypto.randomUUID(),
    )
    const event = (id: string, brewery: string, supersedes: string | null) =>
      `('${id}', '${brewery}', 'removed', 1, 'removed_taxpaid', ${supersedes ? `'${supersedes}'` : 'null'})`
    await client.exec(`
      ${breweryRow(entity)}
      ${breweryRow(other)}
      insert into liquid_events (id, entity_id, kind, volume_bbl, ttb_class, supersedes_id) values
        ${event(mistake, entity, null)}, ${event(fix, entity, mistake)}, ${event(fixOfFix, entity, fix)},
        ${event(plain, entity, null)}, ${event(foreign, entity, null)}, ${event(foreignFix, other, foreign)};
    `)
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER })
    const { rows } = await client.query<{ id: string; superseded: boolean }>(
      `select id, superseded from liquid_events`,
    )
    expect(Object.fromEntries(rows.map((row) => [row.id, row.superseded]))).toEqual({
      [mistake]: true,
      [fix]: true,
      [fixOfFix]: false,
      [plain]: false,
      [foreign]: false,
      [foreignFix]: false,
    })
    await client.close()
  })
})
