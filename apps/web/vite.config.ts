/// <reference types="vitest/config" />
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), precompress()],
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
    include: ['src/**/*.test.{ts,tsx}'],
    globals: true,
    setupFiles: ['src/testing/setup.ts'],
  },
})
