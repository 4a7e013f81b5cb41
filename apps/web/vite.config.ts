/// <reference types="vitest/config" />
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

const api = `http://localhost:${process.env.PORT ?? '3000'}`

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
  plugins: [react(), tailwindcss(), pwa],
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
    setupFiles: ['src/test-setup.ts'],
  },
})
