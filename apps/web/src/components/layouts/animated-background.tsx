/**
 * The portal's full-screen animated sky, behind the whole document however long it is: the layer
 * spans the page (not only the first screen), with a glow at its top and its bottom, and the three
 * soft colour fields that drift stay with the viewport as the page scrolls (sticky, not fixed, so
 * they never leave a bare strip below a long page). They move on the compositor (transform only:
 * no layout, no paint per frame), and hold still for people who ask for reduced motion.
 *
 * Its parent must be positioned (`relative`) and as tall as the page (`min-h-dvh`).
 */
export function AnimatedBackground() {
  return (
    <div
      aria-hidden="true"
      data-testid="animated-background"
      className="pointer-events-none absolute inset-0 -z-10 overflow-clip bg-[radial-gradient(ellipse_at_top,oklch(0.26_0.07_270),transparent_70%),radial-gradient(ellipse_at_bottom,oklch(0.22_0.07_290),transparent_60%)]"
    >
      {/* `overflow-clip`, not hidden: a hidden overflow would make this a scroll box and stop the sticky sky. */}
      <div className="sticky top-0 h-dvh w-full overflow-clip">
        <div className="absolute -top-1/4 -left-1/4 size-[70vmax] animate-drift-a rounded-full bg-[radial-gradient(circle,oklch(0.62_0.17_240/0.35),transparent_65%)] will-change-transform motion-reduce:animate-none" />
        <div className="absolute -right-1/4 -bottom-1/3 size-[75vmax] animate-drift-b rounded-full bg-[radial-gradient(circle,oklch(0.6_0.2_300/0.3),transparent_65%)] will-change-transform motion-reduce:animate-none" />
        <div className="absolute top-1/4 left-1/3 size-[50vmax] animate-drift-c rounded-full bg-[radial-gradient(circle,oklch(0.7_0.14_190/0.18),transparent_65%)] will-change-transform motion-reduce:animate-none" />
      </div>
    </div>
  );
}
