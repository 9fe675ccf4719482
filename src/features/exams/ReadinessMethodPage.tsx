import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { readinessMethod } from '../../content/readiness-method';

/**
 * '/readiness': how the mock exam's readiness estimate is made and what it has been tested against.
 * Public and prerendered (decision 080); every figure comes from src/content/readiness-method.ts,
 * which reads the simulation study's output, so the page and docs/readiness.md agree.
 */
export function ReadinessMethodPage() {
  usePageTitle(readinessMethod.title);
  return (
    <Stack gap="lg" maw={820}>
      <Stack gap="xs">
        <Title order={1}>{readinessMethod.title}</Title>
        <Text fz="lg">{readinessMethod.intro}</Text>
      </Stack>
      {readinessMethod.sections.map((section) => (
        <Stack key={section.heading} gap="xs" component="section">
          <Title order={2} fz="h3">
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
        </Stack>
      ))}
      <Anchor component={Link} to={paths.exams}>
        Back to Mock Exams
      </Anchor>
    </Stack>
  );
}
