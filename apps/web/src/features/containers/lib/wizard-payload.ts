import {
  containerTemplates,
  containerTiers,
  DEFAULT_TIER,
  ENVIRONMENT_VALUE_MAX_LENGTH,
  environmentKeySchema,
  isOpenSshPublicKey,
  MAX_ENVIRONMENT_VARIABLES,
  MAX_SSH_KEYS,
  SSH_KEY_MAX_LENGTH,
  templateIds,
  tierNames,
  type ContainerTemplateId,
  type ContainerTier,
  type CreateContainerBody,
} from '@nuvem/contracts/containers';

/**
 * What the wizard's form holds, named as the create call names it (so a 400's `body.ssh_keys`
 * lands beside its field); text areas stay text until the payload is built.
 */
export interface WizardValues {
  name: string;
  tier: ContainerTier;
  template_id: ContainerTemplateId;
  ssh_keys: string;
  environment: string;
  startup_script: string;
  root_password: string;
}

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
  const payload: CreateContainerBody = { name: values.name, tier: values.tier, template_id: values.template_id };
  const sshKeys = parseSshKeys(values.ssh_keys);
  if (sshKeys.length > 0) payload.ssh_keys = sshKeys;
  const environment = parseEnvironment(values.environment);
  if (Object.keys(environment).length > 0) payload.environment = environment;
  if (values.startup_script.trim() !== '') payload.startup_script = values.startup_script;
  if (values.root_password !== '') payload.root_password = values.root_password;
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

/** A template's name (a product name, the same in every language); the default one for the empty id. */
export function templateName(id: string, options: TemplateOption[] = fallbackTemplateOptions): string {
  return (
    options.find((t) => t.id === id)?.name ??
    fallbackTemplateOptions.find((t) => t.id === id)?.name ??
    fallbackTemplateOptions[0]?.name ??
    id
  );
}

// ---- Field checks: the server's rules (the contract's limits), found before it would refuse ----

export interface SshKeyProblems {
  /** 1-based numbers of the lines that are not OpenSSH public keys. */
  invalidLines: number[];
  /** More keys than the server takes. */
  tooMany: boolean;
}

export function sshKeyProblems(text: string): SshKeyProblems {
  const invalidLines: number[] = [];
  let count = 0;
  lines(text).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '') return;
    count += 1;
    if (line.length > SSH_KEY_MAX_LENGTH || !isOpenSshPublicKey(line)) invalidLines.push(index + 1);
  });
  return { invalidLines, tooMany: count > MAX_SSH_KEYS };
}

export interface EnvironmentProblems {
  /** Lines whose key the server refuses. */
  badKeys: { line: number; key: string }[];
  /** Lines whose value is longer than the server takes. */
  longValues: number[];
  /** More variables than the server takes. */
  tooMany: boolean;
  /** Lines that will not be sent (no '=' or an empty side): a warning, not an error. */
  ignored: number[];
}

export function environmentProblems(text: string): EnvironmentProblems {
  const entries = environmentEntries(text);
  const kept = new Set(entries.map((entry) => entry.line));
  const ignored: number[] = [];
  lines(text).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    if (!kept.has(index + 1)) ignored.push(index + 1);
  });
  return {
    badKeys: entries
      .filter((entry) => !environmentKeySchema.safeParse(entry.key).success)
      .map(({ line, key }) => ({ line, key })),
    longValues: entries
      .filter((entry) => environmentKeySchema.safeParse(entry.key).success)
      .filter((entry) => entry.value.length > ENVIRONMENT_VALUE_MAX_LENGTH)
      .map((entry) => entry.line),
    tooMany: new Set(entries.map((e) => e.key)).size > MAX_ENVIRONMENT_VARIABLES,
    ignored,
  };
}

export function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Bytes as KiB with one decimal, rounded up, so a script just over a limit never reads as the limit. */
export function kibibytes(bytes: number): number {
  return Math.ceil((bytes * 10) / 1024) / 10;
}
