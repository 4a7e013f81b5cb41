import {
  InvitationAcceptedSchema,
  InvitationSummarySchema,
  makeEnvelope,
  UserSchema,
  type Invite,
  type Role,
  type User,
} from '@brewcommand/domain'
import { z } from 'zod'
import { request } from '@/lib/api-client.ts'

type Options = { token?: string; socketId?: string; idToken?: string | undefined }

/** One call of the team API through the shared client, with the team's extra headers. */
function call<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  body: unknown,
  { token, socketId, idToken }: Options,
): Promise<z.output<S>> {
  return request(method, path, schema, body, {
    ...(token ? { token } : {}),
    headers: {
      ...(socketId ? { 'x-socket-id': socketId } : {}),
      ...(idToken ? { 'x-id-token': idToken } : {}),
    },
  })
}

const usersPath = (entityId: string) => `/api/entities/${encodeURIComponent(entityId)}/users`
const userPath = (entityId: string, userId: string) => `${usersPath(entityId)}/${encodeURIComponent(userId)}`

export const teamQueryKey = (entityId: string) => ['team', entityId] as const

export const getUsers = (entityId: string, options: Options) =>
  call('GET', usersPath(entityId), z.array(UserSchema), undefined, options)

export const inviteUser = (entityId: string, invite: Invite, options: Options) =>
  call(
    'POST',
    usersPath(entityId),
    UserSchema,
    makeEnvelope('entities:user-invite', invite, { objectUri: `brewcommand://entities/${entityId}/users` }),
    options,
  )

export const changeUserRole = (
  entityId: string,
  user: Pick<User, 'id' | 'rev'>,
  role: Role,
  options: Options,
) =>
  call(
    'PUT',
    userPath(entityId, user.id),
    UserSchema,
    makeEnvelope(
      'entities:user',
      { role, rev: user.rev },
      { objectUri: `brewcommand://entities/${entityId}/users/${user.id}` },
    ),
    options,
  )

/** Removes a member, or revokes a pending invitation (its row). */
export const removeUser = (entityId: string, user: Pick<User, 'id' | 'rev'>, options: Options) =>
  call('DELETE', `${userPath(entityId, user.id)}?rev=${user.rev}`, z.undefined(), undefined, options)

export const resendInvitation = (entityId: string, userId: string, options: Options) =>
  call('POST', `${userPath(entityId, userId)}/invitation/resend`, UserSchema, undefined, options)

export const getInvitation = (token: string) =>
  call('GET', `/api/invitations/${encodeURIComponent(token)}`, InvitationSummarySchema, undefined, {})

export const acceptInvitation = (token: string, options: Options) =>
  call(
    'POST',
    `/api/invitations/${encodeURIComponent(token)}/accept`,
    InvitationAcceptedSchema,
    undefined,
    options,
  )
