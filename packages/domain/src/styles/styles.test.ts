import { describe, expect, it } from 'vitest'
import {
  compareToStyle,
  findStyle,
  findStyleChoice,
  isSpecialtyStyle,
  rangePosition,
  SPECIALTY_STYLES,
  SpecialtyStyleSchema,
  STYLE_CHOICES,
  StyleSchema,
  STYLES,
  type Style,
} from './styles.ts'

describe('STYLES', () => {
  it('holds every style with numeric ranges, each valid, with unique ids', () => {
    expect(STYLES.length).toBeGreaterThanOrEqual(21)
    for (const style of STYLES) expect(StyleSchema.parse(style)).toEqual(style)
    expect(new Set(STYLES.map((s) => s.id)).size).toBe(STYLES.length)
  })

  it.each(['American Light Lager', 'American IPA', 'Imperial Stout', 'Saison', 'Gose'])(
    'includes %s',
    (name) => {
      const style = STYLES.find((s) => s.name === name)
      expect(style?.srm_range).toHaveLength(2)
      expect(style?.abv_range).toHaveLength(2)
      expect(style?.ibu_range).toHaveLength(2)
    },
  )

  it('is sorted by name, ignoring case', () => {
    const names = STYLES.map((s) => s.name.toLowerCase())
    for (let i = 1; i < names.length; i++) {
      expect(names[i - 1].localeCompare(names[i], 'en', { sensitivity: 'base' })).toBeLessThanOrEqual(0)
    }
  })

  it('exposes the spec range names alongside the data fields', () => {
    const ipa = findStyle('american-ipa')
    expect(ipa).toMatchObject({ name: 'American IPA', og_range: ipa?.og, srm_range: ipa?.srm })
    expect(ipa?.ibu_range).toEqual([40, 70])
    expect(findStyle('no-such-style')).toBeUndefined()
    expect(findStyle('')).toBeUndefined()
  })
})

describe('STYLE_CHOICES', () => {
  it('adds the 21 specialty styles, whose figures vary with the base style, to the ranged ones', () => {
    expect(SPECIALTY_STYLES).toHaveLength(21)
    for (const style of SPECIALTY_STYLES) expect(SpecialtyStyleSchema.parse(style)).toEqual(style)
    expect(STYLE_CHOICES).toHaveLength(STYLES.length + SPECIALTY_STYLES.length)
    expect(new Set(STYLE_CHOICES.map((s) => s.id)).size).toBe(STYLE_CHOICES.length)
  })

  it('is sorted by name, ignoring case', () => {
    const names = STYLE_CHOICES.map((s) => s.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))
  })

  it('finds a specialty style as a choice but not as a style with ranges', () => {
    const fruit = findStyleChoice('fruit-beer')
    expect(fruit).toMatchObject({ name: 'Fruit Beer', bjcpCode: '29A' })
    expect(isSpecialtyStyle(fruit)).toBe(true)
    expect(findStyle('fruit-beer')).toBeUndefined()
    expect(isSpecialtyStyle(findStyleChoice('american-ipa'))).toBe(false)
    expect(findStyleChoice('american-ipa')).toBe(findStyle('american-ipa'))
    expect(findStyleChoice('')).toBeUndefined()
    expect(isSpecialtyStyle(undefined)).toBe(false)
  })
})

describe('compareToStyle', () => {
  const style: Pick<Style, 'og' | 'fg' | 'abv' | 'ibu' | 'srm'> = {
    og: [1.05, 1.06],
    fg: [1.01, 1.015],
    abv: [5, 7],
    ibu: [40, 70],
    srm: [6, 14],
  }

  it.each([
    [4.9999, 'within'], // shown as 5.000
    [4.9994, 'below'], // shown as 4.999
    [7, 'within'],
    [7.0006, 'above'], // shown as 7.001
  ])('ABV %s is %s 5–7, compared as shown', (abv, position) => {
    const stats = { originalGravity: 1.055, finalGravity: 1.012, abv, ibu: 50, srm: 10 }
    expect(compareToStyle(stats, style).abv).toBe(position)
  })

  it('tells each figure apart', () => {
    const stats = { originalGravity: 1.04, finalGravity: 1.012, abv: 8, ibu: 70, srm: 3 }
    expect(compareToStyle(stats, style)).toEqual({
      originalGravity: 'below',
      finalGravity: 'within',
      abv: 'above',
      ibu: 'within',
      srm: 'below',
    })
  })

  it('finds the American IPA worked example within American IPA except its bitterness', () => {
    // From brewing/stats.test.ts: OG 1.0574, FG 1.0115, ABV 6.029, IBU 90.33, SRM 7.63
    const stats = {
      originalGravity: 1.0574233,
      finalGravity: 1.0114847,
      abv: 6.02945,
      ibu: 90.329685,
      srm: 7.628207,
    }
    expect(compareToStyle(stats, findStyle('american-ipa')!)).toEqual({
      originalGravity: 'within',
      finalGravity: 'within',
      abv: 'within',
      ibu: 'above',
      srm: 'within',
    })
  })

  it('rangePosition is inclusive at both ends', () => {
    expect(rangePosition(1, [1, 2])).toBe('within')
    expect(rangePosition(2, [1, 2])).toBe('within')
    expect(rangePosition(0.999, [1, 2])).toBe('below')
    expect(rangePosition(2.001, [1, 2])).toBe('above')
  })
})
