import { Alert, Button, Drawer, Group, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Calculator } from '../../../components/Calculator';
import { LAB_VALUES_RECORDED, labGroups, labValuesNote } from '../../../content/lab-values';
import { testSessionCopy } from '../test-session-copy';

/** Flag, private note, lab values and the on-screen calculator (shared with the mock exam), for the item on screen. */
export function TestTools({
  flagged,
  note,
  markError,
  onFlag,
  onNoteChange,
  onNoteSave,
  onRetry,
}: {
  flagged: boolean;
  note: string;
  markError: string | null;
  onFlag(): void;
  onNoteChange(text: string): void;
  onNoteSave(): void;
  onRetry(): void;
}) {
  const [calculatorOpen, calculator] = useDisclosure(false);
  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Group gap="sm">
          <Button variant={flagged ? 'filled' : 'default'} aria-pressed={flagged} onClick={onFlag}>
            {flagged ? testSessionCopy.unflag : testSessionCopy.flag}
          </Button>
          <LabValues />
          <Button variant="default" aria-expanded={calculatorOpen} onClick={calculator.toggle}>
            {calculatorOpen ? testSessionCopy.hideCalculator : testSessionCopy.calculator}
          </Button>
        </Group>
        {calculatorOpen && <Calculator />}
        <Textarea
          label={testSessionCopy.note}
          description={testSessionCopy.noteHint}
          value={note}
          autosize
          minRows={2}
          maxLength={2000}
          onChange={(e) => onNoteChange(e.currentTarget.value)}
          onBlur={onNoteSave}
        />
        {markError && (
          <Alert color="red" role="alert" title={testSessionCopy.markFailed}>
            <Group gap="sm">
              <Text fz="sm">{markError}</Text>
              <Button size="compact-sm" onClick={onRetry}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** The lab values panel: common adult reference ranges (src/content/lab-values.ts), in a drawer. */
function LabValues() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="default" onClick={open} aria-haspopup="dialog">
        {testSessionCopy.labValues}
      </Button>
      <Drawer.Root opened={opened} onClose={close} position="right" size="md">
        <Drawer.Overlay />
        <Drawer.Content>
          {/* role="none": the drawer's header element must not become a second banner landmark. */}
          <Drawer.Header role="none">
            <Drawer.Title>{testSessionCopy.labValues}</Drawer.Title>
            <Drawer.CloseButton aria-label="Close lab values" />
          </Drawer.Header>
          <Drawer.Body>
            <Stack gap="md">
              <Text fz="sm">{labValuesNote}</Text>
              {labGroups.map((group) => (
                <Stack key={group.title} gap={4}>
                  <Title order={3} fz="h5">
                    {group.title}
                  </Title>
                  <Table.ScrollContainer minWidth={0}>
                    <Table withTableBorder fz="sm">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th scope="col">Test</Table.Th>
                          <Table.Th scope="col">Range</Table.Th>
                          <Table.Th scope="col">Unit</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {group.values.map((v) => (
                          <Table.Tr key={v.name}>
                            <Table.Th scope="row" fw={500}>
                              {v.name}
                            </Table.Th>
                            <Table.Td>{v.range}</Table.Td>
                            <Table.Td>{v.unit}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                </Stack>
              ))}
              <Text fz="xs">
                Sources: {[...new Set(labGroups.flatMap((g) => g.values.map((v) => v.source)))].join('; ')}.
                Recorded {LAB_VALUES_RECORDED}.
              </Text>
            </Stack>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}
