import {
  CONTAINER_NAME_MAX_LENGTH,
  MAX_STARTUP_SCRIPT_BYTES,
  ROOT_PASSWORD_MAX_LENGTH,
  ROOT_PASSWORD_MIN_LENGTH,
} from '@nuvem/contracts/containers';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { contractResolver } from '@/lib/forms';
import { emptyWizardValues, wizardFieldMessages, wizardFormSchema } from './wizard-form';
import type { WizardValues } from './wizard-payload';

const t = i18n.getFixedT('en', 'containers');
const resolve = contractResolver(wizardFormSchema, i18n.getFixedT('en'), wizardFieldMessages(t));

/** The message beside each field with a problem, as the form shows it. */
async function problems(patch: Partial<WizardValues>): Promise<Record<string, string | undefined>> {
  const result = await resolve({ ...emptyWizardValues(), name: 'web', ...patch }, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, (error as { message?: string }).message]),
  );
}

describe('the wizard form', () => {
  it("takes the contract's name rule: lowercase, starting with a letter, at most the contract's length", async () => {
    expect(await problems({ name: 'a'.repeat(CONTAINER_NAME_MAX_LENGTH) })).toEqual({});
    expect(await problems({ name: 'a'.repeat(CONTAINER_NAME_MAX_LENGTH + 1) })).toEqual({
      name: `Use at most ${CONTAINER_NAME_MAX_LENGTH} characters.`,
    });
    expect(await problems({ name: '1st' })).toEqual({ name: 'Start the name with a letter.' });
    expect(await problems({ name: '' })).toEqual({ name: 'Fill in this field.' });
  });

  it('names the lines that are not keys, and refuses variables the server refuses', async () => {
    expect(await problems({ ssh_keys: 'not a key\n\nssh-rsa AAAA' })).toEqual({
      ssh_keys: 'Lines 1, 3 are not valid OpenSSH public keys.',
    });
    expect(await problems({ ssh_keys: 'nope' })).toEqual({ ssh_keys: 'Line 1 is not a valid OpenSSH public key.' });
    expect(await problems({ environment: 'GOOD=1\n9BAD=2\nignored' })).toEqual({
      environment: 'Line 2: 9BAD is not a valid variable name (letters, digits and _, not starting with a digit).',
    });
  });

  it('limits the startup script and an optional root password as the contract does', async () => {
    expect(await problems({ startup_script: 'x'.repeat(MAX_STARTUP_SCRIPT_BYTES) })).toEqual({});
    expect(await problems({ startup_script: 'é'.repeat(MAX_STARTUP_SCRIPT_BYTES / 2 + 1) })).toEqual({
      startup_script: `The script is ${MAX_STARTUP_SCRIPT_BYTES / 1024}.1 KiB; the limit is ${MAX_STARTUP_SCRIPT_BYTES / 1024} KiB.`,
    });
    expect(await problems({ root_password: '' })).toEqual({});
    expect(await problems({ root_password: 'x'.repeat(ROOT_PASSWORD_MIN_LENGTH - 1) })).toEqual({
      root_password: `Use at least ${ROOT_PASSWORD_MIN_LENGTH} characters.`,
    });
    expect(await problems({ root_password: 'x'.repeat(ROOT_PASSWORD_MAX_LENGTH + 1) })).toEqual({
      root_password: `Use at most ${ROOT_PASSWORD_MAX_LENGTH} characters.`,
    });
  });

  it('speaks European Portuguese when that is the language', async () => {
    const pt = contractResolver(
      wizardFormSchema,
      i18n.getFixedT('pt-PT'),
      wizardFieldMessages(i18n.getFixedT('pt-PT', 'containers')),
    );
    const result = await pt({ ...emptyWizardValues(), name: '1st', ssh_keys: 'nope' }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect((result.errors.name as { message?: string }).message).toBe('Comece o nome por uma letra.');
    expect((result.errors.ssh_keys as { message?: string }).message).toBe(
      'A linha 1 não é uma chave pública OpenSSH válida.',
    );
  });
});
