import type { PersonCard, Profile, SuggestionBasis } from '@nuvem/contracts/profiles';
import { EyeIcon, UserPlusIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFormat } from '@/lib/format';
import { failureMessage, notify } from '@/lib/notify';
import { useAcceptConnection } from '../api/accept-connection';
import { useConnectUser } from '../api/connect-user';
import { useActivity } from '../api/get-activity';
import { useConnectionRequests } from '../api/get-connection-requests';
import { useSuggestions } from '../api/get-suggestions';
import { useRemoveConnection } from '../api/remove-connection';
import { profileInitial, profileName } from '../lib/profile-display';

/**
 * The side panel, every figure counted from stored data: profile views (the owner's last 30 days;
 * others see the all-time count), the posts' activity (impressions for the owner only), for the
 * owner the connection requests, and 'People you may know'. The fallback profile (`readOnly`)
 * shows no views: they could not be loaded.
 */
export function ProfileSidePanel({ profile, readOnly }: { profile: Profile; readOnly: boolean }) {
  const { t } = useTranslation('profiles');
  const f = useFormat();
  const owner = profile.viewer.isSelf;
  const views = owner ? (profile.viewsLast30Days ?? profile.views) : profile.views;
  return (
    <aside aria-label={t('panel.label')} className="grid content-start gap-4">
      {!readOnly && (
        <PanelCard title={owner ? t('panel.viewsOwner') : t('panel.viewsOther')}>
          <p className="flex items-center gap-2 text-3xl font-bold tabular-nums">
            <EyeIcon aria-hidden="true" className="size-6 text-primary" />
            {f.count(views)}
          </p>
        </PanelCard>
      )}
      <ActivityCard userId={profile.id} />
      {owner && !readOnly && <ConnectionRequestsCard />}
      <SuggestionsCard />
    </aside>
  );
}

/** Posts, likes and comments received, and for the owner the impressions. */
function ActivityCard({ userId }: { userId: string }) {
  const { t } = useTranslation('profiles');
  const f = useFormat();
  const hintId = useId();
  const activity = useActivity(userId);
  return (
    <PanelCard title={t('panel.activity')}>
      {activity.isPending ? (
        <PanelSkeleton />
      ) : activity.isError ? (
        <p className="text-sm text-muted-foreground">{t('panel.activityFailed')}</p>
      ) : (
        <div className="grid gap-2">
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-2 text-sm">
            <Figure label={t('panel.posts')} value={f.count(activity.data.posts)} />
            <Figure label={t('panel.likesReceived')} value={f.count(activity.data.likesReceived)} />
            <Figure label={t('panel.commentsReceived')} value={f.count(activity.data.commentsReceived)} />
            {activity.data.impressions !== null && (
              <Figure label={t('panel.impressions')} value={f.count(activity.data.impressions)} describedBy={hintId} />
            )}
          </dl>
          {activity.data.impressions !== null && (
            <p id={hintId} className="text-xs text-muted-foreground">
              {t('panel.impressionsHint')}
            </p>
          )}
        </div>
      )}
    </PanelCard>
  );
}

function Figure({ label, value, describedBy }: { label: string; value: string; describedBy?: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-semibold tabular-nums" aria-describedby={describedBy}>
        {value}
      </dd>
    </>
  );
}

function PanelCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card className="grid gap-3 p-4" role="region" aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold text-muted-foreground">
          {title}
        </h2>
      </div>
      {children}
    </Card>
  );
}

function PersonRow({ person, detail, children }: { person: PersonCard; detail?: string; children?: ReactNode }) {
  const { t } = useTranslation('profiles');
  const name = profileName(person, t('person.unnamed'));
  return (
    <li className="flex items-start gap-3">
      <Avatar className="size-10">
        {person.avatar && <AvatarImage src={person.avatar} alt="" />}
        <AvatarFallback>{profileInitial(person)}</AvatarFallback>
      </Avatar>
      <div className="grid min-w-0 flex-1 gap-1">
        <Link to={paths.profile.getHref(person.id)} className="truncate font-medium hover:underline">
          {name}
        </Link>
        {person.headline && <p className="truncate text-xs text-muted-foreground">{person.headline}</p>}
        {detail && <p className="text-xs text-muted-foreground">{detail}</p>}
        {children && <div className="flex flex-wrap gap-2 pt-1">{children}</div>}
      </div>
    </li>
  );
}

