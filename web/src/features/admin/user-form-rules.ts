import type { TFunction } from 'i18next';
import type { UserRequest, UserRole } from './types';

export interface UserFormValues {
  name: string;
  email: string;
  password: string;
  role: UserRole | '';
  storeOwnerName: string;
  storeId: string;
  isActive: boolean;
}

type UserField = 'name' | 'email' | 'password' | 'role' | 'store_owner_name' | 'store_id';

/** Spec section 5: the user form's own checks before anything is sent. */
export function validateUser(
  values: UserFormValues,
  creating: boolean,
  t: TFunction<'admin'>,
): Partial<Record<UserField, string>> {
  const errors: Partial<Record<UserField, string>> = {};
  if (!values.name.trim()) errors.name = t('users.errors.name');
  if (!values.email.trim()) errors.email = t('users.errors.email');
  if (creating && !values.password) errors.password = t('users.errors.password');
  if (!values.role) errors.role = t('users.errors.role');
  if (values.role === 'store_owner' && !values.storeOwnerName.trim())
    errors.store_owner_name = t('users.errors.storeOwnerName');
  if (values.role === 'pos_user' && !values.storeId) errors.store_id = t('users.errors.store');
  return errors;
}

/** The request body: role-specific fields only for their role, a blank password left out. */
export function userRequest(values: UserFormValues): UserRequest {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    ...(values.password ? { password: values.password } : {}),
    role: values.role || null,
    store_owner_name: values.role === 'store_owner' ? values.storeOwnerName.trim() : null,
    store_id: values.role === 'pos_user' && values.storeId ? Number(values.storeId) : null,
    is_active: values.isActive,
  };
}
