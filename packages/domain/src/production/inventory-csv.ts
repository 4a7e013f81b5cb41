import { parseMoneyToCents } from './inventory.ts'
import { INVENTORY_CATEGORIES, type InventoryCategory } from './inventory.schema.ts'
import { MAX_STOCK_QUANTITY, toStockUnit, type StockUnit } from './stock-units.ts'

// Opening stock from a spreadsheet (docs/decisions/214-opening-stock-csv.md): one lot per line, previewed with an
// error per bad line, imported only when confirmed and only whole.

/** The columns, as the header names them (case and spacing do not matter); the first five are required. */
export const OPENING_STOCK_COLUMNS = [
  'item',
  'category',
  'unit',
  'quantity',
  'received',
  'unit cost',
  'supplier',
  'lot code',
  'best before',
  'alpha acid',
  'colour',
  'extract',
  'par level',
  'ingredient id',
] as const
const REQUIRED = ['item', 'category', 'unit', 'quantity', 'received'] as const
type Column = (typeof OPENING_STOCK_COLUMNS)[number]
const ALIASES: Record<string, Column> = { color: 'colour', name: 'item', 'best-before': 'best before' }

/** An example file for the import dialog. */
export const OPENING_STOCK_EXAMPLE = [
  'item,category,unit,quantity,received,unit cost,supplier,lot code,best before,alpha acid',
  'Pale Malt (2 Row) US,fermentable,kg,500,2026-01-05,1.10,Great Western,GW-2201,2027-01-05,',
  'Citra,hop,kg,11,2026-01-05,32.50,YCH,C-448,2027-06-30,12.8',
].join('\n')

/** One good line: a lot of an item (created when missing). */
export type OpeningStockRow = {
  /** 1-based line of the file (the header is line 1). */
  line: number
  name: string
  category: InventoryCategory
  ingredientId: string | null
  unit: StockUnit
  quantity: number
  unitCostCents: number
  supplier: string
  lotCode: string
  receivedOn: string
  bestBefore: string | null
  alphaAcid: number | null
  colorLovibond: number | null
  extractPct: number | null
  parLevel: number | null
}

export type OpeningStockError = { line: number; field: string; message: string }

/** The cells of CSV text: commas or semicolons, double-quoted cells with "" for a quote, CRLF or LF. */
export function csvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = []
  const delimiter = firstLine(text).split(';').length > firstLine(text).split(',').length ? ';' : ','
  let cells: string[] = []
  let cell = ''
  let quoted = false
  let line = 1
  let startLine = 1
  for (let i = 0; i < text.length; i++) {
    const char = text[i]
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (char === '"') quoted = false
      else {
        if (char === '\n') line++
        cell += char
      }
    } else if (char === '"' && cell === '') quoted = true
    else if (char === delimiter) {
      cells.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      cells.push(cell)
      records.push({ line: startLine, cells })
      cells = []
      cell = ''
      line++
      startLine = line
    } else cell += char
  }
  if (cell !== '' || cells.length > 0) {
    cells.push(cell)
    records.push({ line: startLine, cells })
  }
  return records.filter((record) => record.cells.some((value) => value.trim() !== ''))
}

function firstLine(text: string): string {
  const end = text.search(/\r?\n/)
  return end === -1 ? text : text.slice(0, end)
}

const isDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

function decimal(value: string): number | null {
  const text = value.trim().replace(/,/g, '')
  if (!/^-?\d+(?:\.\d+)?$/.test(text)) return null
  const number = Number(text)
  return Number.isFinite(number) ? number : null
}

/**
 * Reads opening stock: a header naming the columns, then one lot per line. Every problem is an error naming its
 * line and column; good lines come back as rows. Nothing here writes anything.
 */
