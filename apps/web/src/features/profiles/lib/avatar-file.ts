import { avatarContentTypes, profileLimits, profileMessages, type AvatarContentType } from '@nuvem/contracts/profiles';

/** What the file input accepts (the browser's picker filter; the check below still runs). */
export const avatarAccept = avatarContentTypes.join(',');

export function isAvatarContentType(type: string): type is AvatarContentType {
  return (avatarContentTypes as readonly string[]).includes(type);
}

/**
 * The client's check of a chosen avatar before uploading it: the server's own messages, so the
 * user reads the same words whichever side refuses. Null when the file may be sent.
 */
export function avatarFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!isAvatarContentType(file.type)) return profileMessages.avatarType;
  if (file.size > profileLimits.avatarBytes) return profileMessages.avatarTooLarge;
  if (file.size === 0) return 'The chosen file is empty';
  return null;
}
