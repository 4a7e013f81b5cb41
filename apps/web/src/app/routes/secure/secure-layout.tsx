import { applyWrite, type DataModifiedEvent } from '@brewcommand/domain'
import { useEffect, useRef, type ReactNode, type RefObject } from 'react'
import { Navigate, Outlet } from 'react-router'
import { applyRemoteChange } from '@/lib/socket/apply-remote-change.ts'
import { SocketProvider, useSocket } from '@/lib/socket/socket-provider.tsx'
import { toast } from 'sonner'
import { QueueProvider, useQueue } from '@/lib/queue/queue-provider.tsx'
import { QueueStatus } from '@/lib/queue/queue-status.tsx'
import type { QueuedRequest } from '@/lib/queue/request-queue.ts'
import { AppStateProvider, useAppState } from '@/lib/app-state/app-state.tsx'
import type { BootstrapEntity } from '@/lib/app-state/get-bootstrap.ts'
import { useAuth } from '@/lib/auth/auth-context.ts'
import { PaymentBanner } from '@/features/onboarding/payment-banner.tsx'
import { SecureShell } from '@/app/shell/secure-shell.tsx'
import { TeamSync } from '@/features/users/team-sync.tsx'
import { AlertsBell } from '@/features/cellar/components/alerts-bell.tsx'
import { changeToast } from './change-toast.ts'
import { RequireAuth } from './require-auth.tsx'

/**
 * Re-applies unsent writes (pending and failed, in order) on top of state that came from the server,
 * with the same pure applier that changed the page when each was made (packages/domain/src/writes/).
 */
const reapplyAll = (entity: BootstrapEntity, writes: QueuedRequest[]) =>
  writes.reduce<BootstrapEntity>(
    (state, request) => (request.write ? applyWrite(state, request.write) : state),
    entity,
  )

function Shell() {
  const { data, currentEntity, reload, applyLocal } = useAppState()
  const { signOut, getAccessToken, renewAccessToken, user } = useAuth()
  // The queue's unsent writes, read when a remote change arrives (the queue lives inside the socket).
  const pendingWrites = useRef<() => QueuedRequest[]>(() => [])
  // A signed-in user without a brewery finishes onboarding first (docs/architecture.md "Reads and bootstrap").
  if (!currentEntity) return <Navigate to="/plans" replace />

  const onDataModified = (event: DataModifiedEvent, isOwn: boolean) => {
    // One's own save is told by the header's save status; a production record by its own screen.
    const message = changeToast(event, isOwn)
    if (message === null) return
    toast.info(message)
    applyLocal((entity) => {
      const products = applyRemoteChange(entity.products, event)
      if (!products) {
        console.warn('Unable to merge update', event.payload.objectUri)
        return entity
      }
      // Local edits not sent yet are re-applied on top, so a remote change never overwrites them.
      return reapplyAll({ ...entity, products }, pendingWrites.current())
    })
  }

  return (
    <SocketProvider
      entityId={currentEntity.entityId}
      token={user?.access_token}
      getToken={getAccessToken}
      onDataModified={onDataModified}
      // Changes made while no socket was open (expired token, network) are not replayed: reload.
      onReconnect={() =>
        void reload().then(() => applyLocal((entity) => reapplyAll(entity, pendingWrites.current())))
      }
    >
      <QueuedArea
        subject={user?.profile.sub ?? ''}
        pendingWrites={pendingWrites}
        getAccessToken={getAccessToken}
        renewAccessToken={renewAccessToken}
        // Writes a closed tab or a crash left behind show at once on top of the server's state.
        onRestored={(writes) => applyLocal((entity) => reapplyAll(entity, writes))}
        // A refused write is undone: server state again, with the writes still to be sent on top.
        onRefused={() =>
          void reload().then(() => applyLocal((entity) => reapplyAll(entity, pendingWrites.current())))
        }
        shell={(children) => (
          <SecureShell
            user={data.user}
            onSignOut={() => void signOut()}
            status={
              <>
                <AlertsBell />
                <QueueStatus />
              </>
            }
          >
            <PaymentBanner subscription={currentEntity.subscription} />
            {children}
          </SecureShell>
        )}
      />
    </SocketProvider>
  )
}

function QueuedArea({
  subject,
  pendingWrites,
  getAccessToken,
  renewAccessToken,
  onRestored,
  onRefused,
  shell,
}: {
  subject: string
  pendingWrites: RefObject<() => QueuedRequest[]>
  getAccessToken: () => Promise<string>
  renewAccessToken: (() => Promise<string>) | undefined
  onRestored: (writes: QueuedRequest[]) => void
  onRefused: () => void
  shell: (children: ReactNode) => ReactNode
}) {
  const { getSocketId } = useSocket()
  return (
    <QueueProvider
      subject={subject}
      getAccessToken={getAccessToken}
      renewAccessToken={renewAccessToken}
      getSocketId={getSocketId}
      // A refusal is told in the server's words and undone; it is not kept for a retry that cannot succeed
      // (docs/decisions/255-refusals-undone-and-told-not-queued.md).
      onRefused={(request) => {
        toast.error(request.error ?? 'The server refused this change.')
        onRefused()
      }}
      onRestored={onRestored}
    >
      <PendingWritesBridge target={pendingWrites} />
      <TeamSync />
      {shell(<Outlet />)}
    </QueueProvider>
  )
}

/** Lets the socket handler read the queue's unsent writes (a refused one is no longer applied). */
function PendingWritesBridge({ target }: { target: RefObject<() => QueuedRequest[]> }) {
  const { snapshot } = useQueue()
  useEffect(() => {
    target.current = () => snapshot.pending
  }, [snapshot, target])
  return null
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
