import type { SelectHTMLAttributes } from 'react';
import { type ConsoleStaff, ROLE_LABELS } from '../../console-session.js';
import { Options } from '../../kit/index.js';

type Role = ConsoleStaff['role'];

/** A choice of staff role, by its label (the staff list, invitations, API keys). */
export function RoleSelect({
  value,
  onRole,
  ...select
}: { value: Role; onRole: (role: Role) => void } & Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange'
>) {
  return (
    <select {...select} value={value} onChange={(event) => onRole(event.target.value as Role)}>
      <Options choices={Object.entries(ROLE_LABELS)} />
    </select>
  );
}
