import { addNamespace } from '@/lib/i18n';
import ar from './ar.json';
import en from './en.json';

// The 'owner' namespace ships with the owner dashboard's chunk, not with the first page.
addNamespace('owner', { ar, en });
