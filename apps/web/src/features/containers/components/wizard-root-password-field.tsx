import { ROOT_PASSWORD_MAX_LENGTH, ROOT_PASSWORD_MIN_LENGTH } from '@nuvem/contracts/containers';
import { CheckIcon, CopyIcon, EyeIcon, EyeOffIcon, RefreshCwIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify } from '@/lib/notify';
import { generatePassword } from '../lib/random-secrets';
import type { WizardForm } from '../lib/wizard-form';

const COPIED_FEEDBACK_MS = 2000;

export function WizardRootPasswordField({ form }: { form: WizardForm }) {
  const { t } = useTranslation('containers');
  const [visible, setVisible] = useState(false);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const value = form.watch('root_password');
  const field = form.register('root_password');

  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  function generate() {
    form.setValue('root_password', generatePassword(), { shouldValidate: true, shouldDirty: true });
    // A generated password is one the user has never seen: show it so it can be noted.
    setVisible(true);
    setCopied(false);
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(form.getValues('root_password'));
      setCopied(true);
      clearTimeout(copiedTimer.current);
      copiedTimer.current = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    } catch {
      notify.error(t('wizard.rootPassword.copyFailed'));
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <FormField
        label={t('wizard.rootPassword.label')}
        hint={t('wizard.rootPassword.hint', { min: ROOT_PASSWORD_MIN_LENGTH, max: ROOT_PASSWORD_MAX_LENGTH })}
        error={form.formState.errors.root_password?.message}
      >
        {(control) => (
          <div className="flex flex-wrap gap-2">
            <div className="relative min-w-40 flex-1">
              <Input
                {...control}
                {...field}
                onChange={(event) => {
                  setCopied(false);
                  void field.onChange(event);
                }}
                type={visible ? 'text' : 'password'}
                autoComplete="new-password"
                spellCheck={false}
                autoCapitalize="none"
                className="pr-10 font-mono"
              />
              <Button
                variant="ghost"
                size="icon"
                className="absolute top-0 right-0"
                onClick={() => setVisible((shown) => !shown)}
                aria-label={visible ? t('wizard.rootPassword.hide') : t('wizard.rootPassword.show')}
              >
                {visible ? <EyeOffIcon aria-hidden="true" /> : <EyeIcon aria-hidden="true" />}
              </Button>
            </div>
            <Button variant="outline" onClick={generate} aria-label={t('wizard.rootPassword.generate')}>
              <RefreshCwIcon aria-hidden="true" />
              {t('wizard.rootPassword.generateText')}
            </Button>
            <Button
              variant="outline"
              onClick={() => void copy()}
              disabled={value === ''}
              aria-label={copied ? t('wizard.rootPassword.copied') : t('wizard.rootPassword.copy')}
            >
              {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
              {copied ? t('wizard.rootPassword.copied') : t('wizard.rootPassword.copyText')}
            </Button>
          </div>
        )}
      </FormField>
      <p aria-live="polite" className="sr-only">
        {copied ? t('wizard.rootPassword.copiedAnnouncement') : ''}
      </p>
    </div>
  );
}
