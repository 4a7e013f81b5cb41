import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button.tsx'

// Reads QR codes from the phone's camera (docs/decisions/290-kegs.md): the browser's BarcodeDetector where it
// exists (Chrome on Android), otherwise jsQR on frames drawn to a canvas (Safari, Firefox). A code is read once
// while it stays in view: it is read again only after it has been out of sight for a few seconds, so a keg held
// in front of the camera is scanned once however long it is held there.

type Detector = { detect: (source: CanvasImageSource) => Promise<{ rawValue: string }[]> }
type DetectorClass = new (options: { formats: string[] }) => Detector

const REPEAT_MS = 3000

function nativeDetector(): Detector | null {
  const Native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (!Native) return null
  try {
    return new Native({ formats: ['qr_code'] })
  } catch {
    return null
  }
}

export function CameraReader({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [on, setOn] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const handler = useRef(onCode)
  useEffect(() => {
    handler.current = onCode
  })

  useEffect(() => {
    if (!on) return
    let stopped = false
    let stream: MediaStream | null = null
    let frame = 0
    const last = { code: '', seenAt: 0 }
    const canvas = document.createElement('canvas')
    const context = canvas.getContext('2d', { willReadFrequently: true })
    const detector = nativeDetector()
    let decode: ((data: Uint8ClampedArray, width: number, height: number) => { data: string } | null) | null =
      null

    const seen = (code: string) => {
      const now = Date.now()
      const again = code === last.code && now - last.seenAt < REPEAT_MS
      last.code = code
      last.seenAt = now
      if (!again) handler.current(code)
    }
    const tick = async () => {
      if (stopped) return
      const element = video.current
      if (element && element.readyState >= 2 && element.videoWidth > 0) {
        try {
          if (detector) {
            const [found] = await detector.detect(element)
            if (found?.rawValue) seen(found.rawValue.trim())
          } else if (context) {
            decode ??= (await import('jsqr')).default
            canvas.width = element.videoWidth
            canvas.height = element.videoHeight
            context.drawImage(element, 0, 0)
            const image = context.getImageData(0, 0, canvas.width, canvas.height)
            const found = decode(image.data, image.width, image.height)
            if (found?.data) seen(found.data.trim())
          }
        } catch {
          // A frame that could not be read: the next one will be.
        }
      }
      if (!stopped) frame = window.setTimeout(() => void tick(), 200)
    }
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        })
        if (stopped) return stream.getTracks().forEach((track) => track.stop())
        if (video.current) {
          video.current.srcObject = stream
          await video.current.play().catch(() => undefined)
        }
        void tick()
      } catch {
        setProblem('The camera could not be opened. Allow the camera, or type the keg number.')
        setOn(false)
      }
    })()
    return () => {
      stopped = true
      window.clearTimeout(frame)
      stream?.getTracks().forEach((track) => track.stop())
    }
  }, [on])

  const supported = typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia
  if (!supported) return null
  return (
    <div className="grid gap-2">
      <Button
        type="button"
        variant="outline"
        className="min-h-14 text-base"
        aria-pressed={on}
        onClick={() => (setProblem(null), setOn((current) => !current))}
      >
        {on ? 'Stop camera' : 'Use camera'}
      </Button>
      {problem && <p role="alert">{problem}</p>}
      {on && (
        <video
          ref={video}
          className="aspect-video w-full rounded-xl bg-black object-cover"
          muted
          playsInline
          aria-label="Camera: hold the keg's QR code in view"
        />
      )}
    </div>
  )
}
