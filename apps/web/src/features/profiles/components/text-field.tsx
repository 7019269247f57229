import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

/** A field's hint: how many characters are used of the contract's limit ('12 of 120 characters'). */
export function CharacterCount({ used, max }: { used: number; max: number }) {
  const { t } = useTranslation('profiles');
  const f = useFormat();
  return <span className="tabular-nums">{t('field.counter', { used: f.count(used), max: f.count(max) })}</span>;
}

/** A failed save's message, announced; the form keeps what was typed. */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
      {message}
    </p>
  );
}
