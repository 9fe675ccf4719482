import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { AnyActorRef, AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { machines } from '../../../machines/index';
import { rootEvents, stateRows } from '../../../machines/shared/machine-chart';
import { leafStateIds, toModelMachine } from '../../../machines/shared/model-machine';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { inspect } from '../../runtime/inspector';
import { FlowScreen, hasScreen } from './FlowScreen';
import { MermaidChart } from './MermaidChart';
import { type EventPreset, presetsFor } from './presets';
import { eventGroups, formatContext, highlightedChart, startRun, toModelTestPath } from './simulator';

/** Marks this page's code: the production bundle check looks for it. */
export const DEV_FLOWS_MARKER = 'dev-flows-simulator';

const machineIds = Object.keys(machines);
const preStyle = {
  maxHeight: 320,
  overflow: 'auto',
  margin: '4px 0',
  padding: 8,
  background: 'var(--mantine-color-gray-0)',
  border: '1px solid var(--mantine-color-gray-4)',
  fontSize: 13,
} as const;
const fieldsetStyle = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/** /dev/flows (development builds only): every flow's chart, its states, and a simulator of its model. */
export function FlowsPage() {
  usePageTitle('Flows (development)');
  const [params] = useSearchParams();
  const requested = params.get('machine');
  const machineId = requested && requested in machines ? requested : (machineIds[0] ?? '');
  const machine = machines[machineId];

  return (
    <Stack gap="lg" py="lg" data-page={DEV_FLOWS_MARKER}>
      <div>
        <Title order={1}>Flows</Title>
        <Text>
          Development only. Each flow&apos;s chart is drawn from its machine; the simulator runs the
          machine&apos;s model, where backend calls and timers are events you click. Nothing here uses the
          network.
        </Text>
      </div>
      <nav aria-label="Flows">
        <Group component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {machineIds.map((id) => (
            <li key={id}>
              <Anchor
                component={Link}
                to={`${paths.devFlows}?machine=${encodeURIComponent(id)}`}
                aria-current={id === machineId ? 'page' : undefined}
                fw={id === machineId ? 700 : 400}
                underline="always"
              >
                {id}
              </Anchor>
            </li>
          ))}
        </Group>
      </nav>
      {machine ? <FlowView key={machineId} machineId={machineId} machine={machine} /> : null}
    </Stack>
  );
}

interface HistoryEntry {
  group: string;
  label: string;
  event: AnyEventObject;
}

interface Run {
  actor: AnyActorRef;
  history: HistoryEntry[];
  snapshot: AnyMachineSnapshot;
}

function FlowView({ machineId, machine }: { machineId: string; machine: AnyStateMachine }) {
  const model = useMemo(() => toModelMachine(machine).model, [machine]);
  const presets = presetsFor(machineId);
  const [inputIndex, setInputIndex] = useState(0);
  const inputPreset = presets.inputs[inputIndex] ?? presets.inputs[0];

  const begin = (history: HistoryEntry[], index = inputIndex): Run => {
    const actor = startRun(
      model,
      (presets.inputs[index] ?? presets.inputs[0])?.create(),
      history.map((h) => h.event),
      inspect,
    );
    return { actor, history, snapshot: actor.getSnapshot() as AnyMachineSnapshot };
  };
  const [run, setRun] = useState<Run>(() => begin([]));
  const actorRef = useRef(run.actor);
  useEffect(() => {
    actorRef.current = run.actor;
  }, [run.actor]);
  useEffect(() => () => actorRef.current.stop(), []);

  const replace = (next: Run) => {
    run.actor.stop();
    setRun(next);
  };
  const send = (group: string, preset: EventPreset) => {
    run.actor.send(preset.event);
    setRun({
      actor: run.actor,
      history: [...run.history, { group, label: preset.label, event: preset.event }],
      snapshot: run.actor.getSnapshot() as AnyMachineSnapshot,
    });
  };

  const { snapshot, history } = run;
  const activeIds = leafStateIds(snapshot);
  const groups = eventGroups(machine, snapshot, presets);
  const rows = stateRows(machine);
  const globalEvents = rootEvents(machine);
  const path = toModelTestPath(
    machineId,
    inputPreset?.label ?? '',
    history.map((h) => h.event),
  );
  const [copyStatus, setCopyStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(path);
      setCopyStatus('Copied the path to the clipboard.');
    } catch {
      setCopyStatus('The clipboard is not available here: select the path below and copy it.');
    }
  };

  return (
    <Stack gap="lg">
      <section aria-labelledby="flow-title">
        <Title order={2} id="flow-title">
          <Code fz="inherit">{machineId}</Code>
        </Title>
        <Text>{machine.root.description}</Text>
      </section>

      <section aria-labelledby="chart-title">
        <Title order={3} id="chart-title">
          Chart
        </Title>
        <Text size="sm" mb="xs">
          Highlighted (thick orange border): the active state. Edges read <Code>event [guard]</Code>,{' '}
          <Code>done(x)</Code>/<Code>error(x)</Code> for backend calls, <Code>after 3s</Code> for timers and{' '}
          <Code>always</Code> for immediate decisions.
        </Text>
        <MermaidChart
          text={highlightedChart(machine, activeIds)}
          label={`State chart of ${machineId}; active: ${activeIds.join(', ') || 'none'}`}
        />
        {globalEvents.length > 0 && (
          <Text size="sm" mt="xs">
            Handled in every state:{' '}
            {globalEvents.map((e) => (
              <Code key={e} mr={4}>
                {e}
              </Code>
            ))}
          </Text>
        )}
      </section>

      <Paper withBorder p="md" component="section" aria-labelledby="simulator-title">
        <Stack gap="md">
          <Title order={3} id="simulator-title">
            Simulator
          </Title>
          <NativeSelect
            label="Input"
            description="What the page knows when the flow starts. Changing it restarts the simulation."
            value={String(inputIndex)}
            data={presets.inputs.map((p, i) => ({ value: String(i), label: p.label }))}
            onChange={(e) => {
              const index = Number(e.currentTarget.value);
              setInputIndex(index);
              replace(begin([], index));
            }}
            maw={480}
          />
          <div aria-live="polite">
            <Text component="div">
              Active state:{' '}
              <Code data-active-states={activeIds.join(' ')}>{activeIds.join(', ') || 'none'}</Code>{' '}
              {snapshot.status !== 'active' && (
                <Badge color="gray.8" variant="filled">
                  {snapshot.status === 'done' ? 'final: the flow has ended' : snapshot.status}
                </Badge>
              )}
            </Text>
            {snapshot.status === 'error' && (
              <Text c="red.9" role="alert">
                The model stopped with an error: {String(snapshot.error)}
              </Text>
            )}
          </div>

          <section aria-labelledby="events-title">
            <Title order={4} id="events-title">
              Events the current state accepts
            </Title>
            {groups.length === 0 && <Text size="sm">None: this is a final state. Step back or reset.</Text>}
            <Stack gap="xs" mt="xs">
              {groups.map((group) => (
                <fieldset key={group.type} style={fieldsetStyle}>
                  <Text component="legend" size="sm" fw={700} p={0}>
                    {group.title}
                    {group.title !== group.type && (
                      <Text span size="xs" ml={6}>
                        ({group.type})
                      </Text>
                    )}
                  </Text>
                  <Group gap={6} mt={4}>
                    {group.choices.map((choice) => (
                      <Button
                        key={choice.label}
                        size="compact-sm"
                        variant="default"
                        disabled={!choice.enabled}
                        aria-label={
                          choice.label === group.title ? group.title : `${group.title}: ${choice.label}`
                        }
                        onClick={() => send(group.title, choice)}
                      >
                        {choice.label}
                      </Button>
                    ))}
                  </Group>
                </fieldset>
              ))}
            </Stack>
          </section>

          <div>
            <Title order={4} id="history-title">
              History
            </Title>
            {history.length === 0 ? (
              <Text size="sm">No events yet.</Text>
            ) : (
              <ol aria-labelledby="history-title" style={{ margin: '4px 0', paddingLeft: 24 }}>
                {history.map((h, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows or shrinks at its end
                  <li key={i}>
                    <Code>{h.group}</Code> {h.label !== h.group ? h.label : ''}
                  </li>
                ))}
              </ol>
            )}
            <Group gap="xs" mt="xs">
              <Button
                variant="default"
                size="compact-sm"
                disabled={history.length === 0}
                onClick={() => replace(begin(history.slice(0, -1)))}
              >
                Step back
              </Button>
              <Button variant="default" size="compact-sm" onClick={() => replace(begin([]))}>
                Reset
              </Button>
              <Button size="compact-sm" onClick={copy}>
                Copy as model-test path
              </Button>
            </Group>
            <Text size="sm" aria-live="polite" mt={4}>
              {copyStatus}
            </Text>
          </div>

          <section aria-labelledby="path-title">
            <Title order={4} id="path-title">
              Model-test path
            </Title>
            <pre
              data-testid="model-test-path"
              style={preStyle}
              // A scrollable region must be reachable by keyboard.
              // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
              tabIndex={0}
            >
              {path}
            </pre>
          </section>

          <section aria-labelledby="context-title">
            <Title order={4} id="context-title">
              Context
            </Title>
            <pre
              data-testid="context"
              style={preStyle}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region
              tabIndex={0}
            >
              {formatContext(snapshot.context)}
            </pre>
          </section>
        </Stack>
      </Paper>

      <section aria-labelledby="states-title">
        <Title order={3} id="states-title">
          States
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">What the student sees / what happens</Table.Th>
                <Table.Th scope="col">Tags</Table.Th>
                <Table.Th scope="col">Calls</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const active = snapshot._nodes.some((n: { id: string }) => n.id === row.id);
                return (
                  <Table.Tr key={row.id} aria-current={active ? 'true' : undefined} fw={active ? 700 : 400}>
                    <Table.Td>
                      <Code>{row.path}</Code>
                      {active && (
                        <Badge ml={6} size="sm" color="dark.7" variant="filled">
                          active
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{row.description}</Table.Td>
                    <Table.Td>{row.tags.join(', ')}</Table.Td>
                    <Table.Td>{row.invokes.join(', ')}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </section>

      {hasScreen(machineId) && (
        <Paper withBorder p="md" component="section" aria-labelledby="screen-title">
          <Title order={3} id="screen-title">
            Screen
          </Title>
          <Text size="sm" mb="sm">
            The page's real view in the active state (last on this page: its own headings start again at level
            1); its buttons send their events to the simulator.
          </Text>
          <FlowScreen
            machineId={machineId}
            snapshot={snapshot}
            send={(event) => send(event.type, { label: event.type, event })}
          />
        </Paper>
      )}
    </Stack>
  );
}
