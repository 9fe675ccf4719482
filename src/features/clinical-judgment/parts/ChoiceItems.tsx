import { Checkbox, NativeSelect, Radio, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { NgnItem } from '../../../../domain/ngn-items';
import { type ItemInteraction, picksIn, templateParts } from './item-props';

type Of<T extends NgnItem['type']> = Extract<NgnItem, { type: T }>;

/** Select all that apply (any number) or select N (the rest disable once N are picked). */
export function MultipleResponseItem({
  item,
  response,
  canPick,
  onPick,
}: { item: Of<'multiple-response'> } & ItemInteraction) {
  const picks = picksIn(response, 'options');
  return (
    <Stack
      gap="xs"
      role="group"
      aria-label={item.select === 'all' ? 'Select all that apply' : `Select ${item.select}`}
    >
      <Text fz="sm" c="dimmed">
        {item.select === 'all' ? 'Select all that apply.' : `Select ${item.select}.`}
      </Text>
      {item.options.map((option) => (
        <Checkbox
          key={option.id}
          value={option.id}
          label={option.text}
          checked={picks.includes(option.id)}
          disabled={!canPick('options', option.id)}
          onChange={() => onPick('options', option.id)}
        />
      ))}
    </Stack>
  );
}

/** A grid: one radio per row (one choice each) or checkboxes (several per row). */
export function MatrixItem({ item, response, canPick, onPick }: { item: Of<'matrix'> } & ItemInteraction) {
  const Control = item.multiple ? Checkbox : Radio;
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table withTableBorder withColumnBorders data-testid="matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              {item.multiple ? 'Select all that apply in each row' : 'Select one in each row'}
            </Table.Th>
            {item.columns.map((column) => (
              <Table.Th key={column.id} scope="col">
                {column.text}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {item.rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row" fw={500}>
                {row.text}
              </Table.Th>
              {item.columns.map((column) => (
                <Table.Td key={column.id}>
                  <Control
                    name={`${item.id}-${row.id}`}
                    value={column.id}
                    aria-label={`${row.text}: ${column.text}`}
                    checked={picksIn(response, row.id).includes(column.id)}
                    disabled={!canPick(row.id, column.id)}
                    onChange={() => onPick(row.id, column.id)}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Drop-downs inside the sentence; each is a native select, so keyboards and screen readers know it. */
export function DropDownItem({
  item,
  response,
  canPick,
  onPick,
}: { item: Of<'drop-down'> } & ItemInteraction) {
  return (
    <Text component="div" lh={2.4} data-testid="cloze">
      {templateParts(item.template).map((part, i) => {
        // biome-ignore lint/suspicious/noArrayIndexKey: the template's text parts are fixed and have no ids
        if ('text' in part) return <span key={`t${i}`}>{part.text}</span>;
        const blank = item.blanks.find((b) => b.id === part.blank);
        const picked = picksIn(response, part.blank)[0] ?? '';
        return (
          <NativeSelect
            key={`b${part.blank}`}
            display="inline-block"
            mx={4}
            aria-label={`Blank ${part.blank}`}
            value={picked}
            disabled={!canPick(part.blank, blank?.options[0]?.id ?? '')}
            onChange={(event) => event.currentTarget.value && onPick(part.blank, event.currentTarget.value)}
            data={[
              { value: '', label: 'Select…', disabled: true },
              ...(blank?.options.map((o) => ({ value: o.id, label: o.text })) ?? []),
            ]}
          />
        );
      })}
    </Text>
  );
}

/**
 * Words dragged into blanks. Every blank is also a native select listing the words (the keyboard and
 * screen-reader way to place one); a word placed in another blank moves there.
 */
export function DragAndDropItem({
  item,
  response,
  canPick,
  onPick,
}: { item: Of<'drag-and-drop'> } & ItemInteraction) {
  const placed = new Set(Object.values(response).flat());
  const blanks = templateParts(item.template).flatMap((p) => ('blank' in p ? [p.blank] : []));
  const locked = !canPick(blanks[0] ?? '', item.tokens[0]?.id ?? '');
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed" id={`${item.id}-how`}>
        Drag a word into each blank, or choose it from the blank's list.
      </Text>
      <ul className="token-pool" aria-label="Words to place">
        {item.tokens.map((token) => (
          <li
            key={token.id}
            className="token"
            data-placed={placed.has(token.id) || undefined}
            draggable={!locked}
            onDragStart={(event) => event.dataTransfer.setData('text/plain', token.id)}
          >
            {token.text}
          </li>
        ))}
      </ul>
      <Text component="div" lh={2.4} data-testid="cloze">
        {templateParts(item.template).map((part, i) =>
          'text' in part ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the template's text parts are fixed and have no ids
            <span key={`t${i}`}>{part.text}</span>
          ) : (
            // The drop zone is the mouse's way in; the select inside is the keyboard's and screen reader's.
            // biome-ignore lint/a11y/noStaticElementInteractions: the select inside is the accessible control
            <span
              key={`b${part.blank}`}
              className="drop-target"
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                const token = event.dataTransfer.getData('text/plain');
                if (token && canPick(part.blank, token)) onPick(part.blank, token);
              }}
            >
              <NativeSelect
                display="inline-block"
                mx={4}
                aria-label={`Blank ${part.blank}`}
                aria-describedby={`${item.id}-how`}
                value={picksIn(response, part.blank)[0] ?? ''}
                disabled={locked}
                onChange={(event) =>
                  event.currentTarget.value && onPick(part.blank, event.currentTarget.value)
                }
                data={[
                  { value: '', label: 'Select…', disabled: true },
                  ...item.tokens.map((t) => ({ value: t.id, label: t.text })),
                ]}
              />
            </span>
          ),
        )}
      </Text>
    </Stack>
  );
}

/** A passage whose phrases are toggle buttons: pressed means highlighted. */
export function HighlightItem({
  item,
  response,
  canPick,
  onPick,
}: { item: Of<'highlight'> } & ItemInteraction) {
  const picks = picksIn(response, 'segments');
  return (
    <Stack gap="xs">
      <Text fz="sm" c="dimmed">
        Select a phrase to highlight it; select it again to remove the highlight.
      </Text>
      <div className="highlight-passage" data-testid="highlight-passage">
        {item.segments.map((segment) => (
          <button
            key={segment.id}
            type="button"
            className="highlight-segment"
            aria-pressed={picks.includes(segment.id)}
            disabled={!canPick('segments', segment.id)}
            onClick={() => onPick('segments', segment.id)}
          >
            {segment.text}
          </button>
        ))}
      </div>
    </Stack>
  );
}

/** The bow-tie: actions to take, the condition in the middle, parameters to monitor. */
export function BowTieItem({ item, response, canPick, onPick }: { item: Of<'bow-tie'> } & ItemInteraction) {
  const list = (groupId: 'condition' | 'actions' | 'parameters', legend: string) => {
    const options = item[groupId];
    const picks = picksIn(response, groupId);
    const Control = groupId === 'condition' ? Radio : Checkbox;
    return (
      <Stack gap="xs" component="fieldset" className="bow-tie-part" data-part={groupId}>
        <Text component="legend" fw={600}>
          {legend}
        </Text>
        {options.map((option) => (
          <Control
            key={option.id}
            name={`${item.id}-${groupId}`}
            value={option.id}
            label={option.text}
            checked={picks.includes(option.id)}
            disabled={!canPick(groupId, option.id)}
            onChange={() => onPick(groupId, option.id)}
          />
        ))}
      </Stack>
    );
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} data-testid="bow-tie">
      {list('actions', 'Actions to take (select 2)')}
      {list('condition', 'Condition most likely (select 1)')}
      {list('parameters', 'Parameters to monitor (select 2)')}
    </SimpleGrid>
  );
}
