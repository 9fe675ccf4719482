import { SegmentedControl, Text } from '@mantine/core';
import type { PracticeLayout } from '../../../../machines/practice-session/practice-session.machine';

interface LayoutSwitchProps {
  layout: PracticeLayout;
  enabled: boolean;
  onSwitch(): void;
}

/** The layout choice: one question at a time, or every question on one page. */
export function LayoutSwitch({ layout, enabled, onSwitch }: LayoutSwitchProps) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <Text component="legend" fz="sm" fw={500} mb={4}>
        Question layout
      </Text>
      <SegmentedControl
        value={layout}
        disabled={!enabled}
        onChange={(value) => {
          if (value !== layout) onSwitch();
        }}
        data={[
          { value: 'one', label: 'One at a time' },
          { value: 'all', label: 'All on one page' },
        ]}
      />
    </fieldset>
  );
}
