import {
  ActionIcon,
  Checkbox,
  Group,
  NativeSelect,
  Radio,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import type { NgnItem } from '../../../domain/ngn-items';
import { itemCopy } from '../../content/item-copy';
import { type ItemInteraction, picksIn, templateParts } from './item-props';

type Of<T extends NgnItem['type']> = Extract<NgnItem, { type: T }>;

/** Select all that apply (any number) or select N (the rest disable once N are picked). */
export function MultipleResponseItem({
  item,
  response,
  canPick,
  onPick,
  strikeOut,
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
      {item.options.map((option) => {
        const isStruck = strikeOut?.struck.includes(option.id) ?? false;
        const box = (
          <Checkbox
            key={option.id}
            value={option.id}
            label={
              isStruck ? (
                <span className="struck-option" data-struck="true">
                  {option.text}
                  <VisuallyHidden> {itemCopy.struckOut}</VisuallyHidden>
                </span>
              ) : (
                option.text
              )
            }
            checked={picks.includes(option.id)}
            disabled={!canPick('options', option.id)}
            onChange={() => onPick('options', option.id)}
          />
        );
        if (!strikeOut) return box;
        return (
          <Group key={option.id} gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
            {box}
            <ActionIcon
              variant={isStruck ? 'filled' : 'default'}
              aria-pressed={isStruck}
              aria-label={isStruck ? itemCopy.restore(option.text) : itemCopy.strike(option.text)}
              data-strike={option.id}
              onClick={() => strikeOut.onStrike(option.id)}
            >
              <Text span td="line-through" fw={700} fz="xs" aria-hidden="true">
                abc
              </Text>
            </ActionIcon>
          </Group>
        );
      })}
    </Stack>
  );
}

/** A grid: one radio per row (one choice each) or checkboxes (several per row). */
export function MatrixItem({ item, response, canPick, onPick }: { item: Of<'matrix'> } & ItemInteraction) {
  const Control = item.multiple ? Checkbox : Radio;
  return (
    <Table.ScrollContainer minWidth={0}>
      <Table withTableBorder withColumnBorders className="judgment-matrix" data-testid="matrix">
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
 * Words placed into blanks three ways, all through the same pick: drag a word onto a blank (mouse);
 * tap a word, then tap a blank (touch); or Enter/Space on a word, then on a blank (keyboard). Words
 * and blanks are native buttons. The word picked up is view state only (like a hover): nothing is
 * answered until it lands in a blank. A blank shows its word in full; tapping a filled blank with no
 * word picked up takes its word back. A word placed in another blank moves there.
 */
export function DragAndDropItem({
  item,
  response,
  canPick,
  onPick,
}: { item: Of<'drag-and-drop'> } & ItemInteraction) {
  const [held, setHeld] = useState<string | null>(null);
  const placed = new Set(Object.values(response).flat());
  const blanks = templateParts(item.template).flatMap((p) => ('blank' in p ? [p.blank] : []));
  const locked = !canPick(blanks[0] ?? '', item.tokens[0]?.id ?? '');
  const textOf = (tokenId: string | undefined) => item.tokens.find((t) => t.id === tokenId)?.text;
  const place = (blank: string, token: string) => {
    if (canPick(blank, token)) onPick(blank, token);
    setHeld(null);
  };
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed" id={`${item.id}-how`}>
        {itemCopy.dragHow}
      </Text>
      <ul className="token-pool" aria-label="Words to place">
        {item.tokens.map((token) => (
          <li key={token.id}>
            <button
              type="button"
              className="token"
              data-placed={placed.has(token.id) || undefined}
              aria-pressed={held === token.id}
              aria-describedby={`${item.id}-how`}
              disabled={locked}
              draggable={!locked}
              onDragStart={(event) => event.dataTransfer.setData('text/plain', token.id)}
              onClick={() => setHeld(held === token.id ? null : token.id)}
            >
              {token.text}
            </button>
          </li>
        ))}
      </ul>
      <Text component="div" lh={2.4} data-testid="cloze">
        {templateParts(item.template).map((part, i) => {
          // biome-ignore lint/suspicious/noArrayIndexKey: the template's text parts are fixed and have no ids
          if ('text' in part) return <span key={`t${i}`}>{part.text}</span>;
          const current = picksIn(response, part.blank)[0];
          const word = textOf(current);
          return (
            <button
              key={`b${part.blank}`}
              type="button"
              className="drop-target"
              data-blank={part.blank}
              data-armed={held !== null || undefined}
              aria-label={`Blank ${part.blank}: ${word ?? itemCopy.emptyBlank}`}
              aria-describedby={`${item.id}-how`}
              disabled={locked}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                const token = event.dataTransfer.getData('text/plain');
                if (token) place(part.blank, token);
              }}
              onClick={() => {
                if (held) place(part.blank, held);
                else if (current) onPick(part.blank, current);
              }}
            >
              {word ?? (
                <span className="drop-target-empty" aria-hidden="true">
                  Blank {part.blank}
                </span>
              )}
            </button>
          );
        })}
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

/**
 * The bow-tie as the exam draws it: the two actions on the left, the condition in the centre and the
 * two parameters on the right, each box showing what is picked; the three lists to pick from below.
 * On a phone the boxes stack (CSS).
 */
export function BowTieItem({ item, response, canPick, onPick }: { item: Of<'bow-tie'> } & ItemInteraction) {
  const textOf = (groupId: 'condition' | 'actions' | 'parameters', index: number) => {
    const id = picksIn(response, groupId)[index];
    return item[groupId].find((o) => o.id === id)?.text;
  };
  const slot = (name: string, label: string, text: string | undefined) => (
    <div className="bow-tie-slot" data-slot={name} data-filled={text !== undefined || undefined}>
      <span className="bow-tie-slot-label">{label}</span>
      <span>{text ?? '—'}</span>
    </div>
  );
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
    <Stack gap="md" data-testid="bow-tie">
      {/* A picture of the picks below, for sighted students; the lists carry the same for everyone. */}
      <div className="bow-tie-diagram" aria-hidden="true" data-testid="bow-tie-diagram">
        {slot('action1', 'Action to take', textOf('actions', 0))}
        {slot('action2', 'Action to take', textOf('actions', 1))}
        {slot('condition', 'Condition most likely', textOf('condition', 0))}
        {slot('parameter1', 'Parameter to monitor', textOf('parameters', 0))}
        {slot('parameter2', 'Parameter to monitor', textOf('parameters', 1))}
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {list('actions', 'Actions to take (select 2)')}
        {list('condition', 'Condition most likely (select 1)')}
        {list('parameters', 'Parameters to monitor (select 2)')}
      </SimpleGrid>
    </Stack>
  );
}
