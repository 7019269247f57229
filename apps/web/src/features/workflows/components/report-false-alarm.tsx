import {
  SECURITY_REPORT_COMMENT_MAX,
  securityReportBodySchema,
  type SecuritySourceName,
} from '@nuvem/contracts/ai-security';
import { CheckIcon, FlagIcon, Loader2Icon } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/lib/format';
import { useContractForm } from '@/lib/forms';
import { errorMessage } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useReportFalseAlarm } from '../api/report-false-alarm';

const commentFormSchema = securityReportBodySchema.pick({ comment: true });

export interface ReportFalseAlarmProps {
  /** The text that was blocked, exactly as it was checked. */
  prompt: string;
  /** Where it was blocked. */
  source: SecuritySourceName;
  className?: string;
}

/**
 * 'Report a false alarm' beside a blocked text: a dialog with an optional comment, then POST
 * /api/ai-security/reports. Once sent the button reads 'Reported' (and does nothing more) and a
 * status says thanks. Key it by the check, so a new verdict starts afresh.
 */
export function ReportFalseAlarm({ prompt, source, className }: ReportFalseAlarmProps) {
  const { t } = useTranslation('workflows');
  const [open, setOpen] = useState(false);
  const mutation = useReportFalseAlarm();
  const reported = mutation.isSuccess;

  // Still focusable once sent (focus comes back to it when the dialog closes), but opens nothing.
  const onTriggerClick = (event: MouseEvent) => {
    if (reported) event.preventDefault();
  };

  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline" size="sm" aria-disabled={reported || undefined} onClick={onTriggerClick}>
            {reported ? <CheckIcon aria-hidden="true" /> : <FlagIcon aria-hidden="true" />}
            {reported ? t('report.reported') : t('report.open')}
          </Button>
        </DialogTrigger>
        <DialogContent>
          {/* Inside the content: each opening starts with an empty comment and no old error. */}
          <ReportForm
            pending={mutation.isPending}
            error={mutation.isError ? mutation.error : null}
            onCancel={() => setOpen(false)}
            onSend={(comment) => mutation.mutate({ prompt, source, comment }, { onSuccess: () => setOpen(false) })}
          />
        </DialogContent>
      </Dialog>
      <p role="status" className="text-sm text-muted-foreground">
        {reported && t('report.thanks')}
      </p>
    </div>
  );
}

function ReportForm({
  pending,
  error,
  onCancel,
  onSend,
}: {
  pending: boolean;
  error: Error | null;
  onCancel: () => void;
  onSend: (comment: string) => void;
}) {
  const { t } = useTranslation(['workflows', 'common']);
  const f = useFormat();
  const form = useContractForm(commentFormSchema, { defaultValues: { comment: '' } });
  const length = (form.watch('comment') ?? '').length;

  const onSubmit = form.handleSubmit((values) => {
    if (!pending) onSend(values.comment);
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        // React's events bubble through the dialog's portal to the form it was opened from (the
        // Execute dialog's): sending a report must not run the flow again.
        event.stopPropagation();
        void onSubmit(event);
      }}
      className="grid gap-4"
    >
      <DialogHeader>
        <DialogTitle>{t('report.title')}</DialogTitle>
        <DialogDescription>{t('report.description')}</DialogDescription>
      </DialogHeader>
      <FormField
        label={t('report.comment')}
        error={form.formState.errors.comment?.message}
        hint={
          <span className="tabular-nums">
            {t('report.length', { n: f.count(length), max: f.count(SECURITY_REPORT_COMMENT_MAX) })}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            {...form.register('comment')}
            rows={3}
            maxLength={SECURITY_REPORT_COMMENT_MAX}
            placeholder={t('report.placeholder')}
          />
        )}
      </FormField>
      {error && (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
          {t('report.failed', { reason: errorMessage(error, t('common:errors.unexpected')) })}
        </p>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          {pending ? t('report.sending') : t('report.send')}
        </Button>
      </DialogFooter>
    </form>
  );
}
