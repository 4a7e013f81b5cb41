import { Toaster as Sonner } from 'sonner'

/**
 * Toasts bottom-right with the limits of docs/product/01-access.md §9: 4000 ms, at most 3 visible. Sonner's own defaults
 * already are the spec's width (356 px), gap (14 px), swipe threshold and Alt+T hotkey.
 */
export function Toaster() {
  return (
    <Sonner
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      gap={14}
      hotkey={['altKey', 'KeyT']}
      closeButton
      // A toast's action (Open batch, Undo) is a thumb's target on a phone, 44 px high.
      toastOptions={{ classNames: { actionButton: 'max-sm:min-h-11! max-sm:px-4!' } }}
    />
  )
}
