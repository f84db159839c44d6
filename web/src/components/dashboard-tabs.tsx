import { Center, Loader, Tabs } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import classes from './dashboard-tabs.module.css';

interface DashboardTabsProps<Name extends string> {
  tabs: readonly Name[];
  value: Name;
  onChange: (next: string | null) => void;
  /** The tab list's accessible name. */
  label: string;
  title: (name: Name) => string;
  icons: Record<Name, ReactNode>;
  /** Each tab's content, loaded on demand (a spinner until its code has come). */
  panels: Record<Name, ReactNode>;
  /** Each tab's test id is this and its name (`admin-tab-users`). */
  testIdPrefix: string;
  /** The tab list's class (hidden when printing). */
  listClassName?: string;
}

/** A dashboard's tabs: only the open one is mounted, each loaded when it is first opened. */
export function DashboardTabs<Name extends string>({
  tabs,
  value,
  onChange,
  label,
  title,
  icons,
  panels,
  testIdPrefix,
  listClassName,
}: DashboardTabsProps<Name>) {
  return (
    <Tabs
      value={value}
      onChange={onChange}
      keepMounted={false}
      variant="outline"
      classNames={{ tab: classes.tab, tabSection: classes.section }}
    >
      <Tabs.List aria-label={label} className={listClassName}>
        {tabs.map((name) => (
          <Tabs.Tab key={name} value={name} leftSection={icons[name]} data-testid={`${testIdPrefix}-${name}`}>
            {title(name)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((name) => (
        <Tabs.Panel key={name} value={name} pt="lg">
          <Suspense
            fallback={
              <Center py="xl">
                <Loader />
              </Center>
            }
          >
            {panels[name]}
          </Suspense>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
