// Raw materials in the seed (ADR 331, 370): 200 stock items — the first are the recipes' own malts and hops, so
// brew days consume their lots first-expiring first — and 2,000 lots a year received across the history, each
// item's other uses (pilot brews, waste, a count) booked as adjustments on the day the lot arrives.
import { HOPS, FERMENTABLES } from '@brewcommand/domain'
import { inParallel, scaled, type SeedContext } from './seed-kit.ts'

const MALTS = [
  'Pale Malt',
  'Pilsner Malt',
  'Munich',
  'Crystal 40',
  'Chocolate',
  'Roasted Barley',
  'Wheat Malt',
  'Vienna',
]
const HOP_NAMES = ['Citra', 'Mosaic', 'Centennial', 'Simcoe', 'Cascade', 'Saaz', 'Hallertau', 'Amberillo']
const ITEMS = 200

type Item = { id: string; name: string; hop: boolean; linked: boolean }
type Receipt = { day: number; item: Item; index: number }

export function createStock(
  ctx: SeedContext,
  recipeIngredients: { base: string[]; specialty: string[]; hops: string[] },
) {
  const { rnd } = ctx
  const items: Item[] = []
  const receipts: Receipt[] = []

  async function setup() {
    // The recipes' ingredients first (their catalogue ids), then other malts and hops.
    const linked = [
      ...recipeIngredients.base.map((id) => ({ id, hop: false })),
      ...recipeIngredients.specialty.map((id) => ({ id, hop: false })),
      ...recipeIngredients.hops.map((id) => ({ id, hop: true })),
    ]
    for (let i = 0; i < ITEMS; i++) {
      const link = linked[i]
      const hop = link ? link.hop : i % 3 === 2
      const catalogueName = link
        ? (link.hop ? HOPS : FERMENTABLES).find((entry) => entry.id === link.id)?.name
        : undefined
      const name = catalogueName ?? `${hop ? rnd.pick(HOP_NAMES) : rnd.pick(MALTS)} #${i + 1}`
      const id = rnd.uuid()
      await ctx.write('POST', '/api/inventory/items', 'stock', {
        id,
        name,
        category: hop ? 'hop' : 'fermentable',
        ingredientId: link?.id ?? null,
        unit: link ? 'lb' : 'kg',
        parLevel: hop ? 5 : 50,
        packageTypeId: null,
        perUnit: null,
      })
      items.push({ id, name, hop, linked: Boolean(link) })
      ctx.wrote('stock item', name)
    }
    // 2,000 lots a year: ten an item, spread over the history; the recipes' own items get the most.
    const lots = scaled(2_000, ctx.weeks, ITEMS)
    for (let n = 0; n < lots; n++) {
      const item = n < ITEMS ? items[n] : n % 2 === 0 ? items[n % linked.length] : items[n % ITEMS]
      const day = n < ITEMS ? 0 : Math.floor(((n - ITEMS) * ctx.days) / Math.max(1, lots - ITEMS))
      receipts.push({ day, item, index: n })
    }
  }

  /** A receipt's draws: the lot, and what the brewhouse used of it besides the brew days (pilot brews, spills). */
  function plan({ day, item, index }: Receipt) {
    const linked = item.linked
    const quantity = item.hop ? rnd.int(40, 200) : linked ? rnd.int(8_000, 20_000) : rnd.int(100, 1000)
    const lot = {
      id: rnd.uuid(),
      supplier: item.hop ? 'Yakima Hop Co.' : 'Great Western Malting',
      lotCode: `L${index + 1}`,
      receivedOn: ctx.date(day),
      bestBefore: ctx.date(day + 540),
      quantity,
      unit: linked ? 'lb' : 'kg',
      unitCostCents: item.hop ? rnd.int(1500, 3000) : rnd.int(90, 150),
      alphaAcid: item.hop ? rnd.int(5, 15) : null,
      colorLovibond: item.hop ? null : rnd.int(2, 500),
      extractPct: item.hop ? null : rnd.int(70, 82),
    }
    const used = linked ? 0 : Math.floor(quantity * rnd.next() * 0.8)
    const adjustment =
      used > 0
        ? {
            id: rnd.uuid(),
            direction: 'remove',
            quantity: used,
            unit: 'kg',
            lotId: null,
            reason: 'Used in the pilot brewhouse',
          }
        : null
    return { day, item, lot, adjustment }
  }

  return {
    setup,
    /** The day's lots: each item's in turn (its use takes its oldest lot first), different items at once. */
    async day(day: number) {
      const planned = receipts.filter((r) => r.day === day).map(plan)
      if (planned.length === 0) return
      ctx.at(day, 13)
      const byItem = new Map<string, typeof planned>()
      for (const receipt of planned)
        byItem.set(receipt.item.id, [...(byItem.get(receipt.item.id) ?? []), receipt])
      await inParallel(
        [...byItem.values()].map((ofItem) => async () => {
          for (const { item, lot, adjustment } of ofItem) {
            await ctx.write('POST', `/api/inventory/items/${item.id}/lots`, 'stock', lot)
            if (adjustment)
              await ctx.write('POST', `/api/inventory/items/${item.id}/adjustments`, 'stock', adjustment)
          }
        }),
        ctx.lanes,
      )
      for (const { item, lot, adjustment } of planned) {
        ctx.wrote('lot', item.name, day, lot.quantity)
        if (adjustment) ctx.wrote('consumption', item.name, day, adjustment.quantity)
      }
    },
  }
}
