import { DownloadIcon, Loader2Icon, Trash2Icon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, LoadingSkeletons } from '@/components/load-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage, notify } from '@/lib/notify';
import { useExportAccount } from '../api/export-account';
import { useSignedInUser } from '../api/get-signed-in-user';
import { useMfaStatus } from '../api/mfa-status';
import { saveFile } from '../lib/download';
import { DeleteAccountDialog } from './delete-account-dialog';
import { SectionPart } from './section-part';

export interface DataSectionProps {
  /** The account is gone (the server has signed this browser out): app/ shows the signed-out site. */
  onAccountDeleted: (email: string) => void;
}

/** '/account', your data: the JSON export, and deleting the account (the address typed out, the password, a code). */
export function DataSection({ onAccountDeleted }: DataSectionProps) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const me = useSignedInUser();
  const mfa = useMfaStatus();
  const download = useExportAccount();
  const [deleting, setDeleting] = useState(false);

  const exportData = () => {
    download.mutate(undefined, {
      onSuccess: ({ blob, fileName }) => {
        saveFile(blob, fileName);
        notify.success(t('data.export.done', { file: fileName }));
      },
      onError: (error) => notify.error(t('data.export.failed', { reason: errorMessage(error, '') })),
    });
  };

  let deletion: ReactNode;
  if (me.isPending) {
    deletion = <LoadingSkeletons label={t('data.delete.title')} announce blocks={['h-9 w-40']} />;
  } else if (me.isError) {
    deletion = (
      <LoadError
        layout="inline"
        message={errorMessage(me.error, t('sessions.loadFailed'))}
        retrying={me.isFetching}
        onRetry={() => void me.refetch()}
      />
    );
  } else {
    const email = me.data.user.email;
    deletion = (
      <>
        <div>
          <Button variant="destructive" onClick={() => setDeleting(true)}>
            <Trash2Icon aria-hidden="true" />
            {t('data.delete.button')}
          </Button>
        </div>
        <DeleteAccountDialog
          open={deleting}
          onOpenChange={setDeleting}
          email={email}
          askCode={mfa.data?.enabled ?? false}
          onDeleted={() => {
            setDeleting(false);
            onAccountDeleted(email);
          }}
        />
      </>
    );
  }

  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle>
          <h2 id={headingId} className="text-xl font-semibold">
            {t('data.title')}
          </h2>
        </CardTitle>
        <CardDescription>{t('data.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <SectionPart title={t('data.export.title')} description={t('data.export.description')}>
          <div>
            <Button
              variant="outline"
              disabled={download.isPending}
              aria-busy={download.isPending || undefined}
              onClick={exportData}
            >
              {download.isPending ? (
                <Loader2Icon aria-hidden="true" className="animate-spin motion-reduce:animate-none" />
              ) : (
                <DownloadIcon aria-hidden="true" />
              )}
              {download.isPending ? t('data.export.busy') : t('data.export.button')}
            </Button>
          </div>
        </SectionPart>
        <SectionPart title={t('data.delete.title')} description={t('data.delete.description')}>
          {deletion}
        </SectionPart>
      </CardContent>
    </Card>
  );
}
