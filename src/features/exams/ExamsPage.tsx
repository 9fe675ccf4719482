import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { EmptyIllustration } from '../../components/illustrations';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { exams } from '../../content/exams';

/**
 * '/exams': the timed, full-length mock exam and how it works, with the way in; open to everyone (no
 * auth check). The exam's own access gate sends a visitor to sign in and a student without a plan
 * or trial to billing, so the start link is the same for all (and the prerendered page matches).
 */
export function ExamsPage() {
  usePageTitle(exams.title);
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>{exams.title}</Title>
      <Text fz="lg">{exams.text}</Text>
      <Paper withBorder p="lg" component="section" aria-labelledby="exams-how">
        <Stack gap="sm" align="flex-start">
          <Title order={2} fz="h3" id="exams-how">
            {exams.howHeading}
          </Title>
          <List spacing="xs">
            {exams.how.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
          <Button component={Link} to={paths.mockExam}>
            {exams.start}
          </Button>
          <Text fz="sm" c="dimmed">
            {exams.startNote}
          </Text>
          <Anchor component={Link} to={paths.readinessMethod}>
            {exams.method}
          </Anchor>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" component="section" aria-labelledby="exams-now">
        <Group gap="xl" align="center">
          <EmptyIllustration />
          <Stack gap="sm" align="flex-start" style={{ flex: '1 1 18rem' }}>
            <Title order={2} fz="h3" id="exams-now">
              {exams.nowHeading}
            </Title>
            <List spacing="xs">
              {exams.now.map((item) => (
                <List.Item key={item}>{item}</List.Item>
              ))}
            </List>
            <Group>
              <Button component={Link} to={paths.practice}>
                {exams.practice}
              </Button>
              <Button component={Link} to={paths.clinicalJudgment} variant="light">
                {exams.clinicalJudgment}
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
