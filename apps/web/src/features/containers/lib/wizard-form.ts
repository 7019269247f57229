import {
  containerNameSchema,
  DEFAULT_TIER,
  ENVIRONMENT_VALUE_MAX_LENGTH,
  MAX_ENVIRONMENT_VARIABLES,
  MAX_SSH_KEYS,
  MAX_STARTUP_SCRIPT_BYTES,
  rootPasswordSchema,
  templateIds,
  tierNames,
  type ContainerDefaults,
} from '@nuvem/contracts/containers';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { formatCount, formatFixed } from '@/lib/format';
import type { FieldMessages, useContractForm } from '@/lib/forms';
import { environmentProblems, kibibytes, sshKeyProblems, utf8Bytes, type WizardValues } from './wizard-payload';

/** The messages of the wizard's own checks (the rest are the common form messages). */
type WizardIssueKey =
  | 'wizard.sshKeys.invalidLines'
  | 'wizard.sshKeys.tooMany'
  | 'wizard.environment.badKey'
  | 'wizard.environment.valueTooLong'
  | 'wizard.environment.tooMany'
  | 'wizard.startupScript.tooBig';

interface WizardIssueParams {
  key: WizardIssueKey;
  values: Record<string, string | number>;
}

type Context = z.core.$RefinementCtx<string>;

function issue(ctx: Context, key: WizardIssueKey, values: Record<string, string | number> = {}) {
  const params: WizardIssueParams = { key, values };
  ctx.addIssue({ code: 'custom', message: key, params });
}

/**
 * The wizard's form, checked with the create call's own rules from the contract: the name schema
 * itself, the root password's limits, and the text areas read line by line as they will be sent.
 */
export const wizardFormSchema = z.object({
  name: containerNameSchema,
  tier: z.enum(tierNames),
  template_id: z.enum(templateIds),
  ssh_keys: z.string().superRefine((text, ctx) => {
    const problems = sshKeyProblems(text);
    if (problems.invalidLines.length > 0) {
      issue(ctx, 'wizard.sshKeys.invalidLines', {
        count: problems.invalidLines.length,
        lines: problems.invalidLines.join(', '),
      });
    } else if (problems.tooMany) {
      issue(ctx, 'wizard.sshKeys.tooMany', { max: MAX_SSH_KEYS });
    }
  }),
  environment: z.string().superRefine((text, ctx) => {
    const problems = environmentProblems(text);
    const bad = problems.badKeys[0];
    if (bad) issue(ctx, 'wizard.environment.badKey', { line: bad.line, key: bad.key });
    else if (problems.longValues[0] !== undefined) {
      issue(ctx, 'wizard.environment.valueTooLong', {
        line: problems.longValues[0],
        max: formatCount(ENVIRONMENT_VALUE_MAX_LENGTH),
      });
    } else if (problems.tooMany) issue(ctx, 'wizard.environment.tooMany', { max: MAX_ENVIRONMENT_VARIABLES });
  }),
  startup_script: z.string().superRefine((script, ctx) => {
    const bytes = utf8Bytes(script);
    if (bytes > MAX_STARTUP_SCRIPT_BYTES) {
      issue(ctx, 'wizard.startupScript.tooBig', {
        size: formatFixed(kibibytes(bytes), 1),
        limit: formatCount(MAX_STARTUP_SCRIPT_BYTES / 1024),
      });
    }
  }),
  // Optional: empty means key-only access; otherwise the contract's length limits, with its figures.
  root_password: z.string().superRefine((password, ctx) => {
    if (password === '') return;
    const checked = rootPasswordSchema.safeParse(password);
    if (!checked.success) for (const found of checked.error.issues) ctx.addIssue({ ...found });
  }),
});

export type WizardFormSchema = typeof wizardFormSchema;
/** The wizard's react-hook-form form, as its steps receive it. */
export type WizardForm = ReturnType<typeof useContractForm<WizardFormSchema>>;

/** An empty wizard, on the user's defaults when known (else the spec's: small, Ubuntu 24.04). */
export function emptyWizardValues(defaults?: ContainerDefaults): WizardValues {
  return {
    name: '',
    tier: defaults?.tier ?? DEFAULT_TIER,
    template_id: defaults?.template_id ?? '',
    ssh_keys: '',
    environment: '',
    startup_script: '',
    root_password: '',
  };
}

function wizardParams(value: unknown): WizardIssueParams | undefined {
  if (typeof value !== 'object' || value === null || !('key' in value)) return undefined;
  return value as WizardIssueParams;
}

/** The wizard's own messages: its line checks, and the name's pattern in plain words. */
export function wizardFieldMessages(t: TFunction<'containers'>): FieldMessages {
  return (field, found) => {
    const params = wizardParams((found as { params?: unknown }).params);
    if (found.code === 'custom' && params) return t(params.key, params.values);
    if (field === 'name' && found.code === 'invalid_format') return t('wizard.name.startWithLetter');
    return undefined;
  };
}
