import {
  DEFAULT_TIER,
  type Container,
  type ContainerTemplateId,
  type ContainerTier,
} from '@nuvem/contracts/containers';
import { useEffect, useRef, useState, type MouseEvent, type RefObject, type SyntheticEvent } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useContainerDefaults } from '../api/container-defaults';
import { useCreateContainer } from '../api/create-container';
import { useContainerTemplates, useContainerTiers } from '../api/get-container-catalogue';
import { errorMessage, notify } from '@/lib/notify';
import {
  buildCreatePayload,
  canCreate,
  isValidName,
  toTemplateOptions,
  toTierOptions,
  type WizardValues,
} from '../lib/wizard-payload';
import { WizardEnvironmentField } from './wizard-environment-field';
import { WizardNameStep } from './wizard-name-step';
import { WizardRootPasswordField } from './wizard-root-password-field';
import { useGeneratedKey, WizardSshKeysField } from './wizard-ssh-keys-field';
import { WizardStartupScriptField } from './wizard-startup-script-field';
import { WizardStepIndicator, wizardSteps, type WizardStep } from './wizard-step-indicator';
import { WizardSummary } from './wizard-summary';
import { WizardTierStep } from './wizard-tier-step';

/** Spec §9: the SSH-ready toast lasts 10 s. */
export const READY_TOAST_MS = 10_000;

/** The user's own choices; a null tier or template means "the user's default, else the spec's". */
type Draft = Omit<WizardValues, 'tier' | 'templateId'> & {
  tier: ContainerTier | null;
  templateId: ContainerTemplateId | null;
};

const emptyDraft: Draft = {
  name: '',
  tier: null,
  templateId: null,
  sshKeys: '',
  environment: '',
  startupScript: '',
  rootPassword: '',
};

/**
 * The three-step create-container dialog (spec: name and template, tier, access and setup). Its
 * state lives in the dialog's content, so every way of closing it (Cancel, Escape, the close
 * button, a successful create) starts the next opening afresh.
 */
export function CreateContainerWizard({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={contentRef}
        className="max-w-2xl"
        // A stray click beside a long form must not throw it away; Escape, Close and Cancel do close.
        onInteractOutside={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          // The step focuses its own first field (the name), not the first button.
          event.preventDefault();
          focusStepField(contentRef.current);
        }}
      >
        <WizardBody onClose={() => onOpenChange(false)} contentRef={contentRef} />
      </DialogContent>
    </Dialog>
  );
}

function focusStepField(container: HTMLElement | null) {
  container?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}

function WizardBody({ onClose, contentRef }: { onClose: () => void; contentRef: RefObject<HTMLDivElement | null> }) {
  const [step, setStep] = useState<WizardStep>(1);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const defaults = useContainerDefaults();
  const tiers = toTierOptions(useContainerTiers().data);
  const templates = toTemplateOptions(useContainerTemplates().data);
  const createContainer = useCreateContainer();
  const generatedKey = useGeneratedKey();

  const values: WizardValues = {
    ...draft,
    tier: draft.tier ?? defaults.data?.tier ?? DEFAULT_TIER,
    templateId: draft.templateId ?? defaults.data?.template_id ?? '',
  };
  const nameValid = isValidName(values.name);
  const ready = canCreate(values);
  const pending = createContainer.isPending;

  const firstRender = useRef(true);
  useEffect(() => {
    // On opening, the dialog's own auto-focus does this; afterwards each step change does.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusStepField(contentRef.current);
  }, [step, contentRef]);

  function update<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
  }

  async function create() {
    if (!ready || pending) return;
    const payload = buildCreatePayload(values);
    let container: Container;
    try {
      container = await createContainer.mutateAsync(payload);
    } catch (error) {
      // The form stays as it was, so nothing typed is lost.
      notify.error(errorMessage(error, 'Failed to create container'));
      return;
    }
    onClose();
    if (container.status === 'error') {
      notify.error(`Container ${payload.name} could not start: ${container.status_reason ?? 'unknown error'}`);
    } else {
      notify.success(`Container ${payload.name} is ready. Connect with: ${container.ssh_command}`, {
        duration: READY_TOAST_MS,
      });
    }
  }

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step === 1 && nameValid) setStep(2);
    else if (step === 2) setStep(3);
    else if (step === 3) void create();
  }

  function guardDoubleClick(event: MouseEvent<HTMLButtonElement>) {
    // A double click on Next must not land its second click on Create Container.
    if (event.detail > 1) event.preventDefault();
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={pending} className="flex min-w-0 flex-col gap-5">
      <DialogHeader>
        <DialogTitle>Create New Container</DialogTitle>
        <DialogDescription>
          Step {step} of {wizardSteps.length}: {wizardSteps[step - 1]}
        </DialogDescription>
      </DialogHeader>

      <WizardStepIndicator step={step} />

      {step === 1 && (
        <WizardNameStep
          name={values.name}
          onNameChange={(name) => update('name', name)}
          templateId={values.templateId}
          onTemplateChange={(id) => update('templateId', id)}
          templates={templates}
        />
      )}

      {step === 2 && <WizardTierStep tier={values.tier} onTierChange={(tier) => update('tier', tier)} tiers={tiers} />}

      {step === 3 && (
        <div className="flex flex-col gap-5">
          <WizardSshKeysField
            value={values.sshKeys}
            onChange={(text) => update('sshKeys', text)}
            onAppend={(line) =>
              setDraft((current) => {
                const text = current.sshKeys.replace(/\s+$/, '');
                return { ...current, sshKeys: text ? `${text}\n${line}` : line };
              })
            }
            containerName={values.name}
            generatedKey={generatedKey}
          />
          <WizardEnvironmentField value={values.environment} onChange={(text) => update('environment', text)} />
          <WizardStartupScriptField value={values.startupScript} onChange={(text) => update('startupScript', text)} />
          <WizardRootPasswordField value={values.rootPassword} onChange={(text) => update('rootPassword', text)} />
          <WizardSummary values={values} tiers={tiers} templates={templates} />
        </div>
      )}

      <DialogFooter>
        {step === 1 ? (
          <Button key="cancel" variant="outline" onClick={onClose}>
            Cancel
          </Button>
        ) : (
          <Button
            key="back"
            variant="outline"
            onClick={() => setStep((current) => (current === 3 ? 2 : 1))}
            disabled={pending}
          >
            Back
          </Button>
        )}
        {step < 3 ? (
          <Button key="next" type="submit" disabled={step === 1 && !nameValid}>
            Next
          </Button>
        ) : (
          <Button key="create" type="submit" disabled={!ready || pending} onClick={guardDoubleClick}>
            {pending ? 'Creating…' : 'Create Container'}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}
