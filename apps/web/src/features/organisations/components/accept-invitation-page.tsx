import { INVITATION_TTL_DAYS } from '@nuvem/contracts/orgs';
import type { TFunction } from 'i18next';
import { MailOpenIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/layouts/spinner';
import { Button, buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { failureMessage, notify } from '@/lib/notify';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useInvitationPreview } from '../api/preview-invitation';
import { invitationProblem, sameAddress, type InvitationProblem } from '../lib/invitation-failure';
import { useWorkspace } from './workspace-provider';

export interface AcceptInvitationPageProps {
  /** The invitation's token, from the mailed link (null when the address has none). */
  token: string | null;
  /** The signed-in user (null when signed out). */
  user: { email: string; email_verified: boolean } | null;
  /** The session is still being checked. */
  checking: boolean;
  /** Sign-in that comes back to this page. */
  signInHref: string;
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex flex-1 items-center justify-center p-4">
      <section
        aria-labelledby="accept-invitation-title"
        className="glass flex w-full max-w-lg flex-col items-center gap-4 rounded-2xl p-8 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-glass-strong">
          <MailOpenIcon aria-hidden="true" className="size-6 text-primary" />
        </span>
        <h1 id="accept-invitation-title" className="text-2xl font-bold">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}

function HomeLink() {
  const { t } = useTranslation('organisations');
  return (
    <Link className={buttonVariants({ variant: 'outline' })} to={paths.home.getHref()}>
      {t('accept.goHome')}
    </Link>
  );
}

/**
 * '/invitations/accept?token=…': a signed-out visitor is asked to sign in (and comes back); a
 * signed-in one sees the organisation, the role and the address invited, then accepts and works in
 * the organisation at once. An invalid or expired link, another address or an unverified one are
 * each explained.
 */
export function AcceptInvitationPage({ token, user, checking, signInHref }: AcceptInvitationPageProps) {
  const { t } = useTranslation('organisations');
  if (!token) {
    return (
      <Card title={t('accept.title')}>
        <p role="alert" className="text-muted-foreground">
          {t('accept.missingToken')}
        </p>
        <HomeLink />
      </Card>
    );
  }
  if (checking && !user) return <Spinner className="flex-1" label={t('accept.loading')} />;
  if (!user) {
    return (
      <Card title={t('accept.signedOutTitle')}>
        <p className="text-muted-foreground">{t('accept.signedOutText')}</p>
        <Link className={buttonVariants({ size: 'lg' })} to={signInHref}>
          {t('accept.signIn')}
        </Link>
      </Card>
    );
  }
  return <InvitationPreview token={token} user={user} />;
}

/** The explanation of a known problem in the language in use; null for one to show as the server put it. */
function problemText(t: TFunction<'organisations'>, problem: InvitationProblem, currentEmail: string): string | null {
  switch (problem) {
    case 'invalid':
      return t('accept.invalid', { days: INVITATION_TTL_DAYS });
    case 'otherAddress':
      return t('accept.otherAddressServer');
    case 'unverified':
      return t('accept.unverified', { email: currentEmail });
    case 'seatsFull':
      return t('accept.seatsFull');
    default:
      return null;
  }
}

function InvitationPreview({ token, user }: { token: string; user: { email: string; email_verified: boolean } }) {
  const { t } = useTranslation('organisations');
  const format = useFormat();
  const { switchTo } = useWorkspace();
  const preview = useInvitationPreview(token);
  const accept = useAcceptInvitation();
  const [acceptProblem, setAcceptProblem] = useState<string | null>(null);

  if (preview.isPending) return <Spinner className="flex-1" label={t('accept.loading')} />;
  if (preview.isError) {
    const problem = invitationProblem(preview.error);
    const text = problemText(t, problem, user.email);
    return (
      <Card title={t('accept.title')}>
        <p role="alert" className="text-muted-foreground">
          {text ?? failureMessage(t('accept.loadError'), preview.error)}
        </p>
        {text === null && (
          <Button variant="outline" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
            {t('accept.retry')}
          </Button>
        )}
        <HomeLink />
      </Card>
    );
  }

  const invitation = preview.data;
  const otherAddress = !sameAddress(invitation.email, user.email);
  const blocker = otherAddress
    ? t('accept.otherAddress', { email: invitation.email, current: user.email })
    : !user.email_verified
      ? t('accept.unverified', { email: user.email })
      : null;
  const role = t(`roles.${invitation.role}`);

  const onAccept = async () => {
    setAcceptProblem(null);
    try {
      const workspace = await accept.mutateAsync(token);
      switchTo(workspace.id, { to: paths.home.getHref() });
      notify.success(t('accept.joined', { name: workspace.name }));
    } catch (error) {
      const text = problemText(t, invitationProblem(error), user.email);
      setAcceptProblem(text ?? failureMessage(t('accept.failed'), error));
    }
  };

  return (
    <Card title={t('accept.title')}>
      <p className="text-muted-foreground">
        {t('accept.invitedTo')} <strong className="text-foreground">{invitation.organisation.name}</strong>
      </p>
      <dl className="grid w-full grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left text-sm">
        <dt className="text-muted-foreground">{t('accept.organisation')}</dt>
        <dd className="font-medium break-words">{invitation.organisation.name}</dd>
        <dt className="text-muted-foreground">{t('accept.role')}</dt>
        <dd>
          <span className="font-medium">{role}</span>
          <span className="block text-muted-foreground">
            {t('accept.roleMeans', { role, description: t(`roleDescriptions.${invitation.role}`) })}
          </span>
        </dd>
        <dt className="text-muted-foreground">{t('accept.address')}</dt>
        <dd className="break-all">{invitation.email}</dd>
        {invitation.invited_by && (
          <>
            <dt className="text-muted-foreground">{t('accept.invitedBy')}</dt>
            <dd className="break-words">{invitation.invited_by}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{t('accept.expires')}</dt>
        <dd>{format.dateTime(invitation.expires_at)}</dd>
      </dl>
      {(blocker ?? acceptProblem) && (
        <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm">
          {blocker ?? acceptProblem}
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        {!blocker && (
          <Button
            size="lg"
            onClick={() => void onAccept()}
            disabled={accept.isPending}
            aria-busy={accept.isPending || undefined}
          >
            {accept.isPending ? t('accept.accepting') : t('accept.submit')}
          </Button>
        )}
        <HomeLink />
      </div>
    </Card>
  );
}
