import { Button } from '@mantine/core';
import type { VisitorDto } from '@clinic/domain/contracts/visitors';

/** A table row's View button, named after its visitor. */
export function ViewVisitorButton({ visitor, onView }: { visitor: VisitorDto; onView: (id: string) => void }) {
  return (
    <Button size="xs" variant="default" onClick={() => onView(visitor.id)} aria-label={`View ${visitor.firstName} ${visitor.lastName}`}>
      View
    </Button>
  );
}
