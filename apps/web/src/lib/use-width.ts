import { useEffect, useRef, useState } from 'react'

/**
 * The width of the element behind `ref`, followed as it resizes (`fallback` where there is no ResizeObserver, or
 * before the first measure). The charts draw their SVG to it: the fermentation chart and Reporting's charts.
 */
export function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(fallback)
  useEffect(() => {
    const element = ref.current
    if (!element || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}
