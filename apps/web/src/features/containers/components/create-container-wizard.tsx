import type { Container } from '@nuvem/contracts/containers';
import {
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
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
import { ApiError } from '@/lib/api-client';
import { applyServerErrors, useContractForm } from '@/lib/forms';
import { toast } from '@/components/ui/sonner';
import { i18n } from '@/lib/i18n';
import { errorMessage, notify } from '@/lib/notify';
import { useRealtimeClient, type RealtimeClient } from '@/lib/realtime';
import { useContainerDefaults } from '../api/container-defaults';
import { useCreateContainer } from '../api/create-container';
import { getContainer } from '../api/get-container';
import { useTemplateOptions, useTierOptions } from '../api/get-container-catalogue';
import { emptyWizardValues, wizardFieldMessages, wizardFormSchema } from '../lib/wizard-form';
import { sshCommandOf } from '../lib/ssh-address';
import { buildCreatePayload, type WizardValues } from '../lib/wizard-payload';
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
/** A creation still not settled after this long is left to the list (its row shows the outcome). */
const WATCH_CREATE_MS = 10 * 60_000;

type Settled = Pick<Container, 'status' | 'status_reason' | 'ssh_command' | 'ip_address'>;

/** A container as a `container.updated` event has it, over what was known before. */
function fromEvent(data: Record<string, unknown>, before: Settled): Settled {
  return {
    status: before.status,
    status_reason: typeof data.status_reason === 'string' ? data.status_reason : before.status_reason,
    ssh_command: typeof data.ssh_command === 'string' ? data.ssh_command : before.ssh_command,
    ip_address: typeof data.ip_address === 'string' || data.ip_address === null ? data.ip_address : before.ip_address,
  };
}

/**
 * Calls `settled` once the new container is `running` or `error`: from the stream, or from one
 * read right after listening (the job may have finished before the reply reached the page).
 */
function watchUntilSettled(client: RealtimeClient, container: Container, settled: (current: Settled) => void): void {
  let done = false;
  const finish = (current: Settled) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    stop();
    settled(current);
  };
  const stop = client.listen((event) => {
    if (event.type !== 'container.updated' || event.data.id !== container.id) return;
    const status = event.data.status;
    if (status !== 'running' && status !== 'error') return;
    finish({
      ...fromEvent(event.data, container),
      status,
      status_reason: typeof event.data.status_reason === 'string' ? event.data.status_reason : null,
    });
  });
  const timer = setTimeout(() => {
    done = true;
    stop();
  }, WATCH_CREATE_MS);
  getContainer(container.id).then(
    (current) => {
      if (current.status === 'running' || current.status === 'error') finish(current);
    },
    () => {},
  );
}

/**
 * Calls `arrived` with the container's SSH command once its address comes (the provisioning job
 * saves it just after saying `running`), from the stream or one read; `stop` ends the watch.
 */
function watchForAddress(
  client: RealtimeClient,
  id: string,
  before: Settled,
  arrived: (command: string) => void,
): () => void {
  let done = false;
  const finish = (command: string | null) => {
    if (done || command === null) return;
    stop();
    arrived(command);
  };
  const unlisten = client.listen((event) => {
    if (event.type !== 'container.updated' || event.data.id !== id) return;
    finish(sshCommandOf(fromEvent(event.data, before)));
  });
  const timer = setTimeout(() => stop(), WATCH_CREATE_MS);
  function stop() {
    done = true;
    clearTimeout(timer);
    unlisten();
  }
  getContainer(id).then(
    (current) => finish(sshCommandOf(current)),
    () => {},
  );
  return stop;
}

