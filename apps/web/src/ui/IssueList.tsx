import { List } from '@mantine/core';
import type { ReactNode } from 'react';

/** A refusal's field issues as a list, or `fallback` when it has none (the body of an error banner). */
export function IssueList({ issues, fallback }: { issues: readonly string[]; fallback: ReactNode }) {
  if (issues.length === 0) return <>{fallback}</>;
  return (
    <List size="sm">
      {issues.map((m) => (
        <List.Item key={m}>{m}</List.Item>
      ))}
    </List>
  );
}
