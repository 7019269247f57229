import {
  containerTemplates,
  containerTiers,
  DEFAULT_TIER,
  environmentKeySchema,
  isOpenSshPublicKey,
  MAX_STARTUP_SCRIPT_BYTES,
  templateIds,
  tierNames,
  type ContainerTemplateId,
  type ContainerTier,
  type CreateContainerBody,
} from '@nuvem/contracts/containers';

/** What the wizard's form holds; text areas stay text until the payload is built. */
export interface WizardValues {
  name: string;
  tier: ContainerTier;
  templateId: ContainerTemplateId;
  sshKeys: string;
  environment: string;
  startupScript: string;
  rootPassword: string;
}

export const MAX_NAME_LENGTH = 63;
export const MIN_ROOT_PASSWORD_LENGTH = 8;
export const MAX_ROOT_PASSWORD_LENGTH = 128;
export const MAX_SSH_KEYS = 20;
export const MAX_ENVIRONMENT_VARIABLES = 100;
export const MAX_ENVIRONMENT_VALUE_LENGTH = 4096;

function lines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** Spec: split by line, trimmed, blank lines dropped. */
export function parseSshKeys(text: string): string[] {
  return lines(text)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * Spec: KEY=value per line, kept only when both key and value exist around the first '='. Lines
 * starting with '#' are comments (an env template may carry them); a later key wins.
 */
export function parseEnvironment(text: string): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const entry of environmentEntries(text)) environment[entry.key] = entry.value;
  return environment;
}

interface EnvironmentEntry {
  line: number;
  key: string;
  value: string;
}

function environmentEntries(text: string): EnvironmentEntry[] {
  const entries: EnvironmentEntry[] = [];
  lines(text).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const separator = line.indexOf('=');
    if (separator < 0) return;
    const key = line.slice(0, separator).trim();
    const value = line.slice(separator + 1).trim();
    if (key && value) entries.push({ line: index + 1, key, value });
  });
  return entries;
}

/** Spec: only what was filled in is sent; `root_password` too, so the server can set it. */
export function buildCreatePayload(values: WizardValues): CreateContainerBody {
  const payload: CreateContainerBody = { name: values.name, tier: values.tier, template_id: values.templateId };
  const sshKeys = parseSshKeys(values.sshKeys);
  if (sshKeys.length > 0) payload.ssh_keys = sshKeys;
  const environment = parseEnvironment(values.environment);
  if (Object.keys(environment).length > 0) payload.environment = environment;
  if (values.startupScript.trim() !== '') payload.startup_script = values.startupScript;
  if (values.rootPassword !== '') payload.root_password = values.rootPassword;
  return payload;
}

// ---- Choices: the server's catalogue, else the contract's constants ----

export interface TierOption {
  id: ContainerTier;
  cpu: number;
  memoryGb: number;
  diskGb: number;
  monthlyUsd: number;
}

export interface TemplateOption {
  id: ContainerTemplateId;
  name: string;
}

export const fallbackTierOptions: TierOption[] = tierNames.map((id) => ({ id, ...containerTiers[id] }));
export const fallbackTemplateOptions: TemplateOption[] = containerTemplates.map(({ id, name }) => ({ id, name }));

export function isTemplateId(id: string): id is ContainerTemplateId {
  return (templateIds as readonly string[]).includes(id);
}

export function toTierOptions(
  tiers: { id: ContainerTier; cpu: number; memory_gb: number; disk_gb: number; monthly_usd: number }[] | undefined,
): TierOption[] {
  if (!tiers || tiers.length === 0) return fallbackTierOptions;
  return tiers.map((t) => ({
    id: t.id,
    cpu: t.cpu,
    memoryGb: t.memory_gb,
    diskGb: t.disk_gb,
    monthlyUsd: t.monthly_usd,
  }));
}

/** The server's templates the create call accepts (the contract's ids), else the contract's list. */
export function toTemplateOptions(templates: { id: string; name: string }[] | undefined): TemplateOption[] {
  const known = (templates ?? []).flatMap((t) => (isTemplateId(t.id) ? [{ id: t.id, name: t.name }] : []));
  return known.length > 0 ? known : fallbackTemplateOptions;
}

/** Spec: the summary's tier falls back to small. */
export function summaryTier(tier: string | undefined, options: TierOption[] = fallbackTierOptions): TierOption {
  const small = options.find((t) => t.id === DEFAULT_TIER) ?? { id: DEFAULT_TIER, ...containerTiers[DEFAULT_TIER] };
  return options.find((t) => t.id === tier) ?? small;
}

