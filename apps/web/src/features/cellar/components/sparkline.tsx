/**
 * A tank card's gravity trend as one SVG polyline (ADR 390): the board draws up to 40 of them, and a chart
 * library for a line without axes would be most of the board's JavaScript.
 */
export function Sparkline({
  values,
  width = 220,
  height = 36,
  stroke = '#b45309',
}: {
  values: number[]
  width?: number
  height?: number
  stroke?: string
}) {
  if (values.length < 2) return null
  const low = Math.min(...values)
  const span = Math.max(...values) - low || 1
  const pad = 2
  const points = values
    .map((value, index) => {
      const x = pad + (index / (values.length - 1)) * (width - 2 * pad)
      const y = pad + (1 - (value - low) / span) * (height - 2 * pad)
      return `${x.toFixed(1)},${y.toFixed(1)}`
    })
    .join(' ')
  return (
    <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="presentation">
      <polyline points={points} fill="none" stroke={stroke} strokeWidth={1.5} strokeLinejoin="round" />
    </svg>
  )
}
