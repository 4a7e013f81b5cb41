import { checkRecipe, indexCatalog, type CatalogIndex, type Recipe } from '@brewcommand/domain'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createCatalogRepository } from '../catalog/catalog.repository.ts'

/**
 * Checks recipes against the catalogue in the database (ADR 020) and returns them ready to store, with
 * the figures calculated here. The catalogue changes only with a release, so it is read once.
 */
export function createRecipeChecker() {
  let index: Promise<CatalogIndex> | undefined
  // Read on the caller's connection: inside a write's transaction another connection may have to wait
  // for that transaction (PGlite has one).
  const load = (connection: Db) =>
    (index ??= createCatalogRepository(connection)
      .load()
      .then(indexCatalog, (error: unknown) => {
        index = undefined
        throw error
      }))

  return {
    /** The recipe to store, or a 400 naming every ingredient that is neither catalogue nor complete custom. */
    async prepare(connection: Db, recipe: Recipe, path = 'data'): Promise<Recipe> {
      const result = checkRecipe(recipe, await load(connection), path)
      if (!result.ok) throw new AppError('VALIDATION_FAILED', 'The recipe is not valid.', result.issues)
      return result.recipe
    },
  }
}
export type RecipeChecker = ReturnType<typeof createRecipeChecker>
