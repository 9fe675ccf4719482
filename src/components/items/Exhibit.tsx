import { Box, Paper, Table, Tabs, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import type { ExhibitTab } from '../../../domain/ngn-items';

type ExhibitTableData = Extract<ExhibitTab, { table: unknown }>['table'];

/** The client's record for the item: tabs of notes, vital signs, results and orders. */
export function Exhibit({ tabs, title }: { tabs: ExhibitTab[]; title: string }) {
  if (tabs.length === 0) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="exhibit-heading" data-testid="exhibit">
      <Title order={2} fz="h5" id="exhibit-heading" mb="xs">
        {title}
      </Title>
      {/* Tab values by position: tab names hold spaces and apostrophes, which make invalid element ids. */}
      <Tabs defaultValue="tab-0" keepMounted={false}>
        <Tabs.List>
          {tabs.map((tab, i) => (
            <Tabs.Tab key={tab.tab} value={`tab-${i}`}>
              {tab.tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab, i) => (
          <Tabs.Panel key={tab.tab} value={`tab-${i}`} pt="sm">
            {'text' in tab ? (
              <Text style={{ whiteSpace: 'pre-wrap' }}>{tab.text}</Text>
            ) : (
              <ExhibitTable table={tab.table} label={tab.tab} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}

/**
 * An exhibit's table. The bank's vital-sign tables run to eight columns, which no phone can show
 * side by side (a 375 px screen leaves about 300 px for the table), so below Mantine's `sm`
 * breakpoint each row is drawn as its own small list of "column: value" pairs that wraps and
 * never scrolls sideways; from `sm` up it is the ordinary table, in small type with tight cells so
 * the widest one fits the record's half of a laptop screen (about 510 px at 1280 px) unscrolled.
 */
function ExhibitTable({ table, label }: { table: ExhibitTableData; label: string }) {
  return (
    <>
      <Box hiddenFrom="sm" component="ol" className="exhibit-stacked" aria-label={label}>
        {table.rows.map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are static content in a fixed order
          <li key={i}>
            <dl>
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are static content
                <Fragment key={j}>
                  <dt>{table.columns[j]}</dt>
                  <dd>{cell}</dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </Box>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={0} type="native">
          <Table striped withTableBorder fz="xs" horizontalSpacing={6} verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column) => (
                  <Table.Th key={column} scope="col">
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, i) => (
                // Exhibit rows have no ids; their order is fixed by the item.
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are static content
                <Table.Tr key={i}>
                  {row.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are static content
                    <Table.Td key={j}>{cell}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </>
  );
}
