// The brew-day alarm (docs/decisions/196-brew-day-alarms.md): a beep made with Web Audio (no audio file), a
// vibration where the device has one, and a system notification once permission was given from a button —
// repeated until a person acknowledges the step, which is a write every device hears.

let context: AudioContext | null = null

/** Browsers start audio only after a gesture: every brew-day button calls this, so the alarm can sound later. */
export function unlockAudio(): void {
  const Context =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  if (!Context) return
  try {
    context ??= new Context()
    if (context.state === 'suspended') void context.resume()
  } catch {
    context = null
  }
}

/** Two short beeps at 880 Hz; silent when the browser has no Web Audio or it is not unlocked yet. */
export function beep(): void {
  if (!context || context.state !== 'running') return
  const start = context.currentTime
  for (const offset of [0, 0.3]) {
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = 'square'
    oscillator.frequency.value = 880
    gain.gain.setValueAtTime(0.0001, start + offset)
    gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02)
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.2)
    oscillator.connect(gain).connect(context.destination)
    oscillator.start(start + offset)
    oscillator.stop(start + offset + 0.22)
  }
}

/** A vibration pattern, where the device can (phones; never desktops). */
export function vibrate(): void {
  if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function')
    navigator.vibrate([300, 150, 300])
}

export type NotificationState = 'unsupported' | NotificationPermission

export function notificationState(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission
}

/** Asks for permission to notify; called from a button, never on load. */
export async function askToNotify(): Promise<NotificationState> {
  if (typeof Notification === 'undefined') return 'unsupported'
  try {
    return await Notification.requestPermission()
  } catch {
    return Notification.permission
  }
}

/** A system notification for a step (one per step: the tag replaces an earlier one). */
export function notify(title: string, body: string, tag: string): void {
  if (notificationState() !== 'granted') return
  try {
    new Notification(title, { body, tag, requireInteraction: true })
  } catch {
    // Some browsers only notify through a service worker registration.
    void navigator.serviceWorker?.ready.then((registration) =>
      registration.showNotification(title, { body, tag, requireInteraction: true }),
    )
  }
}
