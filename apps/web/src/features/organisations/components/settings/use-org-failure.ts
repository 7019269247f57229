import { useTranslation } from 'react-i18next';
import { orgFailureKey } from './org-failure';

/**
 * A failed change in words: the refusals a user can act on (the last owner, every seat taken…) in
 * the language in use; anything else in the server's own words (or 'could not be reached').
 */
export function useOrgFailure(seats?: number) {
  const { t } = useTranslation('orgSettings');
  const { t: tCommon } = useTranslation();
  return (error: unknown): string => {
    const key = orgFailureKey(error);
    if (key === 'seatsFull') return seats ? t('errors.seatsFull', { seats }) : t('errors.seatsFullShort');
    if (key) return t(`errors.${key}`);
    return error instanceof Error && error.message ? error.message : tCommon('errors.unexpected');
  };
}
