import { Toaster as Sonner, type ToasterProps } from 'sonner';

/** The app's toast host: one toast visible at a time, as the spec's toast store has it. */
export const VISIBLE_TOASTS = 1;

export function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="dark"
      position="top-right"
      visibleToasts={VISIBLE_TOASTS}
      closeButton
      richColors
      toastOptions={{ classNames: { toast: 'glass-strong' } }}
      {...props}
    />
  );
}

export { toast } from 'sonner';
