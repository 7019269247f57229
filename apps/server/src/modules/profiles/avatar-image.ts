import type { AvatarContentType } from '@nuvem/contracts/profiles';

const signatures: { type: AvatarContentType; matches: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    matches: (b) =>
      b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', matches: (b) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/webp',
    matches: (b) => b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  },
];

/** The image type its first bytes show (PNG, JPEG or WebP), or null for anything else. */
export function sniffImageType(bytes: Buffer): AvatarContentType | null {
  return signatures.find((s) => s.matches(bytes))?.type ?? null;
}
