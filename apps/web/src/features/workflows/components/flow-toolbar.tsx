import { flowLimits } from '@nuvem/contracts/workflows';
import { FilePlusIcon, Loader2Icon, PlayIcon, SaveIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useCan } from '@/lib/api-client';
import type { FlowDraft } from './use-flow-draft';
import type { FlowSave } from './use-flow-save';
import { WorkflowError } from './workflow-error';

export interface FlowToolbarProps {
  /** The flow being built: its fields, whether it is saved and changed. */
  draft: FlowDraft;
  /** Saving it: the name's box and its check, the save in flight, the last problem. */
  saving: FlowSave;
  onNewFlow: () => void;
  onExecute: () => void;
}

/** Above the canvas: the flow's name, description and step limit, its state, New / Save / Execute, and the last problem. */
export function FlowToolbar({ draft, saving, onNewFlow, onExecute }: FlowToolbarProps) {
  const { t } = useTranslation(['workflows', 'common']);
  const { fields, flowId, hasNodes, dirty } = draft;
  const { nameRef, nameMissing, problem } = saving;
  // A viewer may look at flows: it is offered no new flow, no save and no run (the server refuses anyway).
  const canWrite = useCan('flows:write');
  const canExecute = useCan('flows:execute');
  return (
    <div className="glass grid gap-3 rounded-xl p-4">
      <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem]">
        <FormField
          className="content-start"
          label={t('builder.name')}
          required
          error={nameMissing && !fields.name.trim() ? t('builder.nameRequired') : undefined}
        >
          {(control) => (
            <Input
              {...control}
              ref={nameRef}
              value={fields.name}
              maxLength={flowLimits.nameMax}
              placeholder={t('builder.namePlaceholder')}
              onChange={(event) => draft.setField('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField className="content-start" label={t('builder.description')}>
          {(control) => (
            <Input
              {...control}
              value={fields.description}
              maxLength={flowLimits.descriptionMax}
              onChange={(event) => draft.setField('description', event.target.value)}
            />
          )}
        </FormField>
        <FormField className="content-start" label={t('builder.maxSteps')} hint={t('builder.maxStepsHint')}>
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={flowLimits.maxStepsMax}
              value={fields.maxSteps}
              onChange={(event) => draft.setField('maxSteps', event.target.value)}
            />
          )}
        </FormField>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground" data-testid="flow-state">
          {flowId ? t('builder.editing') : t('builder.newDraft')}
          {flowId && hasNodes && dirty && ` · ${t('builder.unsaved')}`}
        </p>
        <div className="flex flex-wrap gap-2">
          {canWrite && (
            <Button variant="outline" onClick={onNewFlow}>
              <FilePlusIcon aria-hidden="true" />
              {t('builder.newFlow')}
            </Button>
          )}
          {canWrite && (
            <Button disabled={!hasNodes || saving.saving} onClick={() => void saving.save()}>
              {saving.saving ? (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <SaveIcon aria-hidden="true" />
              )}
              {saving.saving ? t('builder.saving') : t('builder.save')}
            </Button>
          )}
          {canExecute && (
            <Button variant="secondary" disabled={!hasNodes} onClick={onExecute}>
              <PlayIcon aria-hidden="true" />
              {t('builder.execute')}
            </Button>
          )}
        </div>
      </div>
      {problem && <WorkflowError title={problem.title} error={problem.error} describeField={saving.describeField} />}
    </div>
  );
}
