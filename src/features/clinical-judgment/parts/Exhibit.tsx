import { Paper, Table, Tabs, Text, Title } from '@mantine/core';
import type { ExhibitTab } from '../../../../domain/ngn-items';

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
              <Table.ScrollContainer minWidth={320}>
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      {tab.table.columns.map((column) => (
                        <Table.Th key={column} scope="col">
                          {column}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {tab.table.rows.map((row, i) => (
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
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Paper>
  );
}
