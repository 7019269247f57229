import type { Application } from '@nuvem/contracts/applications';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { EmptyState, LoadError, LoadingSkeletons } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useCan } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useApiKeys } from '../api/get-api-keys';
import { API_KEY_HEADER_EXAMPLE, sortKeysByStatus } from '../lib/api-key-display';
import { failureReason } from '../lib/failure';
import { ApiKeyCreatedDialog, type IssuedApiKey } from './api-key-created-dialog';
import { ApiKeyRow } from './api-key-row';
import { GenerateApiKeyDialog } from './generate-api-key-dialog';

/**
 * The API Keys tab of the developer dashboard: generate a key (shown once), list the
 * application's keys (revoked ones on demand), copy a prefix, rotate and revoke.
 */
export function ApiKeysTab({ application }: { application: Application | undefined }) {
  const { t } = useTranslation(['applications', 'common']);
  const canIssue = useCan('keys:issue');
  const headingId = useId();
  const switchId = useId();
  const generateRef = useRef<HTMLButtonElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);
  const [includeRevoked, setIncludeRevoked] = useState(false);
  const [generating, setGenerating] = useState(false);
  // The full key lives here only until "I've Saved the Key".
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const applicationId = application?.id;
  const keys = useApiKeys(applicationId, includeRevoked);

  const openGenerate = () => {
    if (!applicationId) {
      // Spec 5: generating a key needs an application.
      notify.error(t('apiKeys.selectFirst'));
      return;
    }
    setGenerating(true);
  };

  // A revoked key's row goes away when revoked keys are hidden, and focus with it.
  const keepFocus = () =>
    window.setTimeout(() => {
      if (!document.activeElement || document.activeElement === document.body) listHeadingRef.current?.focus();
    }, 0);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} ref={listHeadingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
            {t('apiKeys.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="apiKeys.description"
              values={{ header: API_KEY_HEADER_EXAMPLE }}
              components={{ code: <code className="font-mono" /> }}
            />
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-4">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={includeRevoked}
              disabled={!applicationId}
              onCheckedChange={setIncludeRevoked}
            />
            <Label htmlFor={switchId}>{t('apiKeys.showRevoked')}</Label>
          </div>
          {canIssue && (
            <Button ref={generateRef} onClick={openGenerate}>
              <PlusIcon aria-hidden="true" />
              {t('apiKeys.generate')}
            </Button>
          )}
        </div>
      </div>

      {!applicationId ? (
        <EmptyState icon={KeyRoundIcon} title={t('noApplication.title')}>
          {t('apiKeys.noApplicationText')}
        </EmptyState>
      ) : keys.isPending ? (
        <LoadingSkeletons label={t('apiKeys.loading')} blocks={['h-28 w-full', 'h-28 w-full']} />
      ) : keys.isError ? (
        <LoadError
          message={t('apiKeys.loadFailed', { reason: failureReason(keys.error) })}
          onRetry={() => void keys.refetch()}
        />
      ) : keys.data.length === 0 ? (
        <EmptyState icon={KeyRoundIcon} title={t('apiKeys.emptyTitle')}>
          {t('apiKeys.emptyText')}
          {!includeRevoked && ` ${t('apiKeys.revokedHidden')}`}
        </EmptyState>
      ) : (
        <ul aria-label={t('apiKeys.listLabel')} className="flex flex-col gap-3">
          {sortKeysByStatus(keys.data, keys.dataUpdatedAt).map((apiKey) => (
            <ApiKeyRow
              key={apiKey.id}
              applicationId={applicationId}
              apiKey={apiKey}
              now={keys.dataUpdatedAt}
              onRotated={setIssued}
              onRevoked={keepFocus}
            />
          ))}
        </ul>
      )}

      {applicationId && (
        <GenerateApiKeyDialog
          applicationId={applicationId}
          open={generating}
          onOpenChange={setGenerating}
          onCreated={setIssued}
        />
      )}
      <ApiKeyCreatedDialog
        issued={issued}
        onDone={() => setIssued(null)}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          generateRef.current?.focus();
        }}
      />
    </section>
  );
}
