import {
  ApiErrorSchema,
  InvitationAcceptedSchema,
  InvitationSummarySchema,
  makeEnvelope,
  UserSchema,
  type Invite,
  type Role,
  type User,
} from '@brewcommand/domain'
import { z } from 'zod'
import { ApiError } from '@/lib/api-client.ts'

type Options = { token?: string; socketId?: string; idToken?: string | undefined }

/** One call of the team API: unwraps `{ data }` and turns failures into ApiError (as lib/api-client). */
async function call<S extends z.ZodType>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  body: unknown,
  { token, socketId, idToken }: Options,
): Promise<z.output<S>> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(socketId ? { 'x-socket-id': socketId } : {}),
        ...(idToken ? { 'x-id-token': idToken } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, { code: 'INTERNAL', message: 'Could not reach the server. Check your connection.' })
  }
  if (!response.ok) {
    const parsed = ApiErrorSchema.safeParse(await response.json().catch(() => null))
    throw new ApiError(
      response.status,
      parsed.success
        ? parsed.data.error
        : { code: 'INTERNAL', message: `HTTP error! status: ${response.status}` },
    )
  }
  if (response.status === 204) return schema.parse(undefined)
  return schema.parse(((await response.json()) as { data?: unknown }).data)
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
