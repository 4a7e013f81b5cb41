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

/** The brewery as bootstrap answers it (DESIGN.md "Bootstrap"); the current entity is the first. */
export type BootstrapEntity = {
  entityId: string
  name: string
  type: string
  role: Role
  subscription: { plan: string | null; status: string }
  packagingTypes: { packageTypeId: string; packageType: string }[]
  products: unknown[]
} & Record<string, unknown>

export interface Bootstrap {
  user: BootstrapUser
  /** The user's brewery, or none before onboarding (one brewery per user, spec 01 §1). */
  entities: BootstrapEntity[]
}

/** Loads the user's brewery for bootstrap, or null when it is gone. */
export type EntityLoader = (entityId: string, role: Role) => Promise<BootstrapEntity | null>

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

export function createUserService(repo: UserRepository, loadEntity: EntityLoader) {
  return {
    /**
     * The signed-in user for the browser's start-up. `idTokenClaims` are the claims of an already
     * verified ID token with the caller's subject; without them the stored profile is used, or one
     * is started from the access token's claims.
     */
    async bootstrap(auth: AuthContext, idTokenClaims?: JWTPayload): Promise<Bootstrap> {
      let row: UserRow | null
      if (idTokenClaims) {
        const profile = profileFromIdToken(idTokenClaims)
        const stored = await repo.findByIdpIdentifier(auth.sub)
        // An ID token minted before the address was verified must not undo the verification.
        if (stored?.emailVerified && (profile.email === undefined || profile.email === stored.email)) {
          profile.emailVerified = true
        }
        row = await repo.upsertProfile(auth.sub, profile)
      } else {
        row = await repo.findByIdpIdentifier(auth.sub)
        row ??= await repo.upsertProfile(auth.sub, {
          email: auth.email,
          emailVerified: auth.emailVerified,
        })
      }
      const role = RoleSchema.safeParse(row.role)
      const entity = row.entityId && role.success ? await loadEntity(row.entityId, role.data) : null
      return { user: toBootstrapUser(row), entities: entity ? [entity] : [] }
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
