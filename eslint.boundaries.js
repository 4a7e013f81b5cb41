// Feature boundaries of the web app (apps/web/src), enforced by `npm run lint`
// (docs/decisions/151-web-feature-boundaries.md):
// - a feature (src/features/<name>/) imports only itself, src/components/, src/lib/, src/testing/ (its
//   tests) and the domain: never another feature, never src/app/;
// - src/components/, src/lib/ and src/testing/ are shared by every feature: they import no feature and
//   nothing of src/app/;
// - pages and the shell in src/app/ compose features.
// Imports are resolved (`@/…` and relative paths alike), so `../../other-feature/x` is caught too.
import path from 'node:path'

const webSrc = path.join(import.meta.dirname, 'apps/web/src')
const SHARED = new Set(['components', 'lib', 'testing'])

/** Where an import lands, as [top folder, feature] under src/, or null when outside it (a package). */
function targetOf(file, source) {
  let target
  if (source.startsWith('@/')) target = source.slice(2)
  else if (source.startsWith('.')) target = path.relative(webSrc, path.resolve(path.dirname(file), source))
  else return null
  if (target.startsWith('..')) return null
  return target.split(/[\\/]/)
}

export const boundariesPlugin = {
  rules: {
    'feature-imports': {
      meta: {
        type: 'problem',
        schema: [],
        messages: {
          otherFeature:
            'Feature "{{feature}}" imports feature "{{target}}": a feature imports no other feature. Move what they share to src/components/ or src/lib/, or let a page in src/app/ compose the two.',
          sharedImportsFeature:
            'src/{{top}}/ is shared by every feature and imports none ("{{target}}"); a page in src/app/ composes them.',
          app: 'Only src/app/ imports src/app/; features, components and lib do not.',
        },
      },
      create(context) {
        const file = context.filename
        const [top, feature] = path.relative(webSrc, file).split(/[\\/]/)
        // src/app/ and the entry point (main.tsx) compose; only features and shared folders are bound.
        if (top !== 'features' && !SHARED.has(top)) return {}
        const check = (node, source) => {
          if (typeof source !== 'string') return
          const target = targetOf(file, source)
          if (!target) return
          const [targetTop, targetFeature] = target
          if (targetTop === 'app') context.report({ node, messageId: 'app' })
          if (targetTop !== 'features') return
          if (top === 'features' && targetFeature !== feature)
            context.report({ node, messageId: 'otherFeature', data: { feature, target: targetFeature } })
          if (SHARED.has(top))
            context.report({ node, messageId: 'sharedImportsFeature', data: { top, target: targetFeature } })
        }
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
        }
      },
    },
  },
}

/** The flat-config object that turns the rule on for the web app's sources. */
export const featureBoundaries = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  plugins: { boundaries: boundariesPlugin },
  rules: { 'boundaries/feature-imports': 'error' },
}
