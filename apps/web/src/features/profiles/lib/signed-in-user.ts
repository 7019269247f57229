/**
 * The signed-in user as the profile page needs it. Features do not import each other, so the
 * route (app/) reads the session and passes this down.
 */
export interface SignedInUser {
  id: string;
  email: string;
  displayName: string | null;
  avatarUrl: string | null;
  emailVerified: boolean;
  createdAt: string;
}
