import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { silentLogger } from '../brewing/logger.ts'
import { calculateRecipeStats } from '../brewing/stats.ts'
import { exportBeerJson } from './beerjson.ts'
import { exportBeerXml } from './beerxml.ts'
import { recipeFromDraft } from './build.ts'
import { readRecipeFile, INTERCHANGE_MAX_BYTES } from './import.ts'

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))

// Hand-worked figures (docs/product/02-products.md §9): OG = 1 + points / gal × 0.7 / 1000; Tinseth; Morey.
const tinseth = (alphaPct: number, ounces: number, minutes: number, gallons: number, og: number) =>
  ((alphaPct / 100) *
    ounces *
    1.65 *
    Math.pow(0.000125, og - 1) *
    ((1 - Math.exp(-0.04 * minutes)) / 4.15) *
    7490) /
  gallons
const morey = (mcu: number) => Math.min(40, Math.max(1, 1.4922 * Math.pow(mcu, 0.6859)))

// Issue 34, defect 4: a file without infusion amounts imported mash thickness 0 and planned 0 gal of strike water.
describe('a recipe whose file gives no mash thickness', () => {
  const cascadePale = readRecipeFile('beersmith.xml', fixture('beersmith-three-recipes.xml')).recipes[0]

  it('gets 1.25 qt/lb, and the preview says so', () => {
    expect(cascadePale.recipe.mashThickness).toBe(1.25)
    expect(cascadePale.notices.map((n) => n.reason)).toContain(
      'The file gives no mash thickness: 1.25 qt/lb is used (a common thickness); change it in the recipe if you mash thicker or thinner.',
    )
  })

  it("gets the brewhouse's thickness when the brewery has one", () => {
    const withBrewhouse = readRecipeFile('beersmith.xml', fixture('beersmith-three-recipes.xml'), {
      mashThicknessQuartsPerPound: 1.5,
    }).recipes[0]
    expect(withBrewhouse.recipe.mashThickness).toBe(1.5)
    expect(withBrewhouse.notices.map((n) => n.reason)).toContain(
      "The file gives no mash thickness: 1.5 qt/lb is used (the brewhouse's); change it in the recipe if you mash thicker or thinner.",
    )
  })
})

