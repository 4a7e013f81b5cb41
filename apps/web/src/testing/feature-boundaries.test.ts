import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../../../..')
// The rule exactly as eslint.config.js uses it (a plain JS file at the repository root).
const { featureBoundaries } = (await import(
  /* @vite-ignore */ pathToFileURL(path.join(root, 'eslint.boundaries.js')).href
)) as { featureBoundaries: Linter.Config }
const linter = new Linter({ cwd: root })
const config = [
  { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
  featureBoundaries,
] as Linter.Config[]

/** The boundary messages ESLint gives for `code` in the web app's file `file`. */
const lint = (file: string, code: string) =>
  linter
    .verify(code, config, { filename: path.join(root, 'apps/web/src', file) })
    .map((m) => m.ruleId ?? m.message)

describe('the feature boundary rule of eslint.config.js', () => {
  it('fires when a feature imports another feature, by alias or by relative path', () => {
    expect(lint('features/products/x.tsx', "import { A } from '@/features/recipes/a.tsx'")).toEqual([
      'boundaries/feature-imports',
    ])
    expect(lint('features/products/components/x.tsx', "import { A } from '../../recipes/a.tsx'")).toEqual([
      'boundaries/feature-imports',
    ])
    expect(lint('features/products/x.tsx', "export { A } from '../media/a.tsx'")).toEqual([
      'boundaries/feature-imports',
    ])
    expect(lint('features/products/x.tsx', "const m = import('@/features/media/a.tsx')")).toEqual([
      'boundaries/feature-imports',
    ])
  })

  it('fires when shared code imports a feature, or anything but app/ imports app/', () => {
    expect(lint('lib/x.ts', "import { A } from '@/features/recipes/a.tsx'")).toEqual([
      'boundaries/feature-imports',
    ])
    expect(lint('components/x.tsx', "import { A } from '../features/users/a.tsx'")).toEqual([
      'boundaries/feature-imports',
    ])
    expect(lint('features/users/x.tsx', "import { A } from '@/app/router.tsx'")).toEqual([
      'boundaries/feature-imports',
    ])
  })

  it('lets a feature import itself, shared code and packages, and pages compose features', () => {
    const allowed = [
      "import { A } from '@/features/products/api/a.ts'",
      "import { A } from '../api/a.ts'",
      "import { A } from '@/components/ui/button.tsx'",
      "import { A } from '@/lib/app-state/app-state.tsx'",
      "import { A } from '@brewcommand/domain'",
    ].join('\n')
    expect(lint('features/products/components/x.tsx', allowed)).toEqual([])
    expect(
      lint(
        'app/routes/secure/x.tsx',
        "import { A } from '@/features/products/a.tsx'\nimport { B } from '@/features/recipes/b.tsx'",
      ),
    ).toEqual([])
  })
})
