import { Anchor, Box, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The chrome of the internal test pages: a plain header naming them as internal, and the page's title. */
export function TestPageLayout({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <Box mih="100vh">
      <Box component="header" bg="gray.1" px="lg" py="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>Internal test pages</Text>
          <Group gap="md" component="nav" aria-label="Test pages">
            <Anchor component={Link} to="/test-patient-flow">
              Patient Flow Test
            </Anchor>
            <Anchor component={Link} to="/test-organization">
              Organization Management Test
            </Anchor>
            <Anchor component={Link} to="/test-data-segregation">
              Data Segregation Test
            </Anchor>
            <Anchor component={Link} to="/dashboard">
              Dashboard
            </Anchor>
          </Group>
        </Group>
      </Box>
      <Container component="main" size="md" py="xl">
        <Stack gap="lg">
          <div>
            <Title order={1}>{title}</Title>
            <Text c="gray.7" mt={4}>
              {intro}
            </Text>
          </div>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