describe('BeerXML: a BeerSmith export with three recipes', () => {
  const report = readRecipeFile('beersmith.xml', fixture('beersmith-three-recipes.xml'))
  const [pale, stout, saison] = report.recipes

  it('reads every recipe and reports no file-level problem', () => {
    expect(report.format).toBe('beerxml')
    expect(report.problems).toEqual([])
    expect(report.recipes.map((r) => r.name)).toEqual([
      'Cascade Pale Ale',
      'Café Milk Stout',
      'House Saison & Friends',
    ])
    expect(pale.description).toBe('A simple, hoppy pale ale.')
  })

  it('maps fermentables, hops, miscs, yeast, style, mash steps and batch of the pale ale', () => {
    const r = pale.recipe
    expect(r.yield).toEqual({ quantity: 5, unit: 'GAL' })
    expect(r.boilTime).toBe(60)
    expect(r.whirlpoolTime).toBe(15)
    expect(r.grainBill.map((g) => [g.ingredient.id, g.amount])).toEqual([
      ['pale-2-row-malt', { value: 10, unit: 'Pounds' }],
      ['crystal-malt-40l', { value: 1, unit: 'Pounds' }],
    ])
    expect(r.hopsBill.map((h) => [h.ingredient.id, h.additionType, h.time, h.amount])).toEqual([
      ['cascade', 'Boil', { value: 60, unit: 'Minutes' }, { value: 1, unit: 'Ounces' }],
      ['cascade', 'Whirlpool', null, { value: 1, unit: 'Ounces' }],
      ['cascade', 'Dry Hop', { value: 3, unit: 'Days' }, { value: 1, unit: 'Ounces' }],
    ])
    expect(r.otherIngredients).toMatchObject([
      {
        ingredient: { id: 'irish-moss' },
        amount: { value: 5, unit: 'Grams' },
        additionType: 'Boil',
        additionTime: 10,
        brewersNotes: 'Clarifying agent',
      },
    ])
    expect(r.yeast).toMatchObject({ id: 'fermentis-safale-us-05', attenuation: 80 })
    expect(r.style).toBe('american-pale-ale')
    expect(r.process.map((s) => [s.order, s.type, s.temperature, s.durationMins])).toEqual([
      [1, 'infusion-mash', '152.0 F', '60'],
      [2, 'mash-out', '168.0 F', '10'],
    ])
    expect(pale.unmatched).toEqual([])
    expect(pale.matched).toBe(7)
  })

  it('calculates the pale ale with the file\u2019s measured alpha acids, linked to the catalogue hop', () => {
    // points = 46 × (0.79 × 10 + 0.74 × 1) = 397.44; OG = 1 + 397.44 / 5 × 0.7 / 1000
    const og = 1 + ((397.44 / 5) * 0.7) / 1000
    const fg = 1 + (og - 1) * 0.2
    expect(pale.stats.originalGravity).toBeCloseTo(og, 10)
    expect(pale.stats.finalGravity).toBeCloseTo(fg, 10)
    expect(pale.stats.abv).toBeCloseTo((og - fg) * 131.25, 9)
    // The file's Cascade is 5.5 % alpha (the catalogue's is 7 %): 60 min boil + 15 min whirlpool, dry hop none.
    expect(pale.stats.ibu).toBeCloseTo(tinseth(5.5, 1, 60, 5, og) + tinseth(5.5, 1, 15, 5, og), 9)
    expect(pale.recipe.hopsBill[0].ingredient).toMatchObject({
      id: 'cascade',
      alphaAcids: 5.5,
      measured: { alphaAcids: 5.5 },
    })
    expect(pale.stats.srm).toBeCloseTo(morey((10 * 2 + 1 * 40) / 5), 9)
    expect(pale.recipe.originalGravity).toBe(Math.round(og * 1000) / 1000)
    expect(pale.notices.map((n) => n.reason)).toContain(
      "Cascade: the file's 5.5 % alpha acids are kept (the catalogue's 7 % can be chosen in the recipe)",
    )
  })

  it('keeps an extract recipe\u2019s gravity: dry extract and lactose go to the grain bill', () => {
    const r = stout.recipe
    expect(r.yield).toEqual({ quantity: 5.5, unit: 'GAL' })
    expect(r.grainBill.map((g) => [g.ingredient.id, g.ingredient.type, g.amount])).toEqual([
      ['dry-malt-extract-dme-light', 'dry extract', { value: 6, unit: 'Pounds' }],
      ['roasted-barley', 'grain', { value: 8, unit: 'Ounces' }],
      ['lactose-milk-sugar', 'sugar', { value: 1, unit: 'Pounds' }],
    ])
    expect(r.hopsBill[0]).toMatchObject({
      ingredient: { id: 'east-kent-goldings' },
      additionType: 'First Wort',
      time: null,
    })
    expect(r.yeast).toMatchObject({ id: 'wyeast-1084-irish-ale' })
    expect(r.style).toBe('sweet-stout')
    expect(r.otherIngredients).toEqual([])
    // points = 46 × (0.95 × 6 + 0.55 × 0.5 + 0.761 × 1)
    const og = 1 + (((46 * (0.95 * 6 + 0.55 * 0.5 + 0.761)) / 5.5) * 0.7) / 1000
    expect(stout.stats.originalGravity).toBeCloseTo(og, 10)
  })

  it('keeps unmatched ingredients with the file\u2019s own numbers, lists them, and skips an unreadable hop', () => {
    const r = saison.recipe
    expect(r.yield).toEqual({ quantity: 1, unit: 'BBL' })
    expect(saison.unmatched.map((u) => [u.kind, u.name])).toEqual([
      ['fermentable', 'Mystery Heritage Malt'],
      ['hop', 'Experimental HBC 1019'],
      ['yeast', 'House Farmhouse Strain'],
    ])
    expect(saison.unmatched[0].path).toBe('RECIPES/RECIPE[3]/FERMENTABLES/FERMENTABLE[2]')
    expect(r.grainBill[1].ingredient).toEqual({
      id: 'custom-mysteryheritagemalt',
      type: 'grain',
      name: 'Mystery Heritage Malt',
      extractFgMin: 0.78,
      lovibond: 5,
    })
    expect(r.grainBill[0].amount).toEqual({ value: 20, unit: 'Kilograms' })
    expect(r.hopsBill).toHaveLength(1)
    expect(r.hopsBill[0]).toMatchObject({
      ingredient: { id: 'custom-experimentalhbc1019', alphaAcids: 15 },
      amount: { value: 113.4, unit: 'Grams' },
    })
    expect(r.yeast).toMatchObject({ id: 'custom-housefarmhousestrain', attenuation: 88, flocculation: 'Low' })
    expect(saison.skipped).toEqual([
      { path: 'RECIPES/RECIPE[3]/HOPS/HOP[2]/AMOUNT', reason: 'AMOUNT "not weighed" is not a number' },
    ])
    // The custom malt's 78 % and 5 °L count: points = 46 × (0.81 × 20 × 2.20462 + 0.78 × 2 × 2.20462)
    const pounds = 2.20462
    const og = 1 + (((46 * (0.81 * 20 * pounds + 0.78 * 2 * pounds)) / 31) * 0.7) / 1000
    expect(saison.stats.originalGravity).toBeCloseTo(og, 10)
    expect(saison.stats.finalGravity).toBeCloseTo(1 + (og - 1) * 0.12, 10)
    expect(saison.stats.ibu).toBeCloseTo(tinseth(15, 113.4 * 0.035274, 30, 31, og), 9)
    expect(r.style).toBe('saison')
  })

  it('gives stats equal to calculateRecipeStats of the draft', () => {
    for (const r of report.recipes) {
      expect(r.stats).toEqual(calculateRecipeStats(r.recipe, { logger: silentLogger }))
    }
  })

  it('reads an ISO-8859-1 file as BeerSmith writes it', () => {
    const text =
      '<?xml version="1.0" encoding="ISO-8859-1"?><RECIPE><NAME>Caf\u00e9 Cr\u00e8me</NAME><BATCH_SIZE>20</BATCH_SIZE></RECIPE>'
    const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0))
    expect(readRecipeFile('latin1.xml', bytes).recipes[0].name).toBe('Café Crème')
  })
})

