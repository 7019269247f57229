import { roles, type Role } from '@nuvem/contracts/orgs';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldControlProps } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';

export interface RoleSelectProps {
  value: Role;
  /** The roles offered (those the viewer may give); the current one is always among them. */
  options: readonly Role[];
  onChange: (role: Role) => void;
  /** The accessible name when no form field labels it ('Role of Ana'). */
  label?: string;
  /** The ties to a form field's label, hint and error. */
  control?: FieldControlProps;
  triggerRef?: Ref<HTMLButtonElement>;
  disabled?: boolean;
  className?: string;
}

/** A choice of role, in the language in use. */
export function RoleSelect({
  value,
  options,
  onChange,
  label,
  control,
  triggerRef,
  disabled,
  className,
}: RoleSelectProps) {
  const { t } = useTranslation('orgSettings');
  const offered = options.includes(value) ? options : [value, ...options];
  return (
    <Select
      value={value}
      disabled={disabled}
      onValueChange={(next) => {
        const role = roles.find((candidate) => candidate === next);
        if (role && role !== value) onChange(role);
      }}
    >
      <SelectTrigger {...control} ref={triggerRef} aria-label={label} className={cn('w-36', className)}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {roles
          .filter((role) => offered.includes(role))
          .map((role) => (
            <SelectItem key={role} value={role}>
              {t(`roles.${role}`)}
            </SelectItem>
          ))}
      </SelectContent>
    </Select>
  );
}