export function parseOpeningStockCsv(text: string): { rows: OpeningStockRow[]; errors: OpeningStockError[] } {
  const records = csvRecords(text.replace(/^\uFEFF/, ''))
  const errors: OpeningStockError[] = []
  const rows: OpeningStockRow[] = []
  const header = records.shift()
  if (!header) return { rows, errors: [{ line: 1, field: 'file', message: 'The file has no header line' }] }
  const index = new Map<Column, number>()
  header.cells.forEach((cell, position) => {
    const name = cell.trim().toLowerCase().replace(/\s+/g, ' ')
    const column = (OPENING_STOCK_COLUMNS as readonly string[]).includes(name)
      ? (name as Column)
      : ALIASES[name]
    if (column && !index.has(column)) index.set(column, position)
  })
  const missing = REQUIRED.filter((column) => !index.has(column))
  if (missing.length > 0)
    return {
      rows,
      errors: [{ line: header.line, field: 'header', message: `Missing column: ${missing.join(', ')}` }],
    }
  if (records.length === 0)
    errors.push({ line: header.line, field: 'file', message: 'No lines after the header' })
  if (records.length > 5000) {
    return { rows, errors: [{ line: header.line, field: 'file', message: 'At most 5,000 lines at a time' }] }
  }

  for (const record of records) {
    const get = (column: Column) => (index.has(column) ? (record.cells[index.get(column)!] ?? '').trim() : '')
    const lineErrors: OpeningStockError[] = []
    const fail = (field: Column, message: string) => lineErrors.push({ line: record.line, field, message })

    const name = get('item')
    if (name === '') fail('item', 'The item name is required')
    else if (name.length > 200) fail('item', 'The item name is at most 200 characters')
    const categoryText = get('category').toLowerCase()
    const category = (INVENTORY_CATEGORIES as readonly string[]).includes(categoryText)
      ? (categoryText as InventoryCategory)
      : null
    if (!category) fail('category', `The category is one of ${INVENTORY_CATEGORIES.join(', ')}`)
    const unit = toStockUnit(get('unit'))
    if (!unit) fail('unit', `Unknown unit "${get('unit')}"`)
    const quantity = decimal(get('quantity'))
    if (quantity === null) fail('quantity', 'The quantity must be a number')
    else if (quantity <= 0) fail('quantity', 'The quantity must be above 0')
    else if (quantity > MAX_STOCK_QUANTITY) fail('quantity', 'The quantity is too large')
    const receivedOn = get('received')
    if (!isDate(receivedOn)) fail('received', 'The received date must be a date as YYYY-MM-DD')
    const bestBeforeText = get('best before')
    const bestBefore = bestBeforeText === '' ? null : bestBeforeText
    if (bestBefore !== null && !isDate(bestBefore))
      fail('best before', 'The best-before date must be YYYY-MM-DD')
    else if (bestBefore !== null && isDate(receivedOn) && bestBefore < receivedOn)
      fail('best before', 'The best-before date is before the received date')
    const costText = get('unit cost')
    const unitCostCents = costText === '' ? 0 : parseMoneyToCents(costText)
    if (unitCostCents === null) fail('unit cost', 'The unit cost must be an amount like 12.34')
    const optionalNumber = (column: Column, label: string, max: number) => {
      const value = get(column)
      if (value === '') return null
      const number = decimal(value)
      if (number === null || number < 0 || number > max) {
        fail(column, `${label} must be a number from 0 to ${max}`)
        return null
      }
      return number
    }
    const alphaAcid = optionalNumber('alpha acid', 'The alpha acid', 100)
    const colorLovibond = optionalNumber('colour', 'The colour', 1000)
    const extractPct = optionalNumber('extract', 'The extract', 100)
    const parLevel = optionalNumber('par level', 'The par level', MAX_STOCK_QUANTITY)
    const supplier = get('supplier')
    if (supplier.length > 200) fail('supplier', 'The supplier is at most 200 characters')
    const lotCode = get('lot code')
    if (lotCode.length > 100) fail('lot code', 'The lot code is at most 100 characters')
    const ingredientId = get('ingredient id')
    if (ingredientId.length > 200) fail('ingredient id', 'The ingredient id is at most 200 characters')

    if (lineErrors.length > 0 || !category || !unit || quantity === null || unitCostCents === null) {
      errors.push(...lineErrors)
      continue
    }
    rows.push({
      line: record.line,
      name,
      category,
      ingredientId: ingredientId === '' ? null : ingredientId,
      unit,
      quantity,
      unitCostCents,
      supplier,
      lotCode,
      receivedOn,
      bestBefore,
      alphaAcid,
      colorLovibond,
      extractPct,
      parLevel,
    })
  }
  return { rows, errors }
}
