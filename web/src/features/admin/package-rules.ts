import type { TFunction } from 'i18next';
import { bounds } from '@/lib/api/bounds';
import { formatNumber, normalizeDigits } from '@/lib/format';
import type { Package, PackageRequest } from './types';

/** The server's bounds (the OpenAPI document). */
export const PACKAGE_BOUNDS = {
  priceMin: bounds.PackageRequest.price.minimum,
  storeLimitMin: bounds.PackageRequest.store_limit.minimum,
  storeLimitMax: bounds.PackageRequest.store_limit.maximum,
  durationMin: bounds.PackageRequest.duration_months.minimum,
  durationMax: bounds.PackageRequest.duration_months.maximum,
  nameMax: bounds.PackageRequest.name.maxLength,
  descriptionMax: bounds.PackageRequest.description.maxLength,
} as const;

export interface PackageFormValues {
  name: string;
  description: string;
  price: string;
  storeLimit: string;
  durationMonths: string;
  features: string;
  isActive: boolean;
}

type PackageField = 'name' | 'description' | 'price' | 'store_limit' | 'duration_months' | 'features';

/** Spec section 9: price 0, store limit 1, duration 1 month, active. */
export const PACKAGE_DEFAULTS: PackageFormValues = {
  name: '',
  description: '',
  price: '0',
  storeLimit: '1',
  durationMonths: '1',
  features: '',
  isActive: true,
};

export function packageFormValues(pkg: Package | null): PackageFormValues {
  if (!pkg) return PACKAGE_DEFAULTS;
  return {
    name: pkg.name,
    description: pkg.description ?? '',
    price: pkg.price,
    storeLimit: String(pkg.store_limit),
    durationMonths: String(pkg.duration_months),
    features: pkg.features.join('\n'),
    isActive: pkg.is_active,
  };
}

/** One feature per line: trimmed, blank lines dropped. */
export function splitFeatures(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function toNumber(text: string): number {
  const value = normalizeDigits(text).trim();
  return value === '' ? Number.NaN : Number(value);
}

export function validatePackage(
  values: PackageFormValues,
  t: TFunction<'admin'>,
): Partial<Record<PackageField, string>> {
  const errors: Partial<Record<PackageField, string>> = {};
  if (!values.name.trim()) errors.name = t('packages.errors.name');
  // Each cause its own message: blank, negative, not whole, too large.
  const price = toNumber(values.price);
  if (normalizeDigits(values.price).trim() === '') errors.price = t('packages.errors.priceRequired');
  else if (!Number.isFinite(price) || price < PACKAGE_BOUNDS.priceMin)
    errors.price = t('packages.errors.price');
  // Bounds read the same in both languages: Latin digits with a thousands comma (lib/format).
  const limit = toNumber(values.storeLimit);
  if (Number.isFinite(limit) && !Number.isInteger(limit))
    errors.store_limit = t('packages.errors.storeLimitWhole');
  else if (!Number.isInteger(limit) || limit < PACKAGE_BOUNDS.storeLimitMin)
    errors.store_limit = t('packages.errors.storeLimit');
  else if (limit > PACKAGE_BOUNDS.storeLimitMax)
    errors.store_limit = t('packages.errors.storeLimitMax', {
      max: formatNumber(PACKAGE_BOUNDS.storeLimitMax, 'en'),
    });
  const duration = toNumber(values.durationMonths);
  if (Number.isFinite(duration) && !Number.isInteger(duration))
    errors.duration_months = t('packages.errors.durationWhole');
  else if (!Number.isInteger(duration) || duration < PACKAGE_BOUNDS.durationMin)
    errors.duration_months = t('packages.errors.duration');
  else if (duration > PACKAGE_BOUNDS.durationMax)
    errors.duration_months = t('packages.errors.durationMax', {
      count: PACKAGE_BOUNDS.durationMax,
      value: formatNumber(PACKAGE_BOUNDS.durationMax, 'en'),
    });
  return errors;
}

/** The request body; call after `validatePackage` found nothing. */
export function packageRequest(values: PackageFormValues): PackageRequest {
  return {
    name: values.name.trim(),
    description: values.description.trim() || null,
    price: normalizeDigits(values.price).trim(),
    store_limit: toNumber(values.storeLimit),
    duration_months: toNumber(values.durationMonths),
    features: splitFeatures(values.features),
    is_active: values.isActive,
  };
}
