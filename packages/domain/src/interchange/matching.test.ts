import { describe, expect, it } from 'vitest'
import { FERMENTABLES, HOPS, OTHER_INGREDIENTS, YEASTS } from '../catalog/catalog.ts'
import {
  matchFermentable,
  matchHop,
  matchOtherIngredient,
  matchStyle,
  matchYeast,
  NAME_ALIASES,
  normaliseName,
  STYLE_RENAME_IDS,
} from './matching.ts'
import { findStyleChoice } from '../styles/styles.ts'

describe('catalogue matching', () => {
  it('every alias names an item of the catalogue', () => {
    const ids = {
      fermentables: new Set(FERMENTABLES.map((f) => f.id)),
      hops: new Set(HOPS.map((h) => h.id)),
      otherIngredients: new Set(OTHER_INGREDIENTS.map((o) => o.id)),
    }
    for (const [list, aliases] of Object.entries(NAME_ALIASES) as [
      keyof typeof ids,
      Record<string, string>,
    ][]) {
      for (const [alias, id] of Object.entries(aliases))
        expect(ids[list].has(id), `${list}: ${alias} → ${id}`).toBe(true)
    }
  })

  it('finds every catalogue item by its own name, in any case and punctuation', () => {
    for (const f of FERMENTABLES) expect(matchFermentable(f.name.toUpperCase())?.id, f.name).toBe(f.id)
    for (const h of HOPS) expect(matchHop(` ${h.name.toLowerCase()}. `)?.id, h.name).toBe(h.id)
    for (const o of OTHER_INGREDIENTS) expect(matchOtherIngredient(o.name)?.id, o.name).toBe(o.id)
    for (const y of YEASTS) expect(matchYeast({ name: y.name })?.id, y.name).toBe(y.id)
  })

  it.each([
    ['Pale Malt (2 Row) US', 'pale-2-row-malt'],
    ['Caramel/Crystal Malt - 60L', 'crystal-malt-60l'],
    ['Crystal 40', 'crystal-malt-40l'],
    ['Munich Malt - 10L', 'munich-malt-10l'],
    ['Oats, Flaked', 'flaked-oats'],
    ['Light Dry Extract', 'dry-malt-extract-dme-light'],
    ['Milk Sugar (Lactose)', 'lactose-milk-sugar'],
    ['Weyermann® Carafa® Special II', 'weyermann-carafa-special-ii'],
  ])('fermentable %s → %s', (name, id) => {
    expect(matchFermentable(name)?.id).toBe(id)
  })

  it.each([
    ['Goldings, East Kent', 'east-kent-goldings'],
    ['Hallertauer Mittelfrüh', 'hallertau-mittelfruh'],
    ['Saaz', 'saaz'],
    ['Columbus (Tomahawk)', 'columbus'],
    ['CTZ', 'ctz'],
    ['Mosaic (HBC 369)', 'mosaic'],
  ])('hop %s → %s', (name, id) => {
    expect(matchHop(name)?.id).toBe(id)
  })

  it('finds yeasts by product code, with the laboratory when codes repeat', () => {
    expect(matchYeast({ name: 'Safale American (DCL/Fermentis #US-05)' })?.id).toBe('fermentis-safale-us-05')
    expect(matchYeast({ name: 'American Ale', laboratory: 'Wyeast Labs', productId: '1056' })?.id).toBe(
      'wyeast-1056-american-ale',
    )
    expect(matchYeast({ name: 'California Ale', productId: 'WLP001' })?.id).toBe(
      'white-labs-wlp001-california-ale',
    )
    expect(matchYeast({ name: 'Our House Strain', laboratory: 'Cellar' })).toBeUndefined()
  })

  it('leaves unknown and ambiguous names unmatched', () => {
    expect(matchFermentable('Mystery Heritage Malt')).toBeUndefined()
    expect(matchHop('Experimental HBC 1019')).toBeUndefined()
  })

  it('an id BrewCommand wrote decides: a custom id stays custom even under a catalogue name', () => {
    expect(matchHop('Cascade', 'custom-cascade')).toBeUndefined()
    expect(matchHop('Anything', 'cascade')?.id).toBe('cascade')
  })

  it('finds styles by name first, then by BJCP code', () => {
    expect(matchStyle({ name: 'american pale ale', code: '10A' })?.id).toBe('american-pale-ale')
    expect(matchStyle({ code: '21A' })?.id).toBe('american-ipa')
    expect(matchStyle({ name: 'Nonexistent Style' })).toBeUndefined()
  })

  it('a yeast whose product id or laboratory contradicts the file is not a match (ADR 140)', () => {
    expect(
      matchYeast({ name: 'Wyeast - Belgian Wheat', laboratory: 'Wyeast Labs', productId: '3942' }),
    ).toBeUndefined()
    expect(matchYeast({ name: 'American Wheat', laboratory: 'White Labs' })).toBeUndefined()
    expect(matchYeast({ name: 'English Ale', laboratory: 'Ithaca Beer Co' })).toBeUndefined()
    // Brand names and former owners are the same laboratory.
    expect(matchYeast({ name: 'Nottingham', laboratory: 'Danstar' })?.id).toBe(
      matchYeast({ name: 'Nottingham' })?.id,
    )
    expect(matchYeast({ name: 'Safale US-05', laboratory: 'DCL/Fermentis', productId: 'US-05' })?.id).toBe(
      'fermentis-safale-us-05',
    )
  })

  it('matches a style by name within the file’s guide; codes only in BJCP 2021 (ADR 140)', () => {
    expect(matchStyle({ name: 'English Pale Ale', code: '1A', guide: 'BJCP 1999' })).toBeUndefined()
    expect(matchStyle({ name: 'Australian Ale', code: '1A' })).toBeUndefined()
    expect(matchStyle({ name: 'Dry Stout', code: '13A', guide: 'BJCP' })?.id).toBe('irish-stout')
    expect(matchStyle({ name: 'Dry Stout (Irish)', code: '1A', guide: 'BJCP 1999' })?.id).toBe('irish-stout')
    expect(matchStyle({ name: 'House Pale', code: '21A', guide: 'BJCP 2021' })?.id).toBe('american-ipa')
    expect(matchStyle({ name: 'House Pale', code: '21A', guide: 'BJCP 2008' })).toBeUndefined()
    // "English" and "American" tell styles apart, unlike ingredient names.
    expect(matchStyle({ name: 'English Pale Ale' })).toBeUndefined()
    for (const id of STYLE_RENAME_IDS) expect(findStyleChoice(id), id).toBeDefined()
  })

  it('normalises case, accents and punctuation', () => {
    expect(normaliseName('Hallertauer Mittelfrüh!')).toBe('hallertauermittelfruh')
    expect(normaliseName('Fuggle & Goldings')).toBe('fuggleandgoldings')
  })
})
