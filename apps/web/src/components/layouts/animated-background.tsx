/**
 * The portal's full-screen animated sky. Three soft colour fields drift on the compositor
 * (transform only: no layout, no paint per frame), so it costs almost no CPU; it holds still for
 * people who ask for reduced motion.
 */
export function AnimatedBackground() {
  return (
    <div
      aria-hidden="true"
      data-testid="animated-background"
      className="pointer-events-none fixed inset-0 -z-10 overflow-hidden"
    >
      <div className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,oklch(0.26_0.07_270),var(--color-background)_70%)]" />
      <div className="absolute -top-1/4 -left-1/4 size-[70vmax] animate-drift-a rounded-full bg-[radial-gradient(circle,oklch(0.62_0.17_240/0.35),transparent_65%)] will-change-transform motion-reduce:animate-none" />
      <div className="absolute -right-1/4 -bottom-1/3 size-[75vmax] animate-drift-b rounded-full bg-[radial-gradient(circle,oklch(0.6_0.2_300/0.3),transparent_65%)] will-change-transform motion-reduce:animate-none" />
      <div className="absolute top-1/4 left-1/3 size-[50vmax] animate-drift-c rounded-full bg-[radial-gradient(circle,oklch(0.7_0.14_190/0.18),transparent_65%)] will-change-transform motion-reduce:animate-none" />
    </div>
  );
}