describe('BeerXML tolerance', () => {
  it('reads a bare <RECIPE> root with missing optional tags', () => {
    const report = readRecipeFile('bare.xml', fixture('bare-recipe.xml'))
    expect(report.problems).toEqual([])
    expect(report.recipes).toHaveLength(1)
    const [r] = report.recipes
    expect(r.name).toBe('Bare Blonde')
    expect(r.recipe.yield).toEqual({ quantity: 6.076, unit: 'GAL' })
    expect(r.recipe.grainBill[0]).toMatchObject({
      ingredient: { id: 'maris-otter-pale-ale-malt' },
      amount: { value: 4.5, unit: 'Kilograms' },
    })
    expect(r.recipe.hopsBill[0]).toMatchObject({
      ingredient: { id: 'citra' },
      amount: { value: 25, unit: 'Grams' },
    })
    expect(r.recipe.yeast).toMatchObject({ id: 'white-labs-wlp001-california-ale' })
    expect(r.recipe.process).toEqual([])
    expect(r.recipe.style).toBe('')
    expect(r.unmatched).toEqual([])
  })

  it('reads decimal commas, lower-case tags and EBC colours said so in DISPLAY_COLOR', () => {
    const report = readRecipeFile('hell.xml', fixture('decimal-commas.xml'))
    expect(report.problems).toEqual([])
    const [r] = report.recipes
    expect(r.name).toBe('Münchner Hell')
    expect(r.recipe.yield).toEqual({ quantity: 5.2834, unit: 'GAL' })
    expect(r.recipe.boilTime).toBe(75)
    expect(r.recipe.grainBill.map((g) => [g.ingredient.id, g.amount])).toEqual([
      ['pilsner-malt-germany', { value: 4.2, unit: 'Kilograms' }],
      ['weyermann-carafa-special-ii', { value: 50, unit: 'Grams' }],
    ])
    expect(r.recipe.hopsBill[0]).toMatchObject({
      ingredient: { id: 'hallertau-mittelfruh' },
      amount: { value: 40, unit: 'Grams' },
      time: { value: 60, unit: 'Minutes' },
    })
    expect(r.recipe.yeast).toMatchObject({ id: 'fermentis-saflager-w-34-70' })
    expect(r.recipe.process.map((s) => [s.type, s.temperature, s.durationMins])).toEqual([
      ['step-mash', '52 °C', '10'],
      ['step-mash', '66.5 °C', '60'],
    ])
    expect(r.notices.map((n) => n.reason)).toContain(
      'Weyermann Carafa Special II: colour 1100 EBC converted to 413.08 °L',
    )
  })

  it('keeps EBC colour of an unmatched malt converted to Lovibond', () => {
    const xml = `<RECIPE><NAME>X</NAME><BATCH_SIZE>20</BATCH_SIZE><FERMENTABLES><FERMENTABLE><NAME>Odd Local Malt</NAME>
      <TYPE>Grain</TYPE><AMOUNT>1</AMOUNT><YIELD>80</YIELD><COLOR>20</COLOR><DISPLAY_COLOR>20 EBC</DISPLAY_COLOR>
      <VENDOR_EXTRA><DEEP>1</DEEP></VENDOR_EXTRA></FERMENTABLE></FERMENTABLES></RECIPE>`
    const [r] = readRecipeFile('odd.xml', xml).recipes
    // °L = (EBC × 0.508 + 0.76) / 1.3546
    expect(r.recipe.grainBill[0].ingredient.lovibond).toBeCloseTo((20 * 0.508 + 0.76) / 1.3546, 2)
    expect(r.unmatched).toEqual([
      { kind: 'fermentable', name: 'Odd Local Malt', path: 'RECIPE[1]/FERMENTABLES/FERMENTABLE[1]' },
    ])
  })

  it('reports a broken file with its line and creates nothing', () => {
    const report = readRecipeFile('broken.xml', fixture('broken.xml'))
    expect(report.recipes).toEqual([])
    expect(report.problems).toHaveLength(1)
    expect(report.problems[0].path).toMatch(/^line \d+, column \d+$/)
    expect(report.problems[0].reason).toMatch(/^Not well-formed XML: .*FERMENTABLE/)
  })

  it('refuses an XXE attempt without reading the entity', () => {
    const report = readRecipeFile('xxe.xml', fixture('xxe.xml'))
    expect(report.recipes).toEqual([])
    expect(report.problems).toEqual([
      {
        path: '/',
        reason:
          'The file declares a DOCTYPE or entities; these are refused for safety (no external entities are read)',
      },
    ])
    expect(JSON.stringify(report)).not.toContain('root:')
  })

  it('names a file that holds no recipe', () => {
    const report = readRecipeFile('other.xml', '<?xml version="1.0"?><INVENTORY><HOP/></INVENTORY>')
    expect(report.recipes).toEqual([])
    expect(report.problems[0].reason).toBe('No <RECIPE> element was found; this is not a BeerXML recipe file')
  })

  it('refuses files above 5 MB unread, and empty files', () => {
    const big = new Uint8Array(INTERCHANGE_MAX_BYTES + 1)
    expect(readRecipeFile('big.xml', big).problems[0].reason).toBe(
      'The file is 5.0 MB; at most 5 MB can be imported',
    )
    expect(readRecipeFile('empty.xml', '').problems[0].reason).toBe('The file is empty')
  })

  it('imports the first 200 recipes of a larger file and says so', () => {
    const one = '<RECIPE><NAME>R</NAME><BATCH_SIZE>20</BATCH_SIZE></RECIPE>'
    const report = readRecipeFile('many.xml', `<RECIPES>${one.repeat(203)}</RECIPES>`)
    expect(report.recipes).toHaveLength(200)
    expect(report.problems).toEqual([
      { path: 'RECIPES/RECIPE[201]', reason: 'The file holds 203 recipes; only the first 200 are imported' },
    ])
  })

  it('fits what it reads into the recipe limits: long texts cut, huge amounts capped', () => {
    const long = 'x'.repeat(60)
    const xml = `<RECIPE><NAME>${'N'.repeat(250)}</NAME><BATCH_SIZE>20</BATCH_SIZE>
      <HOPS><HOP><NAME>Citra</NAME><ALPHA>12</ALPHA><AMOUNT>5000000</AMOUNT><USE>Boil</USE><TIME>60</TIME></HOP></HOPS>
      <MASH><MASH_STEPS><MASH_STEP><NAME>Rest</NAME><DISPLAY_STEP_TEMP>${long}</DISPLAY_STEP_TEMP></MASH_STEP></MASH_STEPS></MASH></RECIPE>`
    const report = readRecipeFile('limits.xml', xml)
    expect(report.problems).toEqual([])
    const [r] = report.recipes
    expect(r.name).toHaveLength(200)
    expect(r.recipe.process[0].temperature).toBe('x'.repeat(40))
    expect(r.recipe.hopsBill[0].amount).toEqual({ value: 1_000_000, unit: 'Kilograms' })
  })

  it('reads TRUE, true and 1 as true', () => {
    const misc = (flag: string) =>
      `<RECIPE><NAME>B</NAME><BATCH_SIZE>20</BATCH_SIZE><MISCS><MISC><NAME>Honey Dust</NAME><TYPE>Other</TYPE><USE>Boil</USE>
       <AMOUNT>1</AMOUNT><BREWCOMMAND_FERMENTABLE>${flag}</BREWCOMMAND_FERMENTABLE></MISC></MISCS></RECIPE>`
    for (const flag of ['TRUE', 'true', '1']) {
      expect(
        readRecipeFile('b.xml', misc(flag)).recipes[0].recipe.otherIngredients[0].ingredient.fermentable,
      ).toBe(true)
    }
    expect(
      readRecipeFile('b.xml', misc('FALSE')).recipes[0].recipe.otherIngredients[0].ingredient.fermentable,
    ).toBe(false)
  })
})

