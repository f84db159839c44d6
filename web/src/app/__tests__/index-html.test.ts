import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar.json';
import html from '../../../index.html?raw';

// index.html is what a crawler or a slow phone sees before the app runs: its Arabic title and
// description are the dictionary's, which the app writes again on every language change.
const document = new DOMParser().parseFromString(html, 'text/html');

describe('index.html', () => {
  it('has the Arabic title and description of the dictionary', () => {
    expect(document.documentElement.lang).toBe('ar');
    expect(document.title).toBe(ar.app.documentTitle);
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      ar.app.documentDescription,
    );
  });
});
