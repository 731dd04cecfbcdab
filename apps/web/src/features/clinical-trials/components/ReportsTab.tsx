import type { TrialDto } from '@clinic/domain/contracts/clinical-trials';
import { TRIAL_REPORT_IDS, TRIAL_REPORTS } from '@clinic/domain/rules/clinical-trials';
import { Anchor, Button, Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { reportUrl } from '../api/report-url';
import { TrialPicked } from './TrialPicked';

/** The Reports tab: each report of the chosen trial as CSV and as a printable page. */
export function ReportsTab({ trials }: { trials: TrialDto[] }) {
  return (
    <TrialPicked trials={trials}>
      {(trialId) => (
        <>
          <Text fz="sm">Each report is built from the trial&apos;s current records. Download it as CSV, or open the printable page.</Text>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {TRIAL_REPORT_IDS.map((id) => (
              <Card key={id} withBorder padding="sm">
                <Stack gap="xs">
                  <Button component="a" href={reportUrl(trialId, id, 'csv')} download>
                    {TRIAL_REPORTS[id]}
                  </Button>
                  <Anchor
                    href={reportUrl(trialId, id, 'html')}
                    target="_blank"
                    rel="noopener"
                    fz="sm"
                    aria-label={`${TRIAL_REPORTS[id]} report, printable page`}
                  >
                    Printable page
                  </Anchor>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
    </TrialPicked>
  );
}