function PanelSkeleton() {
  return (
    <div className="grid gap-3" aria-hidden="true">
      <Skeleton className="h-10" />
      <Skeleton className="h-10" />
    </div>
  );
}

/** Why someone is suggested, in the language in use. */
function useReason() {
  const { t } = useTranslation('profiles');
  return (basis: SuggestionBasis) =>
    basis.kind === 'company'
      ? t('panel.reasonCompany', { name: basis.name })
      : basis.kind === 'school'
        ? t('panel.reasonSchool', { name: basis.name })
        : t('panel.reasonNew');
}

function SuggestionsCard() {
  const { t } = useTranslation('profiles');
  const reason = useReason();
  const suggestions = useSuggestions();
  return (
    <PanelCard title={t('panel.peopleYouMayKnow')}>
      {suggestions.isPending ? (
        <PanelSkeleton />
      ) : suggestions.isError ? (
        <p className="text-sm text-muted-foreground">{t('panel.suggestionsFailed')}</p>
      ) : suggestions.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('panel.noSuggestions')}</p>
      ) : (
        <ul className="grid gap-4">
          {suggestions.data.map((person) => (
            <PersonRow key={person.id} person={person} detail={reason(person.basis)}>
              <SuggestionConnect person={person} />
            </PersonRow>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

function SuggestionConnect({ person }: { person: PersonCard }) {
  const { t } = useTranslation('profiles');
  const connect = useConnectUser();
  const state = connect.data?.connection ?? 'none';
  const name = profileName(person, t('person.unnamed'));
  if (state !== 'none') {
    return (
      <Button size="sm" variant="outline" disabled>
        {state === 'connected' ? t('relation.connected') : t('relation.pending')}
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={t('relation.connectWith', { name })}
      disabled={connect.isPending}
      onClick={() =>
        connect.mutate(person.id, {
          onError: (e) => notify.error(failureMessage(t('relation.connectFailed'), e)),
        })
      }
    >
      <UserPlusIcon aria-hidden="true" />
      {t('relation.connect')}
    </Button>
  );
}

function ConnectionRequestsCard() {
  const { t } = useTranslation('profiles');
  const requests = useConnectionRequests();
  return (
    <PanelCard title={t('panel.connectionRequests')}>
      {requests.isPending ? (
        <PanelSkeleton />
      ) : requests.isError ? (
        <p className="text-sm text-muted-foreground">{t('panel.requestsFailed')}</p>
      ) : requests.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('panel.noConnectionRequests')}</p>
      ) : (
        <ul className="grid gap-4">
          {requests.data.map((request) => (
            <PersonRow key={request.user.id} person={request.user}>
              <RequestActions person={request.user} />
            </PersonRow>
          ))}
        </ul>
      )}
    </PanelCard>
  );
}

function RequestActions({ person }: { person: PersonCard }) {
  const { t } = useTranslation('profiles');
  const accept = useAcceptConnection();
  const decline = useRemoveConnection();
  const name = profileName(person, t('person.unnamed'));
  const busy = accept.isPending || decline.isPending;
  return (
    <>
      <Button
        size="sm"
        aria-label={t('relation.acceptPerson', { name })}
        disabled={busy}
        onClick={() =>
          accept.mutate(person.id, {
            onError: (e) => notify.error(failureMessage(t('relation.acceptFailed'), e)),
          })
        }
      >
        {t('relation.accept')}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        aria-label={t('relation.ignorePerson', { name })}
        disabled={busy}
        onClick={() =>
          decline.mutate(person.id, {
            onError: (e) => notify.error(failureMessage(t('relation.ignoreFailed'), e)),
          })
        }
      >
        {t('relation.ignore')}
      </Button>
    </>
  );
}
