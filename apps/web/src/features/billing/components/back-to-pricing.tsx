import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The outlined 'Back to pricing' link of the checkout's closed and result pages. */
export function BackToPricing({ label }: { label: string }) {
  return (
    <Button asChild variant="outline">
      <Link to={paths.pricing.getHref()}>
        <ArrowLeftIcon aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
