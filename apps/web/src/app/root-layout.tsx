import { useEffect } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Toaster } from '@/components/ui/sonner.tsx'

/** Scrolls to the top on every route change (docs/product/01-access.md §2), unless the new address targets an anchor. */
function ScrollToTop() {
  const { pathname, hash } = useLocation()
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView()
    else window.scrollTo(0, 0)
  }, [pathname, hash])
  return null
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <Toaster />
    </>
  )
}
