import type { BillingResponse, InvoiceDto } from '@clinic/domain/contracts/billing';
import { Card, Text, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable';
import { formatDay, formatMoney } from '../../../ui/date-format';
import { StatusChip } from '../../../ui/StatusChip';

/** The invoices, newest as the provider lists them, sortable by date and amount. */
export function BillingHistory({ invoices }: { invoices: InvoiceDto[] }) {
  const columns: DataTableColumn<InvoiceDto>[] = [
    { key: 'date', header: 'Date', cell: (i) => formatDay(i.date, 'long'), sortValue: (i) => i.date },
    { key: 'description', header: 'Description', cell: (i) => i.description },
    { key: 'amount', header: 'Amount', cell: (i) => formatMoney(i.amountCents, i.currency), sortValue: (i) => i.amountCents },
    {
      key: 'status',
      header: 'Status',
      cell: (i) => (
        <StatusChip
          status={i.status === 'paid' ? 'Paid' : i.status === 'failed' ? 'Failed' : i.status}
          tone={i.status === 'failed' ? { color: 'red.9', text: 'white' } : i.status === 'paid' ? { color: 'teal.9', text: 'white' } : undefined}
        />
      ),
    },
  ];
  return (
    <section aria-labelledby="billing-history">
      <Title order={2} size="h3" id="billing-history" mb="sm">
        Billing History
      </Title>
      <DataTable label="Billing history" columns={columns} rows={invoices} rowKey={(i) => i.id} emptyText="No invoices yet" />
    </section>
  );
}

/** The card on file, as the provider reports it. */
export function PaymentMethod({ data }: { data: BillingResponse }) {
  const card = data.paymentMethod;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="payment-method">
      <Title order={2} size="h3" id="payment-method" mb="sm">
        Payment Method
      </Title>
      {card ? (
        <Text>
          {card.brand.toUpperCase()} ending in {card.last4}, expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
        </Text>
      ) : (
        <Text>No payment method</Text>
      )}
      {data.payments.configured && (
        <Text size="sm" c="dimmed">
          A card is added or changed through Stripe checkout when you choose a plan.
        </Text>
      )}
    </Card>
  );
}
