import { Badge, Text } from '@mantine/core';

/** A badge's number and its access level, as the console's tables show them. */
export function BadgeLabel({ badgeNumber, accessLevel }: { badgeNumber: string; accessLevel: string }) {
  return (
    <>
      <Text ff="monospace">{badgeNumber}</Text>
      <Badge variant="light" color="blue" c="dark.8">
        {accessLevel}
      </Badge>
    </>
  );
}
