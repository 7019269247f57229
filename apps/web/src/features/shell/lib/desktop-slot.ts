/** The dock has seven slots (spec 2, "Desktop shell"): 0 is home, 1 to 6 need sign-in. */
export const DESKTOP_SLOT_COUNT = 7;

/** The slot named by `?app=N`: an integer 0..6, anything else is home (0). */
export function parseDesktopSlot(value: string | null): number {
  if (value === null || !/^\d$/.test(value)) return 0;
  const slot = Number(value);
  return slot < DESKTOP_SLOT_COUNT ? slot : 0;
}
