import {
  containerTemplates,
  templateIds,
  tierNames,
  type ContainerDefaults,
  type ContainerTemplateId,
  type ContainerTier,
} from '@nuvem/contracts/containers';
import { Loader2Icon } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useContainerDefaults, useSaveContainerDefaults } from '../api/container-defaults';
import { useContainerTemplates } from '../api/get-container-catalogue';
import { errorMessage, notify } from '@/lib/notify';
import { tierSummary, tierTitle, useTierOptions } from './container-actions-menu';

// A select item may not have the empty value, which is the default template's id (Ubuntu 24.04).
const DEFAULT_TEMPLATE_VALUE = 'ubuntu-default';
const toSelectValue = (id: string) => (id === '' ? DEFAULT_TEMPLATE_VALUE : id);
const fromSelectValue = (value: string): ContainerTemplateId | undefined =>
  templateIds.find((id) => id === (value === DEFAULT_TEMPLATE_VALUE ? '' : value));

/** Spec 2, Settings: the defaults the create wizard starts from. */
export function SettingsTab() {
  const defaults = useContainerDefaults();

  return (
    <Card className="grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h3 className="text-lg font-semibold">Default settings</h3>
        <p className="text-sm text-muted-foreground">Configure default settings for new containers</p>
      </div>
      {defaults.isPending ? (
        <div role="status" className="grid gap-4 sm:max-w-md">
          <span className="sr-only">Loading your defaults</span>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-9 w-32" />
        </div>
      ) : defaults.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <p>Your defaults could not be loaded: {errorMessage(defaults.error, 'unknown error')}</p>
          <Button size="sm" variant="outline" onClick={() => void defaults.refetch()} disabled={defaults.isFetching}>
            Retry
          </Button>
        </div>
      ) : (
        <DefaultsForm saved={defaults.data} />
      )}
    </Card>
  );
}

function DefaultsForm({ saved }: { saved: ContainerDefaults }) {
  const tierId = useId();
  const templateId = useId();
  const tiers = useTierOptions();
  const templates = useContainerTemplates();
  const save = useSaveContainerDefaults();
  // Only what the user changed: a refetch of the saved defaults does not undo an edit.
  const [draft, setDraft] = useState<Partial<ContainerDefaults>>({});
  const tier = draft.tier ?? saved.tier;
  const template = draft.template_id ?? saved.template_id;
  const dirty = tier !== saved.tier || template !== saved.template_id;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || save.isPending) return;
    save.mutate(
      { tier, template_id: template },
      {
        onSuccess: () => {
          setDraft({});
          notify.success('Default settings saved');
        },
        onError: (error) => notify.error(errorMessage(error, 'Failed to save default settings')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:max-w-md">
      <div className="grid gap-2">
        <Label htmlFor={tierId}>Default tier</Label>
        <Select
          value={tier}
          onValueChange={(value) => {
            const chosen: ContainerTier | undefined = tierNames.find((name) => name === value);
            if (chosen) setDraft((d) => ({ ...d, tier: chosen }));
          }}
        >
          <SelectTrigger id={tierId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {tiers.map((option) => (
              <SelectItem key={option.id} value={option.id}>
                {tierTitle(option.id)} — {tierSummary(option)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={templateId}>Default template</Label>
        <Select
          value={toSelectValue(template)}
          onValueChange={(value) => {
            const chosen = fromSelectValue(value);
            if (chosen !== undefined) setDraft((d) => ({ ...d, template_id: chosen }));
          }}
        >
          <SelectTrigger id={templateId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {(templates.data ?? containerTemplates)
              .filter((t) => fromSelectValue(toSelectValue(t.id)) !== undefined)
              .map((t) => (
                <SelectItem key={t.id} value={toSelectValue(t.id)}>
                  {t.name}
                </SelectItem>
              ))}
          </SelectContent>
        </Select>
      </div>
      <p className="text-sm text-muted-foreground">The create wizard starts from these choices.</p>
      <div>
        <Button type="submit" disabled={!dirty || save.isPending}>
          {save.isPending && <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
          Save defaults
        </Button>
      </div>
    </form>
  );
}