export function estimatedMonthlyCost(tier: string | undefined, options: TierOption[] = fallbackTierOptions): number {
  return summaryTier(tier, options).monthlyUsd;
}

export function formatResources(tier: TierOption): string {
  return `${tier.cpu} vCPU · ${tier.memoryGb}GB RAM · ${tier.diskGb}GB disk`;
}

export function formatMonthlyCost(usd: number): string {
  return `$${usd}/month`;
}

export function templateName(id: string, options: TemplateOption[] = fallbackTemplateOptions): string {
  return (
    options.find((t) => t.id === id)?.name ??
    fallbackTemplateOptions.find((t) => t.id === id)?.name ??
    (id || 'Ubuntu 24.04')
  );
}

// ---- Field checks: the server's rules, shown before it would refuse ----

/** Why a (sanitised) name cannot be used, or null; an empty name only keeps Next disabled. */
export function nameIssue(name: string): string | null {
  if (name === '') return null;
  if (!/^[a-z]/.test(name)) return 'Must start with a letter';
  if (name.length > MAX_NAME_LENGTH) return `At most ${MAX_NAME_LENGTH} characters`;
  return null;
}

export function isValidName(name: string): boolean {
  return name !== '' && nameIssue(name) === null;
}

export function sshKeyIssues(text: string): string[] {
  const issues: string[] = [];
  let count = 0;
  lines(text).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    count += 1;
    if (!isOpenSshPublicKey(line) || line.length > 16_384) {
      issues.push(`Line ${index + 1} is not a valid OpenSSH public key`);
    }
  });
  if (count > MAX_SSH_KEYS) issues.push(`At most ${MAX_SSH_KEYS} keys`);
  return issues;
}

export interface EnvironmentCheck {
  /** Lines the server would refuse: they block Create. */
  errors: string[];
  /** Lines that will not be sent (no '=' or an empty side). */
  ignored: number[];
}

export function checkEnvironment(text: string): EnvironmentCheck {
  const errors: string[] = [];
  const ignored: number[] = [];
  const kept = new Set(environmentEntries(text).map((entry) => entry.line));
  lines(text).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (!kept.has(index + 1)) ignored.push(index + 1);
  });
  const entries = environmentEntries(text);
  for (const entry of entries) {
    if (!environmentKeySchema.safeParse(entry.key).success) {
      errors.push(`Line ${entry.line}: ${entry.key} is not a valid variable name`);
    } else if (entry.value.length > MAX_ENVIRONMENT_VALUE_LENGTH) {
      errors.push(`Line ${entry.line}: the value is longer than ${MAX_ENVIRONMENT_VALUE_LENGTH} characters`);
    }
  }
  if (new Set(entries.map((e) => e.key)).size > MAX_ENVIRONMENT_VARIABLES) {
    errors.push(`At most ${MAX_ENVIRONMENT_VARIABLES} variables`);
  }
  return { errors, ignored };
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Bytes as KiB with one decimal, rounded up. */
export function formatKiB(bytes: number): string {
  return `${(Math.ceil((bytes * 10) / 1024) / 10).toFixed(1)} KiB`;
}

export function startupScriptIssue(script: string): string | null {
  const bytes = utf8Bytes(script);
  if (bytes <= MAX_STARTUP_SCRIPT_BYTES) return null;
  // Rounded up, so a script just over the limit never reads as exactly 64 KiB.
  return `The script is ${formatKiB(bytes)}; the limit is ${MAX_STARTUP_SCRIPT_BYTES / 1024} KiB`;
}

export function rootPasswordIssue(password: string): string | null {
  if (password === '') return null;
  if (password.length < MIN_ROOT_PASSWORD_LENGTH) return `At least ${MIN_ROOT_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_ROOT_PASSWORD_LENGTH) return `At most ${MAX_ROOT_PASSWORD_LENGTH} characters`;
  return null;
}

/** Everything Create needs: a usable name and no field the server would refuse. */
export function canCreate(values: WizardValues): boolean {
  return (
    isValidName(values.name) &&
    sshKeyIssues(values.sshKeys).length === 0 &&
    checkEnvironment(values.environment).errors.length === 0 &&
    startupScriptIssue(values.startupScript) === null &&
    rootPasswordIssue(values.rootPassword) === null
  );
}
