import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The app's toast host: one toast visible at a time, as the spec's toast store has it. */
export const VISIBLE_TOASTS = 1;

/**
 * Where toasts appear: top right, below the header (4rem high) rather than over it, so a toast
 * never hides the avatar, the language switch or the menu button a user may need to answer it.
 */
export const TOAST_OFFSET = { top: 'calc(4rem + 0.75rem)', right: '1rem' } as const;
export const TOAST_MOBILE_OFFSET = { top: 'calc(4rem + 0.5rem)', right: '0.5rem', left: '0.5rem' } as const;

export function Toaster({ toastOptions, ...props }: ToasterProps) {
  return (
    <Sonner
      theme="dark"
      position="top-right"
      offset={TOAST_OFFSET}
      mobileOffset={TOAST_MOBILE_OFFSET}
      visibleToasts={VISIBLE_TOASTS}
      closeButton
      richColors
      {...props}
      toastOptions={{ ...toastOptions, classNames: { toast: 'glass-strong', ...toastOptions?.classNames } }}
    />
  );
}

export { toast } from 'sonner';
