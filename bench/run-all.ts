// Runs every benchmark script in this folder and prints one table of their last figures.
import { spawnSync } from 'node:child_process'
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'

const here = import.meta.dirname
const scripts = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .sort()

// `--table` prints the last figures without running anything.
const scriptsToRun = process.argv.includes('--table') ? [] : scripts
const failures: string[] = []
for (const script of scriptsToRun) {
  console.log(`\n▶ ${script}`)
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, script)], { stdio: 'inherit' })
  if (run.status !== 0) failures.push(script)
}

type Result = { name: string; target?: string; [figure: string]: unknown }
const rows: Result[] = readdirSync(path.join(here, 'results'))
  .filter((name) => name.endsWith('.json') && !name.endsWith('.tmp.json'))
  .flatMap((name) => {
    const parsed = JSON.parse(readFileSync(path.join(here, 'results', name), 'utf8')) as Result | Result[]
    return Array.isArray(parsed) ? parsed : [parsed]
  })

console.log('\n| benchmark | figures | target |\n|---|---|---|')
for (const { name, target, ...figures } of rows) {
  const shown = Object.entries(figures)
    // `files` (every script a page loaded) stays in results/frontend.json: too long for a table.
    .filter(([key]) => key !== 'measuredAt' && key !== 'machine' && key !== 'files')
    .map(([key, value]) => `${key} ${String(value)}`)
    .join(', ')
  console.log(`| ${name} | ${shown} | ${target ?? ''} |`)
}
if (failures.length > 0) {
  console.error(`\nFailed: ${failures.join(', ')}`)
  process.exit(1)
}
