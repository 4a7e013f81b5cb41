import {
  cloneElement,
  Suspense,
  useState,
  type ComponentProps,
  type ReactElement,
  type ReactNode,
} from 'react'
import { toast } from 'sonner'

// What a page does not show until someone asks for it (a menu, a popover, a dialog) is fetched on first
// use, so the app's first page loads only what it shows (docs/decisions/173-first-page-loads-what-it-shows.md).

const loaded = new Map<() => Promise<unknown>, unknown>()

export const LOAD_FAILED = 'This part of the app could not be loaded. Check your connection and try again.'

/** Starts (or joins) the fetch of a popup's module; keeps the module for every later use. */
function fetchModule<M>(load: () => Promise<M>): Promise<M> {
  return load().then((module) => {
    loaded.set(load, module)
    return module
  })
}

/**
 * A button whose popup (a Radix menu or popover, with its trigger) is fetched the first time it is
 * pressed, and already on hover or focus. Until then the button is `trigger` as it is, announced as
 * opening a `haspopup`; once fetched, `popup(module, openOnMount)` renders the real one, open when it
 * was fetched by a press. Every later instance renders the real one at once.
 * `load` must be one function for the whole app (a module-level `() => import(…)`).
 */
export function DeferredPopup<M>({
  load,
  trigger,
  popup,
  haspopup,
}: {
  load: () => Promise<M>
  trigger: ReactElement<ComponentProps<'button'>>
  popup: (module: M, openOnMount: boolean) => ReactNode
  haspopup: 'menu' | 'dialog'
}) {
  const [state, setState] = useState<{ module: M; open: boolean } | null>(() =>
    loaded.has(load) ? { module: loaded.get(load) as M, open: false } : null,
  )
  if (state) return popup(state.module, state.open)
  const preload = () => void fetchModule(load).catch(() => undefined)
  const { onClick, onPointerEnter, onFocus } = trigger.props
  return cloneElement(trigger, {
    'aria-haspopup': haspopup,
    'aria-expanded': false,
    onPointerEnter: (event) => {
      onPointerEnter?.(event)
      preload()
    },
    onFocus: (event) => {
      onFocus?.(event)
      preload()
    },
    onClick: (event) => {
      onClick?.(event)
      fetchModule(load).then(
        (module) => setState({ module, open: true }),
        () => toast.error(LOAD_FAILED),
      )
    },
  })
}

/**
 * Renders `children` (a lazily loaded dialog, say) from the first time `open` is true on, so a dialog
 * nobody opened is never fetched, and one that was opened keeps its closing animation.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [shown, setShown] = useState(open)
  if (open && !shown) setShown(true)
  return shown ? <Suspense fallback={null}>{children}</Suspense> : null
}
