import { Paper, Stack, Text, Title } from '@mantine/core';
import type { NgnItem } from '../../../../domain/ngn-items';
import type {
  CustomTestItem,
  CustomTestResponse,
} from '../../../../machines/test-session/test-session.machine';
import { canPickIn } from '../../../../machines/test-session/test-session.rules';
import { Exhibit } from '../../../components/items/Exhibit';
import { ItemView } from '../../../components/items/ItemView';
import { ClassicItem } from './ClassicItem';

/** The item on screen, whatever its kind, with the shared renderers (classic, every NGN type). */
export function TestItemPanel({
  item,
  index,
  total,
  response,
  locked,
  struck,
  onPick,
  onStrike,
}: {
  item: CustomTestItem;
  index: number;
  total: number;
  response: CustomTestResponse;
  locked: boolean;
  struck: string[];
  onPick(groupId: string, choiceId: string): void;
  onStrike(choiceId: string): void;
}) {
  if (item.classic)
    return (
      <ClassicItem
        item={item}
        index={index}
        total={total}
        response={response}
        locked={locked}
        struck={struck}
        onPick={(choiceId) => onPick('answer', choiceId)}
        onStrike={onStrike}
      />
    );
  // A served NGN item has no key: the renderers read only its structure.
  const ngn = item.ngn as unknown as NgnItem | null;
  if (!ngn) return <Text>This item is no longer available.</Text>;
  return (
    <Stack gap="sm">
      {item.caseStudy && (
        <Paper withBorder p="md">
          <Title order={2} fz="h5">
            Case study: {item.caseStudy.title}
          </Title>
          <Text>{item.caseStudy.intro}</Text>
        </Paper>
      )}
      <Exhibit tabs={ngn.exhibit ?? []} title="Client's record" />
      <ItemView
        key={item.position}
        item={ngn}
        index={index}
        total={total}
        response={response}
        canPick={(groupId, choiceId) => !locked && canPickIn(item, response, groupId, choiceId)}
        onPick={onPick}
        strikeOut={{ struck, onStrike }}
      />
    </Stack>
  );
}
