import { and, count, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { invitations } from '../../db/schema/invitations.ts'
import { productFiles } from '../../db/schema/product-files.ts'
import { products, recipes } from '../../db/schema/products.ts'
import { users } from '../../db/schema/users.ts'
import { AppError } from '../../errors.ts'

/**
 * What one brewery may hold (docs/decisions/132-per-brewery-quotas.md). Far above what a craft brewery
 * uses, low enough that one tenant cannot fill the database or the bucket for everyone.
 */
export const QUOTAS = {
  productsPerBrewery: 1_000,
  recipesPerProduct: 100,
  filesPerProduct: 100,
  storageBytesPerBrewery: 10 * 1024 ** 3,
  /** Members and pending invitations together. */
  membersPerBrewery: 100,
}

function exceeded(message: string): never {
  throw new AppError('QUOTA_EXCEEDED', message)
}

const number = (value: unknown) => Number(value ?? 0)

/** Before adding `adding` products to a brewery. */
export async function assertProductQuota(db: Db, entityId: string, adding = 1) {
  const [row] = await db.select({ n: count() }).from(products).where(eq(products.entityId, entityId))
  if (number(row?.n) + adding > QUOTAS.productsPerBrewery) {
    exceeded(`A brewery can have at most ${QUOTAS.productsPerBrewery} products. Delete one to add another.`)
  }
}

/** Before adding `adding` recipes to a product. */
export async function assertRecipeQuota(db: Db, entityId: string, productId: string, adding = 1) {
  const [row] = await db
    .select({ n: count() })
    .from(recipes)
    .where(and(eq(recipes.entityId, entityId), eq(recipes.productId, productId)))
  if (number(row?.n) + adding > QUOTAS.recipesPerProduct) {
    exceeded(`A product can have at most ${QUOTAS.recipesPerProduct} recipes. Delete one to add another.`)
  }
}

/** Before a file is uploaded to or attached to a product, with its size when known. */
export async function assertFileQuota(db: Db, entityId: string, productId: string, bytes = 0) {
  const [files] = await db
    .select({ n: count() })
    .from(productFiles)
    .where(and(eq(productFiles.entityId, entityId), eq(productFiles.productId, productId)))
  if (number(files?.n) + 1 > QUOTAS.filesPerProduct) {
    exceeded(`A product can have at most ${QUOTAS.filesPerProduct} files. Delete one to add another.`)
  }
  const [used] = await db
    .select({ bytes: sql<string>`coalesce(sum(${productFiles.sizeBytes}), 0)` })
    .from(productFiles)
    .where(eq(productFiles.entityId, entityId))
  if (number(used?.bytes) + bytes > QUOTAS.storageBytesPerBrewery) {
    exceeded(
      `The brewery's files may take at most ${QUOTAS.storageBytesPerBrewery / 1024 ** 3} GiB. Delete files to make room.`,
    )
  }
}

/** Before inviting someone: members and pending invitations together. */
export async function assertMemberQuota(db: Db, entityId: string) {
  const [members] = await db.select({ n: count() }).from(users).where(eq(users.entityId, entityId))
  const [pending] = await db
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.entityId, entityId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, new Date()),
      ),
    )
  if (number(members?.n) + number(pending?.n) + 1 > QUOTAS.membersPerBrewery) {
    exceeded(
      `A brewery can have at most ${QUOTAS.membersPerBrewery} members and pending invitations. Remove one to invite another.`,
    )
  }
}
