import { csvRecords } from '../production/inventory-csv.ts'
import { KEG_OWNERS, KEG_SIZES, type KegOwner, type KegSize } from './keg.schema.ts'

// Kegs from a spreadsheet (docs/decisions/290-kegs.md): asset number, size, owner (and the pool's name), previewed
// with an error per bad line and column like the customer and opening-stock imports, imported only whole.

type Column = 'asset number' | 'size' | 'owner' | 'owner name'
const HEADERS: Record<string, Column> = {
  'asset number': 'asset number',
  asset: 'asset number',
  number: 'asset number',
  'keg number': 'asset number',
  keg: 'asset number',
  'serial number': 'asset number',
  size: 'size',
  'keg size': 'size',
  owner: 'owner',
  ownership: 'owner',
  'owner name': 'owner name',
  pool: 'owner name',
}

export const KEGS_CSV_EXAMPLE = [
  'asset number,size,owner,owner name',
  'K-0101,1/6 BBL,ours,',
  'MS-88231,1/2 BBL,pool,MicroStar',
].join('\n')

export type KegCsvRow = {
  line: number
  assetNumber: string
  size: KegSize
  owner: KegOwner
  ownerName: string
}
export type KegCsvError = { line: number; field: string; message: string }

const SIZE_WORDS: Record<string, KegSize> = {
  '1/2': '1/2 BBL',
  '1/2 bbl': '1/2 BBL',
  'half barrel': '1/2 BBL',
  '1/4': '1/4 BBL',
  '1/4 bbl': '1/4 BBL',
  'quarter barrel': '1/4 BBL',
  '1/6': '1/6 BBL',
  '1/6 bbl': '1/6 BBL',
  sixtel: '1/6 BBL',
  '50 l': '50 L',
  '50l': '50 L',
  '30 l': '30 L',
  '30l': '30 L',
  '20 l': '20 L',
  '20l': '20 L',
  firkin: 'firkin',
  pin: 'pin',
}
const OWNER_WORDS: Record<string, KegOwner> = {
  ours: 'ours',
  own: 'ours',
  owned: 'ours',
  '': 'ours',
  leased: 'leased',
  lease: 'leased',
  pool: 'pool',
  pooled: 'pool',
}

const ASSET = /^[A-Za-z0-9-]{1,32}$/

/**
 * Reads kegs: a header naming the columns (asset number and size required), one keg per line. Every problem is an
 * error naming its line and column; a number met twice in the file is refused on its second line.
 */
export function parseKegsCsv(text: string): { rows: KegCsvRow[]; errors: KegCsvError[] } {
  const records = csvRecords(text.replace(/^\uFEFF/, ''))
  const rows: KegCsvRow[] = []
  const errors: KegCsvError[] = []
  const header = records.shift()
  if (!header) return { rows, errors: [{ line: 1, field: 'file', message: 'The file has no header line' }] }
  const index = new Map<Column, number>()
  header.cells.forEach((cell, position) => {
    const column = HEADERS[cell.trim().toLowerCase().replace(/\s+/g, ' ')]
    if (column && !index.has(column)) index.set(column, position)
  })
  for (const required of ['asset number', 'size'] as const)
    if (!index.has(required))
      return {
        rows,
        errors: [{ line: header.line, field: 'header', message: `Missing column: ${required}` }],
      }
  if (records.length === 0)
    errors.push({ line: header.line, field: 'file', message: 'No lines after the header' })
  if (records.length > 5000)
    return { rows, errors: [{ line: header.line, field: 'file', message: 'At most 5,000 lines at a time' }] }
  const seen = new Set<string>()
  for (const record of records) {
    const get = (column: Column) => (index.has(column) ? (record.cells[index.get(column)!] ?? '').trim() : '')
    const lineErrors: KegCsvError[] = []
    const fail = (field: Column, message: string) => lineErrors.push({ line: record.line, field, message })
    const assetNumber = get('asset number').toUpperCase()
    if (assetNumber === '') fail('asset number', 'The asset number is required')
    else if (!ASSET.test(assetNumber))
      fail('asset number', `"${assetNumber}" is not a keg number (letters, digits and dashes, up to 32)`)
    else if (seen.has(assetNumber)) fail('asset number', `${assetNumber} is already on an earlier line`)
    const sizeText = get('size')
    const size =
      (KEG_SIZES as readonly string[]).find((s) => s.toLowerCase() === sizeText.toLowerCase()) ??
      SIZE_WORDS[
        sizeText
          .toLowerCase()
          .replace(/\s+/g, ' ')
          .replace(/\s*keg$/, '')
      ]
    if (!size) fail('size', `The size is one of ${KEG_SIZES.join(', ')}`)
    const owner = OWNER_WORDS[get('owner').toLowerCase()]
    if (!owner) fail('owner', `The owner is one of ${KEG_OWNERS.join(', ')}`)
    const ownerName = get('owner name')
    if (ownerName.length > 80) fail('owner name', 'The owner name is at most 80 characters')
    if (owner && owner !== 'ours' && ownerName === '') fail('owner name', 'Name the pool or the lessor')
    if (lineErrors.length > 0 || !size || !owner) {
      errors.push(...lineErrors)
      continue
    }
    seen.add(assetNumber)
    rows.push({ line: record.line, assetNumber, size: size as KegSize, owner, ownerName })
  }
  return { rows, errors }
}

/** The next asset numbers after the highest of `existing` with the prefix: K-0001, K-0002, … (4 digits at least). */
export function nextAssetNumbers(prefix: string, existing: readonly string[], count: number): string[] {
  const upper = prefix.toUpperCase()
  let highest = 0
  for (const number of existing) {
    if (!number.startsWith(upper)) continue
    const rest = number.slice(upper.length)
    if (/^\d+$/.test(rest)) highest = Math.max(highest, Number(rest))
  }
  return Array.from({ length: count }, (_, i) => `${upper}${String(highest + i + 1).padStart(4, '0')}`)
}
