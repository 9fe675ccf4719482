import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Radio,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { SnapshotFrom } from 'xstate';
import type { ClientNeed } from '../../../domain/client-needs';
import {
  CUSTOM_TEST_KINDS,
  CUSTOM_TEST_MAX_ITEMS,
  CUSTOM_TEST_MIN_ITEMS,
  CUSTOM_TEST_MODES,
  CUSTOM_TEST_POOLS,
  type CustomTestMode,
  type CustomTestPool,
  type CustomTestSettings,
} from '../../../domain/custom-tests';
import {
  applyNearest,
  clampItemCount,
  nearestServable,
  toggleCategory,
  toggleKind,
} from '../../../machines/test-builder/builder-rules';
import type {
  TestBuilderEvent,
  testBuilderMachine,
} from '../../../machines/test-builder/test-builder.machine';
import { BusyNote } from '../../components/BusyNote';
import { ErrorDetails } from '../../components/ErrorDetails';
import { gateScreenOf } from '../../components/flow-parts/AccessGateScreen';
import { builderCopy } from './builder-copy';

export type TestBuilderSnapshot = SnapshotFrom<typeof testBuilderMachine>;

interface ViewProps {
  snapshot: TestBuilderSnapshot;
  send(event: TestBuilderEvent): void;
}

/** /practice/custom from the builder's snapshot. */
export function TestBuilderView({ snapshot, send }: ViewProps) {
  return (
    <Stack gap="lg" maw={800} mx="auto">
      <Stack gap="xs">
        <Title order={1}>{builderCopy.title}</Title>
        <Text>{builderCopy.intro}</Text>
      </Stack>
      <Body snapshot={snapshot} send={send} />
    </Stack>
  );
}

function Body({ snapshot, send }: ViewProps) {
  const gate = gateScreenOf(snapshot);
  if (gate) return gate;
  if (snapshot.matches('starting') || snapshot.matches('started'))
    return <BusyNote label={builderCopy.starting} />;
  return <Choices snapshot={snapshot} send={send} />;
}

function Choices({ snapshot, send }: ViewProps) {
  const { settings, counts, error } = snapshot.context;
  const change = (next: CustomTestSettings) => send({ type: 'settings.change', settings: next });
  const counting = snapshot.matches('counting');
  const available = (n: number | undefined) =>
    counts && !counting ? ` (${builderCopy.available(n ?? 0)})` : '';
  const byCategory = new Map(counts?.byCategory.map((c) => [c.category, c.available]));
  const allCategories =
    settings.categories.length === builderCopy.categoryGroups.flatMap((g) => g.needs).length;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'test.start' });
      }}
    >
      <Stack gap="lg">
        <Fieldset legend={builderCopy.categories}>
          <Stack gap="sm">
            <Checkbox
              label={builderCopy.allCategories}
              checked={allCategories}
              indeterminate={!allCategories}
              onChange={() =>
                change({
                  ...settings,
                  categories: allCategories
                    ? [settings.categories[0] as ClientNeed]
                    : builderCopy.categoryGroups.flatMap((g) => g.needs as ClientNeed[]),
                })
              }
            />
            {builderCopy.categoryGroups.map((group) => (
              <Stack key={group.heading} gap={4}>
                <Text fw={700} fz="sm">
                  {group.heading}
                </Text>
                {(group.needs as ClientNeed[]).map((need) => (
                  <Checkbox
                    key={need}
                    ml="md"
                    label={`${need}${available(byCategory.get(need))}`}
                    checked={settings.categories.includes(need)}
                    onChange={() => change(toggleCategory(settings, need))}
                  />
                ))}
              </Stack>
            ))}
          </Stack>
        </Fieldset>

        <NumberInput
          label={builderCopy.itemCount}
          description={builderCopy.itemCountHint}
          min={CUSTOM_TEST_MIN_ITEMS}
          max={CUSTOM_TEST_MAX_ITEMS}
          clampBehavior="blur"
          allowDecimal={false}
          value={settings.itemCount}
          onChange={(value) => {
            const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
            if (Number.isFinite(n) && n >= CUSTOM_TEST_MIN_ITEMS && n <= CUSTOM_TEST_MAX_ITEMS)
              change({ ...settings, itemCount: clampItemCount(n) });
          }}
          maw={200}
        />

        <Radio.Group
          label={builderCopy.pool}
          value={settings.pool}
          onChange={(value) => change({ ...settings, pool: value as CustomTestPool })}
        >
          <Stack gap="xs" mt="xs">
            {CUSTOM_TEST_POOLS.map((pool) => (
              <Radio
                key={pool}
                value={pool}
                label={`${builderCopy.pools[pool]}${available(counts?.byPool[pool])}`}
              />
            ))}
          </Stack>
        </Radio.Group>

        <Fieldset legend={builderCopy.kinds}>
          <Stack gap="xs">
            {CUSTOM_TEST_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={`${builderCopy.kindNames[kind]}${available(counts?.byKind[kind])}`}
                checked={settings.kinds.includes(kind)}
                onChange={() => change(toggleKind(settings, kind))}
              />
            ))}
          </Stack>
        </Fieldset>

        <Radio.Group
          label={builderCopy.mode}
          value={settings.mode}
          onChange={(value) => change({ ...settings, mode: value as CustomTestMode })}
        >
          <Stack gap="xs" mt="xs">
            {CUSTOM_TEST_MODES.map((mode) => (
              <Radio
                key={mode}
                value={mode}
                label={builderCopy.modes[mode].label}
                description={builderCopy.modes[mode].description}
              />
            ))}
          </Stack>
        </Radio.Group>

        <Summary snapshot={snapshot} send={send} />

        {snapshot.hasTag('error') && (
          <Alert
            color="red"
            role="alert"
            title={
              snapshot.matches('countFailed') ? builderCopy.countFailedTitle : builderCopy.startFailedTitle
            }
          >
            <Stack gap="sm" align="flex-start">
              <ErrorDetails message={error} />
              {snapshot.matches('countFailed') && (
                <Button onClick={() => send({ type: 'counts.retry' })}>Try again</Button>
              )}
            </Stack>
          </Alert>
        )}

        <Group>
          <Button type="submit" disabled={!snapshot.can({ type: 'test.start' })}>
            {builderCopy.start}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the choices give, or that they give nothing and the nearest choice that does. */
function Summary({ snapshot, send }: ViewProps) {
  const { settings, counts } = snapshot.context;
  if (snapshot.matches('counting') || !counts)
    return snapshot.matches('counting') ? <BusyNote label={builderCopy.counting} /> : null;
  if (counts.items > 0)
    return (
      <Text role="status" fw={700}>
        {builderCopy.willHave(counts.items)}{' '}
        {counts.items < settings.itemCount && (
          <Text span fw={400}>
            {builderCopy.fewerThanAsked(settings.itemCount)}
          </Text>
        )}
      </Text>
    );
  const nearest = nearestServable(settings, counts);
  return (
    <Alert color="brand" role="status" title={builderCopy.noItems}>
      {nearest ? (
        <Button
          variant="default"
          onClick={() => send({ type: 'settings.change', settings: applyNearest(settings, nearest) })}
        >
          {nearest.change === 'pool'
            ? builderCopy.nearestPool(builderCopy.pools[nearest.pool], nearest.available)
            : builderCopy.nearestAdd(
                nearest.change === 'kind' ? builderCopy.kindNames[nearest.kind] : nearest.category,
                nearest.available,
              )}
        </Button>
      ) : (
        <Text>{builderCopy.noNearest}</Text>
      )}
    </Alert>
  );
}