describe('BeerJSON', () => {
  const report = readRecipeFile('brewfather.json', fixture('brewfather.json'))

  it('imports the readable recipe and names the JSON path of what it could not read', () => {
    expect(report.format).toBe('beerjson')
    expect(report.recipes.map((r) => r.name)).toEqual(['West Coast IPA'])
    expect(report.problems.map((p) => p.path)).toEqual(['$.beerjson.recipes[1].batch_size'])
    expect(report.problems[0].reason).toMatch(/expected object/i)
  })

  it('maps additions, units, timing, culture and mash steps', () => {
    const [ipa] = report.recipes
    const r = ipa.recipe
    expect(r.yield).toEqual({ quantity: 6.076, unit: 'GAL' })
    expect(r.grainBill.map((g) => [g.ingredient.id, g.amount])).toEqual([
      ['pale-2-row-malt', { value: 5.5, unit: 'Kilograms' }],
      ['crystal-malt-60l', { value: 300, unit: 'Grams' }],
      ['corn-sugar-dextrose', { value: 0.5, unit: 'Pounds' }],
    ])
    expect(r.hopsBill.map((h) => [h.ingredient.id, h.additionType, h.time])).toEqual([
      ['magnum-gr', 'Boil', { value: 60, unit: 'Minutes' }],
      ['citra', 'Whirlpool', null],
      ['mosaic', 'Dry Hop', { value: 4, unit: 'Days' }],
    ])
    expect(r.otherIngredients.map((o) => [o.ingredient.id, o.additionType])).toEqual([
      ['gypsum-calcium-sulfate', 'Mash'],
    ])
    expect(r.yeast).toMatchObject({ id: 'fermentis-safale-us-05' })
    expect(r.style).toBe('american-ipa')
    expect(r.process.map((s) => [s.type, s.temperature, s.durationMins, s.targetpH])).toEqual([
      ['infusion-mash', '65 °C', '60', '5.3'],
      ['mash-out', '76 °C', '10', ''],
    ])
    expect(ipa.description).toBe('Bitter, dry, bright.')
    expect(ipa.skipped.map((p) => p.path)).toEqual([
      '$.beerjson.recipes[0].ingredients.hop_additions[3].alpha_acid.value',
      '$.beerjson.recipes[0].ingredients.miscellaneous_additions[0].amount.unit',
    ])
    expect(ipa.skipped[0].reason).toMatch(/expected number/i)
    expect(ipa.skipped[1].reason).toBe('Whirlfloc: the amount is counted in "each", not a weight')
  })

  it('names a nameless recipe and skips an ingredient whose name is blank', () => {
    const json = JSON.stringify({
      beerjson: {
        version: 1,
        recipes: [
          {
            name: '  ',
            type: 'all grain',
            author: 'x',
            batch_size: { unit: 'gal', value: 5 },
            efficiency: { brewhouse: { unit: '%', value: 70 } },
            ingredients: {
              fermentable_additions: [
                {
                  name: ' ',
                  type: 'grain',
                  color: { unit: 'Lovi', value: 2 },
                  amount: { unit: 'lb', value: 1 },
                },
              ],
            },
          },
        ],
      },
    })
    const [r] = readRecipeFile('blank.json', json).recipes
    expect(r.name).toBe('Imported recipe 1')
    expect(r.recipe.grainBill).toEqual([])
    expect(r.skipped.map((p) => p.path)).toEqual([
      '$.beerjson.recipes[0].ingredients.fermentable_additions[0].name',
    ])
  })

  it('reports a file that is not JSON, and one that is not BeerJSON', () => {
    const notJson = readRecipeFile('x.json', '{ "beerjson": ').problems
    expect(notJson.map((p) => p.path)).toEqual(['$'])
    expect(notJson[0].reason).toMatch(/^Not valid JSON/)
    const notBeerJson = readRecipeFile('x.json', '{ "recipes": [] }').problems
    expect(notBeerJson.map((p) => p.path)).toEqual(['$.beerjson'])
    expect(notBeerJson[0].reason).toMatch(/expected object/i)
  })
})

