import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { OrganisationSettingsPage } from '@/features/organisations/components/settings/organisation-settings-page';
import { useWorkspace } from '@/features/organisations/components/workspace-provider';
import { RequireSignIn } from '../require-sign-in';

/** '/organisations/:id': an organisation's seats, members, invitations, roles and audit log. */
export function OrganisationRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const workspace = useWorkspace();
  const navigate = useNavigate();
  const home = paths.home.getHref();
  // Leaving the organisation acted in: back to the personal workspace, so the portal does not go on
  // naming an organisation the user has just left.
  const onLeft = (userId: string) => {
    if (workspace.organisationId === id) workspace.switchTo(userId, { to: home });
    else void navigate(home);
  };
  return (
    <RequireSignIn>
      {user && (
        <OrganisationSettingsPage
          // Another organisation's page starts afresh (its filters, dialogs and open section).
          key={id}
          organisationId={id}
          currentUserId={user.id}
          onLeft={() => onLeft(user.id)}
          // Deleted: back to the personal workspace, on the desktop.
          onDeleted={() => workspace.switchTo(user.id, { to: home })}
        />
      )}
    </RequireSignIn>
  );
}
