import type { Role, User } from '@brewcommand/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useAppState } from '@/lib/app-state/app-state.tsx'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { useSocket } from '@/lib/socket/socket-provider.tsx'
import {
  changeUserRole,
  getUsers,
  inviteUser,
  removeUser,
  resendInvitation,
  teamQueryKey,
} from '../api/team-api.ts'
import { USERS_TEXTS } from '../messages.ts'
import type { Message } from './message-area.tsx'
import { displayName, errorText, orderTeam } from './team.ts'

/** Spec 01 §9: invite and error messages display for 5000 ms. */
export const MESSAGE_DURATION_MS = 5000

/**
 * The brewery's team and what an Admin does with it (invite, change a role, remove, resend), each through
 * the API, with the message that says how it went (cleared after MESSAGE_DURATION_MS).
 */
export function useTeam() {
  const { currentEntity, data } = useAppState()
  const { getAccessToken } = useAuth()
  const { getSocketId } = useSocket()
  const queryClient = useQueryClient()
  const entityId = currentEntity?.entityId ?? ''
  const key = teamQueryKey(entityId)
  const options = async () => ({ token: await getAccessToken(), socketId: getSocketId() })

  const team = useQuery({
    queryKey: key,
    queryFn: async () => orderTeam(await getUsers(entityId, await options())),
    enabled: entityId !== '',
    retry: false,
  })

  const [message, setMessage] = useState<Message | null>(null)
  useEffect(() => {
    if (!message) return
    const timer = setTimeout(() => setMessage(null), MESSAGE_DURATION_MS)
    return () => clearTimeout(timer)
  }, [message])

  const setUsers = (change: (users: User[]) => User[]) =>
    queryClient.setQueryData<User[]>(key, (users) => orderTeam(change(users ?? [])))

  const [editing, setEditing] = useState<{ id: string; role: Role } | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)

  /** Runs one row's call, with the row busy meanwhile; a failure shows its message. */
  async function onRow(user: User, run: () => Promise<void>, refetchOnError: boolean) {
    setBusyId(user.id)
    try {
      await run()
    } catch (error) {
      setMessage({ kind: 'error', text: errorText(error) })
      if (refetchOnError) void team.refetch()
    } finally {
      setBusyId(null)
    }
  }

  const saveRole = (user: User, role: Role) =>
    onRow(
      user,
      async () => {
        const saved = await changeUserRole(entityId, user, role, await options())
        setUsers((users) => users.map((u) => (u.id === saved.id ? saved : u)))
        setEditing(null)
        setMessage({ kind: 'success', text: USERS_TEXTS.roleChanged(displayName(saved), saved.role) })
        // One's own new role changes what the app shows.
        if (saved.id === data.user.id) void queryClient.invalidateQueries({ queryKey: ['bootstrap'] })
      },
      true,
    )

  const remove = (user: User) =>
    onRow(
      user,
      async () => {
        await removeUser(entityId, user, await options())
        setUsers((users) => users.filter((u) => u.id !== user.id))
        setMessage({
          kind: 'success',
          text:
            user.status === 'Invited'
              ? USERS_TEXTS.withdrawn(user.email)
              : USERS_TEXTS.removed(displayName(user)),
        })
      },
      true,
    )

  const resend = (user: User) =>
    onRow(
      user,
      async () => {
        const saved = await resendInvitation(entityId, user.id, await options())
        setUsers((users) => users.map((u) => (u.id === saved.id ? saved : u)))
        setMessage({ kind: 'success', text: USERS_TEXTS.resent(saved.email, saved.role) })
      },
      false,
    )

  const invite = async (invitation: { email: string; role: Role }) => {
    const user = await inviteUser(entityId, invitation, await options())
    setUsers((users) => [...users.filter((u) => u.id !== user.id), user])
    return user
  }

  return {
    team,
    selfId: data.user.id,
    message,
    setMessage,
    editing,
    setEditing,
    busyId,
    saveRole,
    remove,
    resend,
    invite,
  }
}
