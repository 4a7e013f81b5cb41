/**
 * Registers the service worker that vite-plugin-pwa builds (`/sw.js`: the precached app shell, see
 * docs/decisions/180-installable-app-service-worker.md), once the page has loaded. Production builds only: Vite's
 * dev server and Vitest have no worker to register.
 */
export function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
  isProduction = import.meta.env.PROD,
) {
  if (!isProduction || !container) return
  const register = () => {
    container.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it (it just cannot start offline).
      console.warn('The service worker could not be registered', error)
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
