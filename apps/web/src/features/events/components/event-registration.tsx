import type { EventDetail } from '@nuvem/contracts/events';
import { CheckCircle2Icon, InfoIcon, LogInIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/layouts/spinner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { toast } from '@/components/ui/sonner';
import { paths } from '@/config/paths';
import { useCancelRegistration } from '../api/cancel-registration';
import { useRegisterForEvent } from '../api/register-for-event';
import { registrationErrorKey } from '../lib/registration-errors';
import type { EventViewer } from '../lib/event-viewer';
import { useEventText } from './use-event-text';

export interface EventRegistrationProps {
  event: EventDetail;
  viewer: EventViewer;
  /** The event has started: registration is closed. */
  started: boolean;
  /** The event is over (its end, or its start without one, has passed): nothing is left to take. */
  ended: boolean;
}

/**
 * The ticket types with what is left of each, and registration: a signed-in visitor picks a
 * ticket and registers, or gives the ticket back; a signed-out one is sent to sign in and brought
 * back here. Closed when the event is cancelled, has started or is sold out.
 */
export function EventRegistration({ event, viewer, started, ended }: EventRegistrationProps) {
  const { t } = useTranslation('events');
  const text = useEventText();
  const location = useLocation();
  const headingId = useId();
  const name = useId();
  const register = useRegisterForEvent();
  const cancel = useCancelRegistration();
  const mine = event.my_registration;
  const cancelled = event.status === 'cancelled';
  const soldOut = event.ticket_types.length > 0 && event.ticket_types.every((type) => type.available <= 0);
  const open = !cancelled && !started && !mine && !soldOut;
  const firstAvailable = event.ticket_types.find((type) => type.available > 0)?.id ?? null;
  const [chosen, setChosen] = useState<string | null>(null);
  const ticketTypeId =
    chosen && event.ticket_types.some((type) => type.id === chosen && type.available > 0) ? chosen : firstAvailable;
  const signedIn = viewer.ready && viewer.id !== null;
  const selectable = open && signedIn;
  const myTicket = event.ticket_types.find((type) => type.id === mine?.ticket_type_id);
  // The ticket in question (the one chosen, or the visitor's own): is there anything to pay?
  const ticket = mine ? myTicket : event.ticket_types.find((type) => type.id === ticketTypeId);
  const paid = !cancelled && !ended && ticket !== undefined && ticket.price > 0;

  const failure = (error: unknown) => toast.error(t(registrationErrorKey(error)));
  const onRegister = () => {
    if (!ticketTypeId) return;
    register.mutate(
      { eventId: event.id, ticketTypeId },
      {
        onSuccess: () => toast.success(t('registration.registeredToast', { title: event.title })),
        onError: failure,
      },
    );
  };
  const onCancel = () =>
    cancel.mutate(event.id, {
      onSuccess: () => toast.success(t('registration.cancelledToast')),
      onError: failure,
    });

  let action;
  if (mine) {
    action = (
      <div className="flex flex-col gap-3">
        <p className="flex items-center gap-2 font-semibold text-success">
          <CheckCircle2Icon aria-hidden="true" className="size-5" />
          {t('registration.registered')}
        </p>
        {myTicket && (
          <p className="text-sm text-muted-foreground">{t('registration.registeredWith', { ticket: myTicket.name })}</p>
        )}
        {!started && (
          <AlertDialog>
            <AlertDialogTrigger asChild>
              <Button variant="outline" disabled={cancel.isPending}>
                {cancel.isPending ? t('registration.cancelling') : t('registration.cancel')}
              </Button>
            </AlertDialogTrigger>
            <AlertDialogContent>
              <AlertDialogHeader>
                <AlertDialogTitle>{t('registration.confirmTitle')}</AlertDialogTitle>
                <AlertDialogDescription>{t('registration.confirmText')}</AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>{t('registration.confirmKeep')}</AlertDialogCancel>
                <AlertDialogAction className={buttonVariants({ variant: 'destructive' })} onClick={onCancel}>
                  {t('registration.confirmCancel')}
                </AlertDialogAction>
              </AlertDialogFooter>
            </AlertDialogContent>
          </AlertDialog>
        )}
      </div>
    );
  } else if (cancelled) {
    action = <p className="text-sm text-muted-foreground">{t('registration.closedCancelled')}</p>;
  } else if (ended) {
    action = <p className="text-sm text-muted-foreground">{t('registration.closedEnded')}</p>;
  } else if (started) {
    action = <p className="text-sm text-muted-foreground">{t('registration.closedPast')}</p>;
  } else if (soldOut) {
    action = <p className="font-medium text-destructive">{t('registration.soldOut')}</p>;
  } else if (event.ticket_types.length === 0) {
    action = null;
  } else if (!viewer.ready) {
    action = <Spinner className="py-2" />;
  } else if (!signedIn) {
    const here = `${location.pathname}${location.search}`;
    action = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">{t('registration.signInText')}</p>
        <Link className={buttonVariants()} to={paths.login.getHref(here)}>
          <LogInIcon aria-hidden="true" />
          {t('registration.signIn')}
        </Link>
      </div>
    );
  } else {
    action = (
      <Button size="lg" disabled={!ticketTypeId || register.isPending} onClick={onRegister}>
        {register.isPending ? t('registration.registering') : t('registration.register')}
      </Button>
    );
  }

  const rows = event.ticket_types.map((type) => {
    const left = ended
      ? null
      : type.available > 0
        ? t('tickets.left', {
            count: type.available,
            n: text.count(type.available),
            capacity: text.count(type.capacity),
          })
        : t('tickets.soldOut');
    const content = (
      <span className="flex flex-1 items-start justify-between gap-3">
        <span className="flex flex-col">
          <span className="font-medium">{type.name}</span>
          {left && (
            <span
              className={type.available > 0 ? 'text-xs text-muted-foreground' : 'text-xs font-medium text-destructive'}
            >
              {left}
            </span>
          )}
        </span>
        <span className="flex flex-col items-end gap-1">
          <span className="font-semibold whitespace-nowrap">{text.ticketPrice(type.price, type.currency)}</span>
          {mine?.ticket_type_id === type.id && <Badge variant="success">{t('tickets.yours')}</Badge>}
        </span>
      </span>
    );
    return selectable ? (
      <label
        key={type.id}
        className="flex cursor-pointer items-start gap-3 rounded-lg border border-glass-border p-3 has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
      >
        <input
          type="radio"
          name={name}
          className="mt-1 size-4 accent-primary"
          value={type.id}
          checked={ticketTypeId === type.id}
          disabled={type.available <= 0}
          onChange={() => setChosen(type.id)}
        />
        {content}
      </label>
    ) : (
      <li key={type.id} className="flex rounded-lg border border-glass-border p-3">
        {content}
      </li>
    );
  });

  return (
    <aside aria-labelledby={headingId} className="glass flex flex-col gap-4 rounded-2xl p-5 sm:p-6 lg:sticky lg:top-20">
      <h2 id={headingId} className="text-xl font-semibold">
        {t('tickets.heading')}
      </h2>
      {event.ticket_types.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('tickets.none')}</p>
      ) : selectable ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('tickets.legend')}</legend>
          {rows}
        </fieldset>
      ) : (
        <ul className="flex flex-col gap-2">{rows}</ul>
      )}
      {/* Said as the choice changes: a paid ticket is reserved here and paid for at the event. */}
      <div aria-live="polite">
        {paid && (
          <p className="flex items-start gap-2 rounded-lg border border-glass-border bg-glass p-3 text-sm">
            <InfoIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            {t('tickets.payment')}
          </p>
        )}
      </div>
      {action}
    </aside>
  );
}
