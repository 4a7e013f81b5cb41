import { RoleSchema, type Role } from '@brewcommand/domain'
import type { JWTPayload } from 'jose'
import type { UserRow } from '../../db/schema/users.ts'
import type { AuthContext } from '../../auth/token-verifier.ts'
import type { UserProfile, UserRepository } from './users.repository.ts'

export interface BootstrapUser {
  id: string
  givenName: string
  familyName: string
  email: string
  emailVerified: boolean
  picture: string | null
}

/** The caller as bootstrap needs them: their profile, and their brewery and role once they have one. */
export interface BootstrapCaller {
  user: BootstrapUser
  /**
   * The user's brewery (one per user, docs/product/01-access.md §1), or null before onboarding; with its data version
   * as read with the user's row (ADR 421).
   */
  membership: { entityId: string; role: Role; dataVersion?: number } | null
}

const text = (value: unknown, max = 320) =>
  typeof value === 'string' ? value.trim().slice(0, max) : undefined

/** The profile claims of a verified ID token, as stored in `users`. */
export function profileFromIdToken(claims: JWTPayload): UserProfile {
  const picture = text(claims.picture, 2048)
  return {
    givenName: text(claims.given_name, 100),
    familyName: text(claims.family_name, 100),
    email: text(claims.email),
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    picture: picture && /^https?:\/\//i.test(picture) ? picture : undefined,
  }
}

function toBootstrapUser(row: UserRow): BootstrapUser {
  return {
    id: row.id,
    givenName: row.givenName,
    familyName: row.familyName,
    email: row.email,
    emailVerified: row.emailVerified,
    picture: row.picture,
  }
}

export function createUserService(repo: UserRepository) {
  return {
    /**
     * The signed-in user for the browser's start-up. `idTokenClaims` are the claims of an already
     * verified ID token with the caller's subject; without them the stored profile is used, or one
     * is started from the access token's claims.
     */
    async bootstrap(auth: AuthContext, idTokenClaims?: JWTPayload): Promise<BootstrapCaller> {
      let row: UserRow | null
      // The brewery's version comes with the stored row, read after the request began (ADR 421).
      const found = await repo.findWithDataVersion(auth.sub)
      const stored = found?.row ?? null
      if (idTokenClaims) {
        const profile = profileFromIdToken(idTokenClaims)
        // An ID token minted before the address was verified must not undo the verification.
        if (stored?.emailVerified && (profile.email === undefined || profile.email === stored.email)) {
          profile.emailVerified = true
        }
        // The same profile as stored: no write (bootstrap runs on every start of the app).
        const unchanged =
          stored !== null &&
          Object.entries(profile).every(
            ([key, value]) => value === undefined || stored[key as keyof UserProfile] === value,
          )
        row = unchanged ? stored : await repo.upsertProfile(auth.sub, profile)
      } else {
        row =
          stored ??
          (await repo.upsertProfile(auth.sub, {
            email: auth.email,
            emailVerified: auth.emailVerified,
          }))
      }
      const role = RoleSchema.safeParse(row.role)
      // The version belongs to the brewery of the stored row (a profile's upsert never changes the brewery).
      const dataVersion =
        found && found.dataVersion !== null && found.row.entityId === row.entityId
          ? found.dataVersion
          : undefined
      return {
        user: toBootstrapUser(row),
        membership:
          row.entityId && role.success
            ? {
                entityId: row.entityId,
                role: role.data,
                ...(dataVersion === undefined ? {} : { dataVersion }),
              }
            : null,
      }
    },

    /**
     * The provider confirmed that the account owns `email`. The profile is created when the account has
     * not called bootstrap yet, so an invitation to that address can be accepted with the tokens the
     * person already holds (they were issued before the confirmation).
     */
    async markEmailVerified(idpIdentifier: string, email: string) {
      await repo.upsertProfile(idpIdentifier, { email, emailVerified: true })
    },
  }
}

export type UserService = ReturnType<typeof createUserService>
