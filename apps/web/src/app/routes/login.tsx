import { SignInPanel } from '@/features/auth/components/sign-in-panel';

export function LoginRoute() {
  return (
    <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center sm:py-16">
      <SignInPanel />
    </main>
  );
}
