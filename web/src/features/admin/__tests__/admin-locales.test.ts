import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';

describe('admin dictionary', () => {
  it('keep the spec wording in English', () => {
    expect(en.packages.saveFailed).toBe('Failed to save package. Please try again.');
    expect(en.packages.deleteFailed).toBe('Failed to delete package.');
    expect(en.packages.toggleFailed).toBe('Failed to toggle package.');
    expect(en.users.createFailed).toBe('Failed to create user. Please try again.');
    expect(en.users.deleteFailed).toBe('Failed to delete user. Please try again.');
    expect(en.stores.createFailed).toBe('Failed to create store. Please try again.');
    expect(en.stores.ownerRequired).toBe('Select Store Owner');
    expect(en.owners.packageRequired).toBe('Please select a package');
    expect(en.cards.noExpiration).toBe('No expiration');
  });
});
