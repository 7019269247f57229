import { useId, type ReactNode } from 'react';

/** One part of an account section: a heading, what it is, then its state and actions. */
export function SectionPart({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 border-t border-glass-border pt-5 first:border-t-0 first:pt-0"
    >
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}
