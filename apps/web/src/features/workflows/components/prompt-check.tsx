import { AI_SECURITY_MAX_PROMPT_BYTES } from '@nuvem/contracts/ai-security';
import { Loader2Icon, ShieldAlertIcon } from 'lucide-react';
import { useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useFormat } from '@/lib/format';
import { useContractForm } from '@/lib/forms';
import { cn } from '@/lib/utils';
import { useValidatePrompt } from '../api/validate-prompt';
import {
  checkFailure,
  promptCheckFieldMessages,
  promptCheckFormSchema,
  utf8Bytes,
  type CheckFailure,
} from '../lib/prompt-check';
import { PromptCheckFindings, PromptCheckVerdict } from './prompt-check-result';
import { ReportFalseAlarm } from './report-false-alarm';

/**
 * The Security tab's 'Check a prompt' box: POST /api/ai-security/validate-prompt with the text as
 * typed, then the verdict: 'Safe', or the findings with their evidence marked in the prompt. The
 * contract's size limit is checked here first; the server's refusals are shown in its words.
 */
export function PromptCheck() {
  const { t } = useTranslation(['workflows', 'common']);
  const f = useFormat();
  // Rounded up to a tenth: a prompt one byte over the limit never reads as the limit itself.
  const kilobytes = (bytes: number) => t('units.kilobytes', { value: f.number(Math.ceil(bytes / 102.4) / 10, 1) });
  const limit = kilobytes(AI_SECURITY_MAX_PROMPT_BYTES);
  const fieldMessages = useMemo(() => promptCheckFieldMessages(t, limit), [t, limit]);
  const form = useContractForm(promptCheckFormSchema, {
    defaultValues: { prompt: '' },
    fieldMessages,
    // Checked on sending, then on every keystroke: an empty box is not an error before that.
    mode: 'onSubmit',
  });
  const bytes = utf8Bytes(form.watch('prompt'));
  const over = bytes > AI_SECURITY_MAX_PROMPT_BYTES;
  const mutation = useValidatePrompt();
  const pending = mutation.isPending;

  const onSubmit = form.handleSubmit((values) => {
    if (pending) return;
    mutation.mutate({ prompt: values.prompt });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Ctrl+Enter (⌘+Enter) checks without leaving the text; Enter alone is a new line.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void onSubmit();
    }
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{t('check.title')}</h2>
        </CardTitle>
        <CardDescription>{t('check.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-3">
          <FormField
            label={t('check.label')}
            error={form.formState.errors.prompt?.message}
            hint={
              <span className={cn('tabular-nums', over && 'font-medium text-destructive')}>
                {t('check.size', { size: kilobytes(bytes), limit })}
              </span>
            }
          >
            {(control) => (
              <Textarea
                {...control}
                {...form.register('prompt')}
                rows={5}
                spellCheck={false}
                placeholder={t('check.placeholder')}
                onKeyDown={onKeyDown}
                className="min-h-32 font-mono text-xs sm:text-sm"
              />
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={pending}>
              {pending ? (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <ShieldAlertIcon aria-hidden="true" />
              )}
              {pending ? t('check.checking') : t('check.submit')}
            </Button>
          </div>
        </form>
        {mutation.isError && <CheckFailureMessage failure={checkFailure(mutation.error)} />}
        {/* Always there, so each new verdict is announced; the findings below are there to read. */}
        <div role="status">{mutation.isSuccess && <PromptCheckVerdict result={mutation.data} />}</div>
        {mutation.isSuccess && !mutation.data.safe && (
          // Keyed by the check: a new verdict offers a new report.
          <ReportFalseAlarm key={mutation.submittedAt} prompt={mutation.variables.prompt} source="validate-prompt" />
        )}
        {mutation.isSuccess && <PromptCheckFindings prompt={mutation.variables.prompt} result={mutation.data} />}
      </CardContent>
    </Card>
  );
}

function CheckFailureMessage({ failure }: { failure: CheckFailure }) {
  const { t } = useTranslation(['workflows', 'common']);
  // An ended session: the shell replaces the dashboard with its sign-in prompt at once.
  if (failure.kind === 'session') return null;
  let text: string;
  if (failure.kind === 'offline') text = t('check.offline');
  else if (failure.kind === 'refused') text = failure.message;
  else text = t('check.failed', { reason: failure.message || t('common:errors.unexpected') });
  return (
    <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm">
      {text}
    </p>
  );
}
