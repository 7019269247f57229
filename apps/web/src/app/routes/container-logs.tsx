import { useParams } from 'react-router';
import { ContainerLogsPage } from '@/features/containers/components/container-logs-page';
import { RequireSignIn } from '../require-sign-in';

/** '/containers/:id/logs': opened in a new tab from the dashboard; signed-in users only. */
export function ContainerLogsRoute() {
  const { id = '' } = useParams();
  return (
    <RequireSignIn>
      <ContainerLogsPage key={id} id={id} />
    </RequireSignIn>
  );
}
