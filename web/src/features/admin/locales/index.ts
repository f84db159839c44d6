import { addNamespace } from '@/lib/i18n';
import ar from './ar.json';
import en from './en.json';

// The 'admin' namespace ships with the admin dashboard's chunk, not with the first page.
addNamespace('admin', { ar, en });