// Issue 26: what real files say is kept (also checked on the whole corpus in corpus.test.ts).
describe('what real files say is kept', () => {
  const beerJson = (fermentable: Record<string, unknown>) =>
    JSON.stringify({
      beerjson: {
        version: 1,
        recipes: [
          {
            name: 'Potential',
            type: 'all grain',
            author: 'x',
            batch_size: { unit: 'gal', value: 5 },
            efficiency: { brewhouse: { unit: '%', value: 70 } },
            ingredients: { fermentable_additions: [fermentable] },
          },
        ],
      },
    })

  it('reads a BeerJSON yield given only as a potential gravity', () => {
    const report = readRecipeFile(
      'potential.json',
      beerJson({
        name: 'Heritage Malt Nobody Stocks',
        type: 'grain',
        yield: { potential: { unit: 'sg', value: 1.036 } },
        color: { unit: 'Lovi', value: 2 },
        amount: { unit: 'lb', value: 10 },
      }),
    )
    const [r] = report.recipes
    expect(r.recipe.grainBill[0].ingredient.extractFgMin).toBeCloseTo(36 / 46, 10)
    // 36 points × 10 lb / 5 gal × 0.7
    expect(r.stats.originalGravity).toBeCloseTo(1 + (36 * 10 * 0.7) / 5 / 1000, 10)
  })

  const step = (display: string, temp: string) =>
    `<RECIPES><RECIPE><NAME>Steps</NAME><BATCH_SIZE>20</BATCH_SIZE><MASH><MASH_STEPS><MASH_STEP><NAME>Sacch</NAME><TYPE>Infusion</TYPE>${temp}${display}<STEP_TIME>60</STEP_TIME></MASH_STEP></MASH_STEPS></MASH></RECIPE></RECIPES>`

  it('takes STEP_TEMP over a DISPLAY_STEP_TEMP that is a placeholder or disagrees, and keeps one that agrees', () => {
    const read = (display: string, temp: string) =>
      readRecipeFile('s.xml', step(display, temp)).recipes[0].recipe.process[0].temperature
    expect(
      read('<DISPLAY_STEP_TEMP>DISPLAY_STEP_TEMP</DISPLAY_STEP_TEMP>', '<STEP_TEMP>67.8</STEP_TEMP>'),
    ).toBe('67.8 °C')
    expect(read('<DISPLAY_STEP_TEMP>154.0 F</DISPLAY_STEP_TEMP>', '<STEP_TEMP>67.8</STEP_TEMP>')).toBe(
      '154.0 F',
    )
    expect(read('<DISPLAY_STEP_TEMP>140 F</DISPLAY_STEP_TEMP>', '<STEP_TEMP>67.8</STEP_TEMP>')).toBe(
      '67.8 °C',
    )
    expect(read('<DISPLAY_STEP_TEMP>DISPLAY_STEP_TEMP</DISPLAY_STEP_TEMP>', '')).toBe('')
  })

  it('writes a carriage return in BeerXML as a character reference, so notes come back the same', () => {
    const [imported] = readRecipeFile('s.xml', step('', '<STEP_TEMP>66</STEP_TEMP>')).recipes
    const entry = {
      name: 'CR',
      description: 'Line one.\r\nLine two.\rEnd',
      recipe: recipeFromDraft(imported.recipe, crypto.randomUUID()),
    }
    const xml = exportBeerXml([entry])
    expect(xml).not.toContain('\r')
    expect(readRecipeFile('again.xml', xml).recipes[0].description).toBe(entry.description)
  })

  it('keeps a catalogue line’s measured values through an export, also when the catalogue’s is chosen', () => {
    const [pale] = readRecipeFile('beersmith.xml', fixture('beersmith-three-recipes.xml')).recipes
    const recipe = recipeFromDraft(pale.recipe, crypto.randomUUID())
    expect(recipe.hopsBill[0].ingredient).toMatchObject({
      id: 'cascade',
      alphaAcids: 5.5,
      measured: { alphaAcids: 5.5 },
    })
    // The brewer chose the catalogue's 7 % for the second addition; the measured 5.5 % stays beside it.
    recipe.hopsBill[1].ingredient = { ...recipe.hopsBill[1].ingredient, alphaAcids: 7 }
    for (const [name, exported] of [
      ['again.xml', exportBeerXml],
      ['again.json', exportBeerJson],
    ] as const) {
      const again = readRecipeFile(name, exported([{ name: 'Pale', description: '', recipe }])).recipes[0]
      expect(
        again.recipe.hopsBill.slice(0, 2).map((h) => h.ingredient),
        name,
      ).toEqual([
        expect.objectContaining({ id: 'cascade', alphaAcids: 5.5, measured: { alphaAcids: 5.5 } }),
        expect.objectContaining({ id: 'cascade', alphaAcids: 7, measured: { alphaAcids: 5.5 } }),
      ])
      expect(again.notices.filter((n) => /kept/.test(n.reason))).toEqual([])
    }
  })
})
