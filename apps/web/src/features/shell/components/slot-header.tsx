import type { ReactNode } from 'react';

/** The title and tagline of a desktop app (spec 2, "Desktop shell" table). */
export function SlotHeader({ title, tagline, children }: { title: string; tagline: string; children?: ReactNode }) {
  return (
    <header className="flex flex-col gap-1 pr-12">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {children}
      </div>
      <p className="text-muted-foreground">{tagline}</p>
    </header>
  );
}
