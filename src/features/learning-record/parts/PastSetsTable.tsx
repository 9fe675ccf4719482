import { Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { setDate } from '../results-copy';

/** One past set: when it was submitted, its own columns, and the way to reopen it. */
export interface PastSetRow {
  setId: string;
  submittedAt: string;
  cells: ReactNode[];
  review: ReactNode;
}

/**
 * The layout of every list of past sets on /results (practice sets, clinical-judgment sets): a
 * titled section, a table of Date, the kind's own columns, and Review, newest first.
 */
export function PastSetsTable(props: {
  heading: string;
  headingId: string;
  testId: string;
  /** The row attribute that names the set, e.g. `data-set-id` (tests and the page find rows by it). */
  rowIdAttribute: `data-${string}`;
  columns: string[];
  rows: PastSetRow[];
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={props.headingId}>
      <Title order={2} fz="h3" id={props.headingId}>
        {props.heading}
      </Title>
      <Table withTableBorder data-testid={props.testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            {props.columns.map((column) => (
              <Table.Th scope="col" key={column}>
                {column}
              </Table.Th>
            ))}
            <Table.Th scope="col">
              <VisuallyHidden>Review</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.rows.map((row) => (
            <Table.Tr key={row.setId} {...{ [props.rowIdAttribute]: row.setId }}>
              <Table.Td>{setDate(row.submittedAt)}</Table.Td>
              {row.cells.map((cell, i) => (
                // The columns are fixed per table, so their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Td key={i}>{cell}</Table.Td>
              ))}
              <Table.Td>{row.review}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
