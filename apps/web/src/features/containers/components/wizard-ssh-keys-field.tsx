import { MAX_SSH_KEYS } from '@nuvem/contracts/containers';
import { DownloadIcon, KeyRoundIcon, Loader2Icon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { i18n } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { generateSshKeyPair } from '../lib/ssh-keygen';
import type { WizardForm } from '../lib/wizard-form';

export interface GeneratedKey {
  /** An object URL of the private key file; revoked when replaced or when the wizard goes. */
  url: string | null;
  generating: boolean;
  /** Makes a pair and keeps its private key for download; resolves to the public key line. */
  generate: (containerName: string) => Promise<string | null>;
}

/**
 * The private key of the last generated pair, as a download. It lives with the wizard (not the
 * step), so going Back and forth keeps it, and closing the wizard revokes it.
 */
export function useGeneratedKey(): GeneratedKey {
  const [url, setUrl] = useState<string | null>(null);
  const [generating, setGenerating] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!url) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);

  async function generate(containerName: string) {
    setGenerating(true);
    try {
      const pair = await generateSshKeyPair(`${containerName || 'container'}@nuvem`);
      // Closed while generating: no one can download it, so make no URL that would never be revoked.
      if (!mounted.current) return null;
      setUrl(URL.createObjectURL(new Blob([pair.privateKey], { type: 'application/x-pem-file' })));
      return pair.publicKey;
    } catch {
      notify.error(i18n.t('containers:wizard.sshKeys.generateFailed'));
      return null;
    } finally {
      setGenerating(false);
    }
  }

  return { url, generating, generate };
}

export function WizardSshKeysField({
  form,
  containerName,
  generatedKey,
}: {
  form: WizardForm;
  containerName: string;
  generatedKey: GeneratedKey;
}) {
  const { t } = useTranslation('containers');

  async function handleGenerate() {
    const publicKey = await generatedKey.generate(containerName);
    if (!publicKey) return;
    // Added after what the field holds when the key is ready (not when it was asked for).
    const text = form.getValues('ssh_keys').replace(/\s+$/, '');
    form.setValue('ssh_keys', text ? `${text}\n${publicKey}` : publicKey, { shouldValidate: true, shouldDirty: true });
  }

  return (
    <div className="flex flex-col gap-1.5">
      <div>
        <FormField
          action={
            <Button
              variant="outline"
              size="sm"
              onClick={() => void handleGenerate()}
              disabled={generatedKey.generating}
              aria-busy={generatedKey.generating || undefined}
            >
              {generatedKey.generating ? (
                <Loader2Icon aria-hidden="true" className="animate-spin" />
              ) : (
                <KeyRoundIcon aria-hidden="true" />
              )}
              {t('wizard.sshKeys.generate')}
            </Button>
          }
          label={t('wizard.sshKeys.label')}
          hint={t('wizard.sshKeys.hint', { max: MAX_SSH_KEYS })}
          error={form.formState.errors.ssh_keys?.message}
        >
          {(control) => (
            <Textarea
              {...control}
              {...form.register('ssh_keys')}
              rows={3}
              placeholder={t('wizard.sshKeys.placeholder')}
              spellCheck={false}
              autoCapitalize="none"
              className="font-mono text-xs break-all"
              data-autofocus=""
            />
          )}
        </FormField>
      </div>
      {generatedKey.url && (
        <div className="flex flex-col gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-xs">
          <p className="flex items-start gap-2">
            <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>{t('wizard.sshKeys.privateKeyWarning')}</span>
          </p>
          <a
            href={generatedKey.url}
            download={`id_ed25519_${containerName || 'container'}`}
            className="inline-flex items-center gap-1.5 self-start font-medium text-primary underline-offset-4 hover:underline"
          >
            <DownloadIcon aria-hidden="true" className="size-4" />
            {t('wizard.sshKeys.download')}
          </a>
        </div>
      )}
    </div>
  );
}
