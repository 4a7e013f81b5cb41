// Raw materials in the seed (ADR 331, 370): 200 stock items — the first are the recipes' own malts and hops, so
// brew days consume their lots first-expiring first — and 2,000 lots a year received across the history, each
// item's other uses (pilot brews, waste, a count) booked as adjustments on the day the lot arrives.
import { HOPS, FERMENTABLES } from '@brewcommand/domain'
import { scaled, type SeedContext } from './seed-kit.ts'

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

  async function receive({ day, item, index }: Receipt) {
    const linked = item.linked
    const quantity = item.hop ? rnd.int(40, 200) : linked ? rnd.int(8_000, 20_000) : rnd.int(100, 1000)
    await ctx.write('POST', `/api/inventory/items/${item.id}/lots`, 'stock', {
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
    })
    ctx.wrote('lot', item.name, day, quantity)
    // What the brewhouse used of it besides the brew days: pilot brews, spills, a count.
    const used = linked ? 0 : Math.floor(quantity * rnd.next() * 0.8)
    if (used > 0) {
      await ctx.write('POST', `/api/inventory/items/${item.id}/adjustments`, 'stock', {
        id: rnd.uuid(),
        direction: 'remove',
        quantity: used,
        unit: 'kg',
        lotId: null,
        reason: 'Used in the pilot brewhouse',
      })
      ctx.wrote('consumption', item.name, day, used)
    }
  }

  return {
    setup,
    async day(day: number) {
      let n = 0
      for (const receipt of receipts.filter((r) => r.day === day)) {
        ctx.at(day, 13 + n++ / 600)
        await receive(receipt)
      }
    },
  }
}
