import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { NgnItem } from '../../../domain/ngn-items';
import { itemCopy } from '../../content/item-copy';
import { focusOnMount } from '../focus-on-mount';
import {
  BowTieItem,
  DragAndDropItem,
  DropDownItem,
  HighlightItem,
  MatrixItem,
  MultipleResponseItem,
} from './ChoiceItems';
import type { ItemInteraction } from './item-props';

/** The answering part of an item, by type. */
function ItemBody({ item, ...interaction }: { item: NgnItem } & ItemInteraction) {
  switch (item.type) {
    case 'multiple-response':
      return <MultipleResponseItem item={item} {...interaction} />;
    case 'matrix':
      return <MatrixItem item={item} {...interaction} />;
    case 'drop-down':
      return <DropDownItem item={item} {...interaction} />;
    case 'drag-and-drop':
      return <DragAndDropItem item={item} {...interaction} />;
    case 'highlight':
      return <HighlightItem item={item} {...interaction} />;
    case 'bow-tie':
      return <BowTieItem item={item} {...interaction} />;
  }
}

/** One item: its heading, step, stem and controls. */
export function ItemView({
  item,
  index,
  total,
  heading,
  showStep = true,
  ...interaction
}: {
  item: NgnItem;
  index: number;
  total: number;
  /** The heading instead of "Item n of total" (the mock exam has no known total). */
  heading?: string;
  /** The clinical-judgment step badge (practice names it; the exam, as NCSBN's, does not). */
  showStep?: boolean;
} & ItemInteraction) {
  const headingId = `item-${item.id}-heading`;
  return (
    <Paper
      withBorder
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={headingId}
      data-item-id={item.id}
      data-item-type={item.type}
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id={headingId} tabIndex={-1} ref={focusOnMount}>
            {heading ?? `Item ${index + 1} of ${total}`}
          </Title>
          <Group gap={6}>
            {item.trend && (
              <Badge color="indigo.9" variant="filled">
                Trend
              </Badge>
            )}
            {showStep && (
              <Badge
                color="var(--pn-step-badge-bg)"
                c="var(--pn-step-badge-text)"
                variant="filled"
                data-testid="step-badge"
              >
                {itemCopy.steps[item.step]}
              </Badge>
            )}
          </Group>
        </Group>
        <Text fw={500}>{item.stem}</Text>
        <ItemBody item={item} {...interaction} />
      </Stack>
    </Paper>
  );
}
