/** A QR code as one SVG path: `size` modules square, each dark module a 1×1 square of `path`. */
export interface QrDrawing {
  size: number;
  path: string;
}

/**
 * Draws `text` (an otpauth:// URI) as a QR code path, so the page renders it as plain SVG (no
 * markup from a string, no canvas). The encoder is loaded on demand: only the set-up dialog needs it.
 */
export async function qrDrawing(text: string): Promise<QrDrawing> {
  const { create } = await import('qrcode');
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  let path = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) path += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { size: modules.size, path };
}
