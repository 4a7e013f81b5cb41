// What the calculations read from a recipe. Every field is optional and loosely typed, so a Recipe, a
// form's half-filled state, an old stored document or `undefined` can all be passed in safely.

type Maybe<T> = T | null | undefined

/** An amount as an ingredient entry holds it; the unit is checked at run time. */
export type AmountInput = Maybe<{ value?: Maybe<number>; unit?: Maybe<string> }>

/** A grain-bill entry: its catalogue item's extract (a fraction) and colour (°L), and its amount. */
export type GrainInput = {
  ingredient?: Maybe<{ extractFgMin?: Maybe<number>; lovibond?: Maybe<number> }>
  amount?: AmountInput
}

/** A hops-bill entry: alpha acids (%), amount, addition type and its own time. */
export type HopInput = {
  ingredient?: Maybe<{ alphaAcids?: Maybe<number> }>
  amount?: AmountInput
  additionType?: Maybe<string>
  time?: Maybe<{ value?: Maybe<number>; unit?: Maybe<string> }>
}

/** An other-ingredient entry: only fermentable ones add gravity. */
export type OtherInput = {
  ingredient?: Maybe<{ fermentable?: Maybe<boolean> }>
  amount?: AmountInput
}

/** The parts of a recipe the statistics depend on. */
export type RecipeStatsInput = {
  yield?: Maybe<{ quantity?: Maybe<number>; unit?: Maybe<string> }>
  grainBill?: Maybe<readonly Maybe<GrainInput>[]>
  hopsBill?: Maybe<readonly Maybe<HopInput>[]>
  otherIngredients?: Maybe<readonly Maybe<OtherInput>[]>
  yeast?: Maybe<{ attenuation?: Maybe<number> }>
  boilTime?: Maybe<number>
  whirlpoolTime?: Maybe<number>
}
