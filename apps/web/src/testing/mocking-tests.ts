/**
 * The test files that replace modules with `vi.mock`: they run in Vitest's `isolated` project, each with a fresh
 * module graph; the others share a worker's (ADR 403). `mocking-tests.test.ts` holds this list equal to the files.
 */
export const MOCKING_TESTS = [
  'src/components/deferred.test.tsx',
  'src/features/reporting/components/reporting-page.test.tsx',
  'src/features/media/components/media-upload-dialog.test.tsx',
  'src/features/media/components/media-drop-zone.test.tsx',
  'src/features/onboarding/embedded-checkout.test.tsx',
  'src/lib/socket/socket-provider.test.tsx',
]
