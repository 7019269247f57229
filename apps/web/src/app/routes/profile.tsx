import { useParams } from 'react-router';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ProfilePage } from '@/features/profiles/components/profile-page';
import type { SignedInUser } from '@/features/profiles/lib/signed-in-user';
import { RequireSignIn } from '../require-sign-in';

/** '/profile/:id' (`me` for one's own): signed-in users only. */
export function ProfileRoute() {
  const { id = 'me' } = useParams();
  return (
    <RequireSignIn>
      <SignedInProfile id={id} />
    </RequireSignIn>
  );
}

/**
 * The profile feature cannot read the session (features never import each other): the user is
 * passed down, and a saved name or photo refreshes the session's user, so the header shows it.
 */
function SignedInProfile({ id }: { id: string }) {
  const { user, refresh } = useAuth();
  if (!user) return null; // RequireSignIn renders this only with a user
  const signedIn: SignedInUser = {
    id: user.id,
    email: user.email,
    displayName: user.user_metadata.display_name,
    avatarUrl: user.user_metadata.avatar_url,
    emailVerified: user.email_verified,
    createdAt: user.created_at,
  };
  return <ProfilePage key={id} id={id} user={signedIn} onProfileSaved={() => void refresh()} />;
}
