import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from '@nuvem/contracts/auth';
import { Loader2Icon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import type { FieldMessages } from '@/lib/forms';
import { cn } from '@/lib/utils';
import { accountEmailFailure } from '../lib/account-email-errors';
import { PageTitle } from '@/components/layouts/page-title';

/** The words for a failed account-mail request, in the language in use. */
export function useFailureText(): (error: unknown) => string {
  const { t } = useTranslation('accountEmail');
  const format = useFormat();
  return (error) => {
    const failure = accountEmailFailure(error);
    switch (failure.key) {
      case 'rateLimited':
        return t('errors.rateLimited', { when: format.relative(Date.now() + failure.seconds * 1000) });
      case 'failed':
        return t('errors.failed', { reason: failure.reason });
      default:
        return t(`errors.${failure.key}`);
    }
  };
}

/** The new-password rules the server words in English (length, common, blank), in the language in use. */
export function usePasswordMessages(field: string): FieldMessages {
  const { t } = useTranslation('accountEmail');
  return (name, issue) => {
    if (name !== field) return undefined;
    const text = issue.message ?? '';
    if (issue.code === 'too_small' || issue.code === 'too_big' || text.includes(passwordMessages.length)) {
      return t('fields.passwordLength', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
    }
    if (text.includes(passwordMessages.common)) return t('fields.passwordCommon');
    if (text.includes(passwordMessages.blank)) return t('fields.passwordBlank');
    return undefined;
  };
}

/** A failure above a form or on a page: announced at once. */
export function FailureNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={cn(
        'rounded-md border border-destructive/50 bg-destructive/15 px-3 py-2 text-sm text-foreground',
        className,
      )}
    >
      {children}
    </p>
  );
}

/** A form's submit button: while the form is being sent, disabled, with a spinner and `busyLabel`. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'type' | 'disabled'> & { busy: boolean; busyLabel: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} {...props}>
      {busy && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
      {busy ? busyLabel : children}
    </Button>
  );
}

/** A success or progress note: announced politely. */
export function StatusNote({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={cn('rounded-md border border-success/40 bg-success/10 px-3 py-2 text-sm', className)}>
      {children}
    </p>
  );
}

/** The glass card of a page reached from a mailed link (verify, forgot, reset): one heading, then its content. */
export function MailLinkPage({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <section className="glass flex w-full max-w-md flex-col gap-5 rounded-2xl p-6 sm:p-8">
        <PageTitle>{title}</PageTitle>
        <div className="flex items-center gap-3">
          {icon}
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        </div>
        {children}
      </section>
    </main>
  );
}
