// Mantine's global style sheets, provided by vite-mantine-styles.ts.
declare module 'virtual:mantine-styles';
