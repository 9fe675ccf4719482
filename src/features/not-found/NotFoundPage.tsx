import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../components/usePageTitle';
import { paths } from '../../config/paths';
import { notFound } from '../../content/not-found';

/** Any unknown route. */
export function NotFoundPage() {
  usePageTitle(notFound.title);
  return (
    <Stack gap="md" align="center" ta="center" py="xl">
      <Title order={1}>{notFound.title}</Title>
      <Text fz="lg">{notFound.text}</Text>
      <Button component={Link} to={paths.home}>
        {notFound.home}
      </Button>
    </Stack>
  );
}