/** Which step shows each field, to go back to a field a check or the server refused. */
const stepOf: Record<keyof WizardValues, WizardStep> = {
  name: 1,
  template_id: 1,
  tier: 2,
  ssh_keys: 3,
  environment: 3,
  startup_script: 3,
  root_password: 3,
};
const fields = Object.keys(stepOf) as (keyof WizardValues)[];

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
  const { t } = useTranslation('containers');
  const { t: formT } = useTranslation();
  const [step, setStep] = useState<WizardStep>(1);
  const defaults = useContainerDefaults();
  const tiers = useTierOptions();
  const templates = useTemplateOptions();
  const createContainer = useCreateContainer();
  const realtime = useRealtimeClient();
  const generatedKey = useGeneratedKey();
  const fieldMessages = useMemo(() => wizardFieldMessages(t), [t]);
  // Checked as typed, with the create call's own rules (the contract's schemas and limits).
  const form = useContractForm(wizardFormSchema, {
    mode: 'onChange',
    defaultValues: emptyWizardValues(defaults.data),
    fieldMessages,
  });
  const { errors, isValid } = form.formState;
  const values = form.watch();
  const pending = createContainer.isPending;

  // The user's defaults may arrive after the wizard opened: they fill the choices not yet made.
  const chosen = useRef({ tier: false, template: false });
  useEffect(() => {
    if (!defaults.data) return;
    if (!chosen.current.tier) form.setValue('tier', defaults.data.tier);
    if (!chosen.current.template) form.setValue('template_id', defaults.data.template_id);
  }, [defaults.data, form]);

  const firstRender = useRef(true);
  // A layout effect: the new step's field has focus as soon as the step is on screen.
  useLayoutEffect(() => {
    // On opening, the dialog's own auto-focus does this; afterwards each step change does.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    focusStepField(contentRef.current);
  }, [step, contentRef]);

  /** Back to the first step with a refused field, its message beside it. */
  function showProblems() {
    const first = fields.find((field) => form.getFieldState(field).error);
    if (first) setStep(stepOf[first]);
  }

  async function create(checked: WizardValues) {
    if (pending) return;
    const payload = buildCreatePayload(checked);
    let container: Container;
    try {
      container = await createContainer.mutateAsync(payload);
    } catch (error) {
      // The form stays as it was, so nothing typed is lost; a refused field gets its message.
      if (error instanceof ApiError && error.code === 'NAME_TAKEN') {
        form.setError('name', { type: 'server', message: t('wizard.name.taken', { name: payload.name }) });
        setStep(1);
      } else if (applyServerErrors(error, form.setError, formT, { fields, fieldMessages })) {
        showProblems();
      } else {
        notify.error(errorMessage(error, t('wizard.createFailed')));
      }
      return;
    }
    onClose();
    const ready = (current: Settled) => {
      if (current.status === 'error') {
        notify.error(
          t('wizard.couldNotStart', {
            name: payload.name,
            reason: current.status_reason ?? t('wizard.unknownError'),
          }),
        );
        return;
      }
      // Until its address arrives the command would name the portal's own host: the toast says the
      // address is pending, and shows the command in its place once it comes (while still open).
      const toastId = `container-ready-${container.id}`;
      let stopWatching = () => {};
      const show = (command: string | null) =>
        toast.success(i18n.t('common:status.success'), {
          id: toastId,
          description:
            command === null
              ? t('wizard.createdAddressPending', { name: payload.name })
              : t('wizard.created', { name: payload.name, command }),
          duration: READY_TOAST_MS,
          onDismiss: () => stopWatching(),
          onAutoClose: () => stopWatching(),
        });
      const command = sshCommandOf(current);
      show(command);
      if (command === null && realtime) stopWatching = watchForAddress(realtime, container.id, current, show);
    };
    if (container.status !== 'starting') {
      ready(container);
      return;
    }
    // The server provisions it in the background (202): say so now, and say when it is ready.
    notify.success(t('wizard.creatingInBackground', { name: payload.name }));
    if (realtime) watchUntilSettled(realtime, container, ready);
  }

  async function next() {
    const ok = await form.trigger(step === 1 ? ['name', 'template_id'] : ['tier']);
    if (!ok) {
      if (step === 1) form.setFocus('name');
      return;
    }
    setStep(step === 1 ? 2 : 3);
  }

  function handleSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step < 3) void next();
    else void form.handleSubmit(create, showProblems)(event);
  }

  function guardDoubleClick(event: MouseEvent<HTMLButtonElement>) {
    // A double click on Next must not land its second click on Create Container.
    if (event.detail > 1) event.preventDefault();
  }

  const stepLabel = t(`wizard.steps.${wizardSteps[step - 1] ?? 'name'}`);

  return (
    <form noValidate onSubmit={handleSubmit} aria-busy={pending} className="flex min-w-0 flex-col gap-5">
      <DialogHeader>
        <DialogTitle>{t('wizard.title')}</DialogTitle>
        <DialogDescription>
          {t('wizard.stepOf', { step, count: wizardSteps.length, label: stepLabel })}
        </DialogDescription>
      </DialogHeader>

      <WizardStepIndicator step={step} />

      {step === 1 && (
        <WizardNameStep
          form={form}
          templates={templates}
          onTemplateChange={(id) => {
            chosen.current.template = true;
            form.setValue('template_id', id, { shouldValidate: true, shouldDirty: true });
          }}
        />
      )}

      {step === 2 && (
        <WizardTierStep
          tier={values.tier}
          error={errors.tier?.message}
          onTierChange={(tier) => {
            chosen.current.tier = true;
            form.setValue('tier', tier, { shouldValidate: true, shouldDirty: true });
          }}
          tiers={tiers}
        />
      )}

      {step === 3 && (
        <div className="flex flex-col gap-5">
          <WizardSshKeysField form={form} containerName={values.name} generatedKey={generatedKey} />
          <WizardEnvironmentField form={form} />
          <WizardStartupScriptField form={form} />
          <WizardRootPasswordField form={form} />
          <WizardSummary values={values} tiers={tiers} templates={templates} />
        </div>
      )}

      <DialogFooter>
        {step === 1 ? (
          <Button key="cancel" variant="outline" onClick={onClose}>
            {t('wizard.cancel')}
          </Button>
        ) : (
          <Button
            key="back"
            variant="outline"
            onClick={() => setStep((current) => (current === 3 ? 2 : 1))}
            disabled={pending}
          >
            {t('wizard.back')}
          </Button>
        )}
        {step < 3 ? (
          // Spec: Next waits for a name; a name the rules refuse keeps it waiting, its reason beside the field.
          <Button key="next" type="submit" disabled={step === 1 && (values.name === '' || Boolean(errors.name))}>
            {t('wizard.next')}
          </Button>
        ) : (
          <Button key="create" type="submit" disabled={!isValid || pending} onClick={guardDoubleClick}>
            {pending ? t('wizard.creating') : t('wizard.create')}
          </Button>
        )}
      </DialogFooter>
    </form>
  );
}
