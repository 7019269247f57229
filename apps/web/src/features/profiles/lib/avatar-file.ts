import { avatarContentTypes, profileLimits, type AvatarContentType } from '@nuvem/contracts/profiles';

/** What the file input accepts (the browser's picker filter; the check below still runs). */
export const avatarAccept = avatarContentTypes.join(',');

/** The largest avatar in MiB, as the hint and the error say it. */
export const avatarMaxMiB = profileLimits.avatarBytes / (1024 * 1024);

export function isAvatarContentType(type: string): type is AvatarContentType {
  return (avatarContentTypes as readonly string[]).includes(type);
}

export type AvatarFileProblem = 'wrongType' | 'tooLarge' | 'empty';

/**
 * The client's check of a chosen avatar before uploading it, by the server's own rules (the
 * contract's types and size). Null when the file may be sent.
 */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): AvatarFileProblem | null {
  if (!isAvatarContentType(file.type)) return 'wrongType';
  if (file.size > profileLimits.avatarBytes) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}
