import { executeBodySchema, flowLimits } from '@nuvem/contracts/workflows';
import { Loader2Icon, PlayIcon } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { useContractForm } from '@/lib/forms';
import { WorkflowError } from './workflow-error';

export interface ExecuteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  flowName: string;
  /** The builder has changes: they are saved before the run. */
  willSave: boolean;
  /** Saves if needed and starts the run; resolves with the failure to show, or null when the run started. */
  onRun: (input: string) => Promise<{ error: unknown } | null>;
}

/** 'Execute Flow': the run's input (checked by the AI security layer on the server), then POST execute. */
export function ExecuteDialog({ open, onOpenChange, flowName, willSave, onRun }: ExecuteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {/* Inside the content: each opening starts with an empty box and no old error. */}
        <ExecuteForm flowName={flowName} willSave={willSave} onRun={onRun} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ExecuteForm({
  flowName,
  willSave,
  onRun,
  onCancel,
}: Omit<ExecuteDialogProps, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const { t } = useTranslation(['workflows', 'common']);
  const form = useContractForm(executeBodySchema, { defaultValues: { input: '' }, mode: 'onSubmit' });
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown; input: string } | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    if (pending) return;
    setPending(true);
    setFailure(null);
    const result = await onRun(values.input);
    setPending(false);
    setFailure(result ? { ...result, input: values.input } : null);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Ctrl+Enter (⌘+Enter) runs without leaving the text; Enter alone is a new line.
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void onSubmit();
    }
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('execute.title', { name: flowName })}</DialogTitle>
        <DialogDescription>
          {t('execute.description')} {willSave && t('execute.saveFirst')}
        </DialogDescription>
      </DialogHeader>
      <FormField label={t('execute.input')} error={form.formState.errors.input?.message}>
        {(control) => (
          <Textarea
            {...control}
            {...form.register('input')}
            rows={5}
            maxLength={flowLimits.inputMax}
            placeholder={t('execute.placeholder')}
            onKeyDown={onKeyDown}
            className="min-h-28"
          />
        )}
      </FormField>
      {failure && (
        <WorkflowError
          title={t('execute.failed')}
          error={failure.error}
          report={{ prompt: failure.input, source: 'flow.execute' }}
        />
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? (
            <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
          ) : (
            <PlayIcon aria-hidden="true" />
          )}
          {pending ? t('execute.starting') : t('execute.run')}
        </Button>
      </DialogFooter>
    </form>
  );
}
