import { DataSection } from './data-section';
import { EmailSection } from './email-section';
import { MfaSection } from './mfa-section';
import { PasswordSection } from './password-section';
import { SessionsSection } from './sessions-section';

/** '/account': each section is its own component (and its own queries). */
export function AccountPage() {
  return (
    <main className="mx-auto w-full max-w-3xl space-y-6 p-4 md:p-8">
      <EmailSection />
      <PasswordSection />
      <MfaSection />
      <SessionsSection />
      <DataSection />
    </main>
  );
}
