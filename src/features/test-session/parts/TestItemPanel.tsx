import { Paper, Stack, Text, Title } from '@mantine/core';
import type { NgnItem } from '../../../../domain/ngn-items';
import { canPickIn } from '../../../../machines/test-session/test-session.rules';
import { Exhibit } from '../../../components/items/Exhibit';
import { ItemView } from '../../../components/items/ItemView';
import { ClassicItem, type ItemOnScreen } from './ClassicItem';

/** The item on screen, whatever its kind, with the shared renderers (classic, every NGN type). */
export function TestItemPanel(props: ItemOnScreen & { onPick(groupId: string, choiceId: string): void }) {
  const { item, index, total, response, locked, struck, onPick, onStrike } = props;
  if (item.classic) return <ClassicItem {...props} onPick={(choiceId) => onPick('answer', choiceId)} />;
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
