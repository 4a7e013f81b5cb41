import type { DataModifiedEvent } from '@brewcommand/domain'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Navigate, Outlet } from 'react-router'
import { applyRemoteChange } from '@/lib/socket/apply-remote-change.ts'
import { SocketProvider, useSocket } from '@/lib/socket/socket-provider.tsx'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button.tsx'
import { QueueProvider, useQueue } from '@/lib/queue/queue-provider.tsx'
import type { QueuedRequest } from '@/lib/queue/request-queue.ts'
import { AppStateProvider, useAppState } from '@/features/app-state/app-state.tsx'
import { useAuth } from '@/features/auth/auth-context.ts'
import { SecureShell } from '@/features/shell/secure-shell.tsx'
import { RequireAuth } from './require-auth.tsx'

function Shell() {
  const { data, currentEntity, reload, applyLocal } = useAppState()
  const { signOut, getAccessToken, user } = useAuth()
  // The queue's unsent writes, read when a remote change arrives (the queue lives inside the socket).
  const pendingWrites = useRef<() => QueuedRequest[]>(() => [])
  // A signed-in user without a brewery finishes onboarding first (DESIGN.md "Bootstrap").
  if (!currentEntity) return <Navigate to="/plans" replace />

  const onDataModified = (event: DataModifiedEvent, isOwn: boolean) => {
    if (isOwn) {
      toast.success('Changes successfully saved to the server.')
      return
    }
    toast.info('Synchronizing changes from another user.')
    applyLocal((entity) => {
      const products = applyRemoteChange(entity.products, event)
      if (!products) {
        console.warn('Unable to merge update', event.payload.objectUri)
        return entity
      }
      // Local edits not sent yet are re-applied on top, so a remote change never overwrites them.
      return pendingWrites
        .current()
        .reduce<typeof entity>(
          (state, request) => (request.reapply ? (request.reapply(state as never) as typeof entity) : state),
          { ...entity, products },
        )
    })
  }

  return (
    <SocketProvider
      entityId={currentEntity.entityId}
      token={user?.access_token}
      onDataModified={onDataModified}
    >
      <QueuedArea
        pendingWrites={pendingWrites}
        getAccessToken={getAccessToken}
        onDiscarded={() => void reload()}
        shell={(children) => (
          <SecureShell user={data.user} onSignOut={() => void signOut()}>
            {children}
          </SecureShell>
        )}
      />
    </SocketProvider>
  )
}

function QueuedArea({
  pendingWrites,
  getAccessToken,
  onDiscarded,
  shell,
}: {
  pendingWrites: RefObject<() => QueuedRequest[]>
  getAccessToken: () => Promise<string>
  onDiscarded: () => void
  shell: (children: ReactNode) => ReactNode
}) {
  const { getSocketId } = useSocket()
  return (
    <QueueProvider
      getAccessToken={getAccessToken}
      getSocketId={getSocketId}
      onFailed={(request) => toast.error(request.error ?? 'A change could not be saved.')}
    >
      {shell(
        <>
          <PendingWritesBridge target={pendingWrites} />
          <FailedWrites onDiscarded={onDiscarded} />
          <Outlet />
        </>,
      )}
    </QueueProvider>
  )
}

/** Lets the socket handler read the queue's unsent writes. */
function PendingWritesBridge({ target }: { target: RefObject<() => QueuedRequest[]> }) {
  const { snapshot } = useQueue()
  useEffect(() => {
    target.current = () => snapshot.pending
  }, [snapshot, target])
  return null
}

/** Writes the server refused: the person sees them and can Retry or Discard (which reloads server state). */
function FailedWrites({ onDiscarded }: { onDiscarded: () => void }) {
  const { snapshot, retry, discard } = useQueue()
  if (snapshot.failed.length === 0) return null
  return (
    <section
      role="alert"
      aria-label="Unsaved changes"
      className="mb-6 grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4"
    >
      <h2 className="font-semibold text-destructive">Some changes were not saved</h2>
      <ul className="grid gap-2">
        {snapshot.failed.map((request) => (
          <li key={request.requestId} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 flex-1 break-words">{request.error}</span>
            <Button size="sm" variant="outline" onClick={() => retry(request.requestId)}>
              Retry
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                discard(request.requestId)
                onDiscarded()
              }}
            >
              Discard
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}

function LoadedArea() {
  const { user, getTokens } = useAuth()
  // RequireAuth guarantees a user here.
  const subject = user?.profile.sub ?? ''
  return (
    <AppStateProvider
      subject={subject}
      accessToken={user?.access_token}
      getTokens={() => getTokens({ requireFreshIdToken: true })}
    >
      <Shell />
    </AppStateProvider>
  )
}

/** /secure/*: signed-in users only, with the bootstrap loaded and the shell around every page. */
export function SecureLayout() {
  return (
    <RequireAuth>
      <LoadedArea />
    </RequireAuth>
  )
}
