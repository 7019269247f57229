import { BoxesIcon, CalendarDaysIcon, CreditCardIcon, GraduationCapIcon, KeyRoundIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';

const highlights = [
  {
    icon: BoxesIcon,
    title: 'Containers',
    text: 'Create, scale and watch LXD containers.',
    href: paths.developer.getHref(),
  },
  {
    icon: KeyRoundIcon,
    title: 'Developer keys',
    text: 'Register applications and manage API keys.',
    href: paths.developer.getHref(),
  },
  {
    icon: CreditCardIcon,
    title: 'Plans',
    text: 'Subscriptions and add-ons that grow with you.',
    href: paths.pricing.getHref(),
  },
  { icon: CalendarDaysIcon, title: 'Events', text: 'Discover what is happening next.', href: paths.events.getHref() },
  {
    icon: GraduationCapIcon,
    title: 'Ingenious Gen',
    text: 'Training programme and placements.',
    href: paths.ingeniousgen.getHref(),
  },
] as const;

export function HomeRoute() {
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col items-center gap-12 px-4 py-16 sm:px-6 lg:py-24">
      <section className="flex max-w-3xl flex-col items-center gap-6 text-center">
        <h1 className="bg-gradient-to-r from-sky-300 via-indigo-200 to-violet-300 bg-clip-text text-5xl font-extrabold tracking-tight text-transparent sm:text-6xl">
          Nuvem
        </h1>
        <p className="text-lg text-muted-foreground sm:text-xl">
          The enterprise cloud platform: containers, developer tools and integrated business apps in one place.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" asChild>
            <Link to={paths.developer.getHref()}>Open the console</Link>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to={paths.pricing.getHref()}>See plans</Link>
          </Button>
        </div>
      </section>
      <ul className="grid w-full grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {highlights.map(({ icon: Icon, title, text, href }) => (
          <li key={title}>
            <Link to={href} className="group block h-full rounded-xl focus-visible:outline-offset-4">
              <Card className="h-full transition-colors group-hover:bg-glass-strong">
                <CardHeader>
                  <Icon aria-hidden="true" className="size-6 text-primary" />
                  <CardTitle>
                    <h2>{title}</h2>
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
