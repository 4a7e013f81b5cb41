export type Message = { kind: 'success' | 'error'; text: string; detail?: string }

/** The success or error message under the invite form (it clears after MESSAGE_DURATION_MS). */
export function MessageArea({ message }: { message: Message | null }) {
  // Both regions stay mounted, so screen readers announce a new message.
  return (
    <div className="min-h-6">
      <div role="status" aria-live="polite">
        {message?.kind === 'success' && (
          <p className="text-sm font-medium text-emerald-700">{message.text}</p>
        )}
      </div>
      <div role="alert">
        {message?.kind === 'error' && (
          <div className="text-sm text-destructive">
            <p className="font-medium">{message.text}</p>
            {message.detail && message.detail !== message.text && <p>{message.detail}</p>}
          </div>
        )}
      </div>
    </div>
  )
}
