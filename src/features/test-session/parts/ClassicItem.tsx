import { ActionIcon, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type {
  CustomTestItem,
  CustomTestResponse,
} from '../../../../machines/test-session/test-session.machine';
import { CLASSIC_RESPONSE_PART } from '../../../../machines/test-session/test-session.rules';
import { QuestionCard } from '../../../components/items/QuestionCard';
import { optionLetter } from '../../../components/option-letter';
import { testSessionCopy } from '../test-session-copy';

/** What the test page gives the item on screen, whatever its kind (TestItemPanel passes it on). */
export interface ItemOnScreen {
  item: CustomTestItem;
  index: number;
  total: number;
  response: CustomTestResponse;
  locked: boolean;
  struck: string[];
  onStrike(choiceId: string): void;
}

/**
 * A classic question (the shared QuestionCard) with strike-out buttons beside its options: visual
 * only (a struck option can still be chosen), by click or keyboard, announced to screen readers.
 */
export function ClassicItem({
  item,
  index,
  total,
  response,
  locked,
  struck,
  onPick,
  onStrike,
}: ItemOnScreen & { onPick(choiceId: string): void }) {
  const [announcement, setAnnouncement] = useState('');
  const options = item.classic?.options ?? [];
  return (
    <Stack gap="xs">
      <QuestionCard
        question={{
          id: item.itemId,
          stem: item.classic?.stem ?? '',
          options,
        }}
        index={index}
        total={total}
        answer={response[CLASSIC_RESPONSE_PART]?.[0]}
        locked={locked}
        focusHeading
        struck={struck}
        onSelect={onPick}
      />
      <Group gap="xs" aria-label="Strike out options" role="group">
        {options.map((option, i) => {
          const letter = optionLetter(i);
          const isStruck = struck.includes(option.id);
          return (
            <ActionIcon
              key={option.id}
              variant={isStruck ? 'filled' : 'default'}
              size="lg"
              aria-pressed={isStruck}
              aria-label={isStruck ? testSessionCopy.unstrike(letter) : testSessionCopy.strike(letter)}
              data-strike={option.id}
              onClick={() => {
                onStrike(option.id);
                setAnnouncement(isStruck ? testSessionCopy.restored(letter) : testSessionCopy.struck(letter));
              }}
            >
              <Text span td="line-through" fw={700} fz="sm">
                {letter}
              </Text>
            </ActionIcon>
          );
        })}
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
