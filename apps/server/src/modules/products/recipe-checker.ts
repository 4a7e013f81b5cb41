import { checkRecipe, indexCatalog, type CatalogIndex, type Recipe } from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createCatalogRepository } from '../catalog/catalog.repository.ts'

/**
 * Checks recipes against the catalogue in the database (ADR 020) and returns them ready to store, with
 * the figures calculated here. The catalogue changes only with a release, so it is read once.
 */
export function createRecipeChecker(db: Db) {
  const catalog = createCatalogRepository(db)
  let index: Promise<CatalogIndex> | undefined
  const load = () =>
    (index ??= catalog.load().then(indexCatalog, (error: unknown) => {
      index = undefined
      throw error
    }))

  return {
    /** The recipe to store, or a 400 naming every ingredient that is neither catalogue nor complete custom. */
    async prepare(recipe: Recipe, path = 'data'): Promise<Recipe> {
      const result = checkRecipe(recipe, await load(), path)
      if (!result.ok) throw new AppError('VALIDATION_FAILED', 'The recipe is not valid.', result.issues)
      return result.recipe
    },
  }
}
export type RecipeChecker = ReturnType<typeof createRecipeChecker>
