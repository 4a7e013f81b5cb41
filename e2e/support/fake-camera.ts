import { writeFileSync } from 'node:fs'
import QRCode from 'qrcode'

// A fake camera for Chromium (`--use-file-for-fake-video-capture`): a Y4M file, written at test time, whose frames
// show a QR code on white. Y4M is a one-line text header and then, per frame, "FRAME\n" and the raw I420 planes:
// Y (width × height bytes), then U and V (each width/2 × height/2). Chromium loops the file for as long as the
// camera is open.

/** Chromium's switches for a camera that reads `file` and a permission prompt that always allows. */
export const fakeCameraArgs = (file: string) => [
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${file}`,
]

/**
 * Writes a Y4M video (`width` × `height`, `frames` frames at 10 fps) of the QR code holding `text`, centred, each
 * module `scale` pixels, with its four-module quiet zone. Full-range luma (C420jpeg): black 0, white 255.
 */
export function writeQrY4m(
  file: string,
  text: string,
  { width = 640, height = 480, frames = 10, scale = 8 } = {},
): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  const side = modules.size * scale
  if (side + 8 * scale > Math.min(width, height)) throw new RangeError('The QR code does not fit the frame')
  const left = Math.floor((width - side) / 2)
  const top = Math.floor((height - side) / 2)
  const luma = Buffer.alloc(width * height, 255)
  for (let row = 0; row < modules.size; row++)
    for (let column = 0; column < modules.size; column++) {
      if (!modules.get(row, column)) continue
      for (let y = 0; y < scale; y++)
        luma.fill(
          0,
          (top + row * scale + y) * width + left + column * scale,
          (top + row * scale + y) * width + left + (column + 1) * scale,
        )
    }
  // Grey chroma: no colour at all.
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma])
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]))
}
