import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';
import { usePageTitle } from '../../components/usePageTitle';
import { exams } from '../../content/exams';

/** '/exams': placeholder until mock exams exist; open to everyone (no auth check). */
export function ExamsPage() {
  usePageTitle(exams.title);
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>{exams.title}</Title>
      <Text fz="lg">{exams.text}</Text>
      <Text>{exams.planned}</Text>
      <div>
        <Button component={Link} to={paths.practice}>
          {exams.practice}
        </Button>
      </div>
    </Stack>
  );
}
