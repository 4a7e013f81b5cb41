import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../errors.ts'

function isApiPath(url: string) {
  return /^\/(api|idp|socket\.io|uploads)(\/|\?|$)/.test(url)
}

/**
 * Serves the built SPA: hashed assets cached for a year, `index.html`, `sw.js` and the manifest revalidated,
 * and every other GET
 * that wants HTML answered with `index.html` so client-side routes survive a reload. API paths keep
 * their JSON 404. `*.map` files are a 404 unless `sourceMaps` (NODE_ENV=development).
 */
async function staticWeb(
  app: FastifyInstance,
  { root, sourceMaps = false }: { root: string; sourceMaps?: boolean },
) {
  const indexHtml = path.join(root, 'index.html')
  const hasBuild = existsSync(indexHtml)
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      // Source maps (the build writes them) are served only in development: they would hand out the code.
      allowedPath: (pathName) => sourceMaps || !pathName.toLowerCase().endsWith('.map'),
      // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): sent as they
      // are per Accept-Encoding, with `Vary: Accept-Encoding`.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        // The web app manifest and the service worker (docs/decisions/180-installable-app-service-worker.md):
        // named types, and `sw.js` is revalidated on every update check so a new build's worker is found.
        const name = path.basename(filePath)
        if (name === 'manifest.webmanifest')
          res.header('content-type', 'application/manifest+json; charset=utf-8')
        if (name === 'sw.js') res.header('content-type', 'text/javascript; charset=utf-8')
      },
    })
    app.get('/', (_request, reply) => reply.sendFile('index.html'))
  }

  app.setNotFoundHandler((request, reply) => {
    const accept = request.headers.accept ?? ''
    if (request.method === 'GET' && !isApiPath(request.url) && accept.includes('text/html')) {
      if (!hasBuild) throw new AppError('NOT_FOUND', 'The web app is not built yet: run npm run build.')
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    throw new AppError('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`)
  })
}

export default fp(staticWeb, { name: 'static-web', fastify: '5.x', dependencies: ['error-handler'] })
