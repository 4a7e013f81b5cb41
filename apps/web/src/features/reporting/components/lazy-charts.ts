import { lazy } from 'react'

/** Reporting's charts, fetched with the first chart shown (report-charts.tsx). */
export const BarsChart = lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.BarsChart })))
export const LinesChart = lazy(() => import('./report-charts.tsx').then((m) => ({ default: m.LinesChart })))
