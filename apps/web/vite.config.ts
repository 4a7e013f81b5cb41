/// <reference types="vitest/config" />
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { MOCKING_TESTS } from './src/testing/mocking-tests.ts'

const api = `http://localhost:${process.env.PORT ?? '3000'}`

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/
/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy beside every text file of the build
 * above 1 KB; the server sends them as they are (`preCompressed` in apps/server/src/plugins/static-web.ts).
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'brewcommand-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f))
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file)
          const raw = await readFile(full)
          if (raw.length < 1024) return
          const br = await promisify(brotliCompress)(raw, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
          const gz = await promisify(gzip)(raw, { level: 9 })
          await writeFile(`${full}.br`, br)
          await writeFile(`${full}.gz`, gz)
        }),
      )
    },
  }
}

// The server's own paths: never answered with the app shell, never cached (authenticated or signed answers).
const serverPaths = /^\/(api|idp|socket\.io|uploads)(\/|$)/

// Installable and able to start offline (docs/decisions/180-installable-app-service-worker.md). The worker is
// registered by src/lib/register-service-worker.ts in production builds only.
const pwa = VitePWA({
  registerType: 'autoUpdate',
  injectRegister: false,
  manifest: {
    id: '/secure',
    name: 'BrewCommand',
    short_name: 'BrewCommand',
    description: 'Recipes, products, batches and brew days for craft breweries.',
    start_url: '/secure',
    scope: '/',
    display: 'standalone',
    // The Tailwind theme's --color-primary (oklch(0.52 0.14 55)) and --color-background (oklch(0.99 0.005 85))
    // in src/index.css, as hex; index.html's theme-color matches.
    theme_color: '#a34d00',
    background_color: '#fdfcf8',
    icons: [
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The app shell: index.html, every JS/CSS chunk, fonts and icons (source maps stay out).
    globPatterns: ['**/*.{html,js,css,woff2,svg,png,webmanifest}'],
    // The Stripe chunk loads only in Stripe mode; the built-in checkout's visitors never fetch it, even to cache.
    globIgnores: ['**/stripe-*'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [serverPaths],
    // No runtime caching: requests the precache does not hold (the API, the identity provider, the socket,
    // uploads) go to the network untouched.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
})

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), pwa, precompress()],
  resolve: { alias: { '@': path.join(import.meta.dirname, 'src') } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/idp': api,
      '/uploads': api,
      '/socket.io': { target: api, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['src/testing/setup.ts'],
    // Vitest leaves a core free by default: on CI's two cores that ran the files one at a time (172 s).
    maxWorkers: 2,
    projects: [
      // The files that replace modules (vi.mock) get a fresh module graph each.
      { extends: true, test: { name: 'isolated', include: MOCKING_TESTS, isolate: true } },
      // The rest share a worker's module graph and jsdom (ADR 403): cleanup() and setup.ts reset what a file
      // leaves behind.
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: MOCKING_TESTS, isolate: false },
      },
    ],
  },
})
