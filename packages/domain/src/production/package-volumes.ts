// Barrels of beer in a unit of a packaging option (docs/production.md "US TTB facts the reports use"): a US beer
// barrel is 31 US gallons = 3968 US fluid ounces = 117.348 litres. The equivalents the TTB lists follow from
// these: 24 × 12 fl oz = 0.07258 bbl, 12 × 750 ml = 0.07670 bbl, a 1/2 bbl keg 0.5, a 1/6 bbl keg 0.16667.

export const FLUID_OUNCES_PER_BBL = 3968
export const LITRES_PER_BBL = 117.34777
/** Barrels are stored to 5 decimals (docs/production.md "Rules everywhere"). */
export const BBL_DECIMALS = 5

/** A volume in barrels rounded to the stored 5 decimals. */
export function roundBarrels(barrels: number): number {
  return Math.round(barrels * 10 ** BBL_DECIMALS) / 10 ** BBL_DECIMALS
}

export const fluidOuncesToBarrels = (fluidOunces: number): number => fluidOunces / FLUID_OUNCES_PER_BBL
export const millilitresToBarrels = (millilitres: number): number => millilitres / 1000 / LITRES_PER_BBL

/**
 * The barrels in one unit of a packaging option, read from its type's name: "16oz Cans" (16 fl oz), "1/6 BBL
 * Keg", "1/2 BBL Keg", "750ml Bottles", "20L Keg", "Case 24x12oz" (24 × 12 fl oz). Null when the name says
 * no volume (the person then gives the barrels per unit).
 */
export function barrelsPerUnitOfPackageType(typeName: string): number | null {
  const name = typeName.toLowerCase().replace(/,/g, '.')
  const pack = /(\d+)\s*(?:x|×|-?\s*pack\s*(?:of)?)\s*/.exec(name)
  const count = pack ? Number(pack[1]) : 1
  const rest = pack ? name.slice(0, pack.index) + ' ' + name.slice(pack.index + pack[0].length) : name
  const fraction = /(\d+)\s*\/\s*(\d+)\s*(?:u\.?s\.?\s*)?(?:bbl|barrel)/.exec(rest)
  if (fraction && Number(fraction[2]) > 0) return (count * Number(fraction[1])) / Number(fraction[2])
  const barrels = /(\d+(?:\.\d+)?)\s*(?:bbl|barrel)/.exec(rest)
  if (barrels) return count * Number(barrels[1])
  const ounces = /(\d+(?:\.\d+)?)\s*(?:fl\.?\s*)?oz/.exec(rest)
  if (ounces) return count * fluidOuncesToBarrels(Number(ounces[1]))
  const millilitres = /(\d+(?:\.\d+)?)\s*ml\b/.exec(rest)
  if (millilitres) return count * millilitresToBarrels(Number(millilitres[1]))
  const centilitres = /(\d+(?:\.\d+)?)\s*cl\b/.exec(rest)
  if (centilitres) return count * millilitresToBarrels(Number(centilitres[1]) * 10)
  const litres = /(\d+(?:\.\d+)?)\s*(?:l|litres?|liters?)\b/.exec(rest)
  if (litres) return count * millilitresToBarrels(Number(litres[1]) * 1000)
  const gallons = /(\d+(?:\.\d+)?)\s*(?:gal|gallons?)\b/.exec(rest)
  if (gallons) return (count * Number(gallons[1])) / 31
  return null
}
